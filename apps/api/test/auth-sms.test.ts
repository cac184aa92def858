import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AUTH_MESSAGES, normalizeMobilePhone } from '@codiroom/shared';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { smsVerifications } from '../src/db/schema.ts';
import { hashCode } from '../src/domains/users/auth-verification.ts';
import {
  createSmsSender,
  DevOutbox,
  SmsDeliveryError,
  SolapiSender,
  setSmsSender,
  solapiAuthorization,
} from '../src/domains/users/sms.ts';
import { createContext } from '../src/platform/create-context.ts';
import { MemoryStore } from '../src/platform/kv.ts';
import { freshPhone, mutableClock, sendCode, wrongCode } from './auth-helpers.ts';
import { createTestApp, openTestDatabase, type TestApp } from './helpers.ts';

const clock = mutableClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, env: { SMS_IP_HOURLY_LIMIT: '10000' } });
});
afterAll(async () => {
  await t.close();
});

const send = (phone: string, remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/send-sms',
    payload: { phone },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
const verify = (phone: string, code: string) =>
  t.app.inject({ url: `/api/users/verify-sms?phone=${phone}&code=${code}` });

async function latestRow(phone: string) {
  const [row] = await t.ctx.db
    .select()
    .from(smsVerifications)
    .where(eq(smsVerifications.phone, phone))
    .orderBy(desc(smsVerifications.id))
    .limit(1);
  if (!row) throw new Error('no verification row');
  return row;
}

describe('phone numbers', () => {
  it('accepts 010 mobile numbers with or without hyphens and normalises them to digits', () => {
    expect(normalizeMobilePhone('010-1234-5678')).toBe('01012345678');
    expect(normalizeMobilePhone(' 010 1234 5678 ')).toBe('01012345678');
    expect(normalizeMobilePhone('01012345678')).toBe('01012345678');
    for (const bad of [
      '0101234567',
      '011-1234-5678',
      '02-123-4567',
      '+821012345678',
      '010123456789',
      'abc',
      '',
    ]) {
      expect(normalizeMobilePhone(bad), bad).toBeNull();
    }
  });

  it('send-sms refuses anything else with a field-keyed 400', async () => {
    const res = await send('02-123-4567');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: AUTH_MESSAGES.phoneInvalid, phone: [AUTH_MESSAGES.phoneInvalid] });
  });
});

describe('send-sms and verify-sms', () => {
  it('sends a 6-digit code, stores only its hash, and verifies it', async () => {
    const phone = freshPhone();
    const res = await send(`${phone.slice(0, 3)}-${phone.slice(3, 7)}-${phone.slice(7)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: true, detail: AUTH_MESSAGES.smsSent });
    const outbox = (await t.app.inject({ url: `/api/dev/sms-outbox?phone=${phone}` })).json();
    expect(outbox).toMatchObject({ phone, sent_at: clock.now().toISOString() });
    expect(outbox.code).toMatch(/^\d{6}$/);
    expect(outbox.text).toContain(outbox.code);

    const row = await latestRow(phone);
    expect(row.code_hash).not.toContain(outbox.code);
    expect(row.code_hash).toBe(hashCode(t.ctx.config, phone, outbox.code));
    expect(row.expires_at.getTime() - clock.now().getTime()).toBe(180_000);

    const ok = await verify(phone, outbox.code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ result: true, detail: AUTH_MESSAGES.smsVerified });
    expect((await latestRow(phone)).verified_at).not.toBeNull();
  });

  it('answers the same for registered and unregistered numbers', async () => {
    const { createMember } = await import('./helpers.ts');
    const member = await createMember(t.ctx, { phone: freshPhone() });
    const registered = await send(member.user.phone as string);
    const unknown = await send(freshPhone());
    expect(registered.statusCode).toBe(unknown.statusCode);
    expect(registered.json()).toEqual(unknown.json());
  });

  it("answers '[ERROR102]' when no code was requested", async () => {
    const res = await verify(freshPhone(), '123456');
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('[ERROR102] 인증번호를 먼저 요청해주세요.');
  });

  it("answers '[ERROR101]' for a wrong code and keeps the right one usable", async () => {
    const phone = freshPhone();
    const code = await sendCode(t.app, phone);
    const wrong = await verify(phone, wrongCode(code));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      detail: '[ERROR101] 인증번호가 일치하지 않습니다.',
      code: ['[ERROR101] 인증번호가 일치하지 않습니다.'],
    });
    expect((await verify(phone, '12ab')).json().detail).toBe(AUTH_MESSAGES.codeMismatch);
    expect((await verify(phone, code)).statusCode).toBe(200);
  });

  it('a code expires after 3 minutes', async () => {
    const phone = freshPhone();
    const code = await sendCode(t.app, phone);
    clock.advance(179);
    const other = freshPhone();
    const otherCode = await sendCode(t.app, other);
    expect((await verify(other, otherCode)).statusCode).toBe(200);
    clock.advance(1);
    const late = await verify(phone, code);
    expect(late.statusCode).toBe(400);
    expect(late.json().detail).toBe(AUTH_MESSAGES.codeMissing);
  });

  it('a verified code stays usable for 10 minutes after verification', async () => {
    const phone = freshPhone();
    const code = await sendCode(t.app, phone);
    clock.advance(170);
    expect((await verify(phone, code)).statusCode).toBe(200);
    clock.advance(599);
    expect((await verify(phone, code)).statusCode).toBe(200);
    clock.advance(1);
    expect((await verify(phone, code)).json().detail).toBe(AUTH_MESSAGES.codeMissing);
  });

  it('the 5th wrong answer kills the code, even for the right code afterwards', async () => {
    const phone = freshPhone();
    const code = await sendCode(t.app, phone);
    for (let i = 0; i < 4; i++) {
      expect((await verify(phone, wrongCode(code))).json().detail).toBe(AUTH_MESSAGES.codeMismatch);
    }
    // A right answer after 4 wrong ones still works and does not use up an attempt.
    expect((await verify(phone, code)).statusCode).toBe(200);
    expect((await latestRow(phone)).attempts).toBe(4);
    expect((await verify(phone, wrongCode(code))).json().detail).toBe(AUTH_MESSAGES.codeMismatch);
    const dead = await verify(phone, code);
    expect(dead.statusCode).toBe(400);
    expect(dead.json().detail).toBe(AUTH_MESSAGES.codeMissing);
  });

  it('parallel guesses cannot exceed the attempt limit', async () => {
    const phone = freshPhone();
    const code = await sendCode(t.app, phone);
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => verify(phone, wrongCode(String(Number(code) + i)))),
    );
    expect(guesses.every((g) => g.statusCode === 400)).toBe(true);
    expect((await latestRow(phone)).attempts).toBe(5);
    expect((await verify(phone, code)).json().detail).toBe(AUTH_MESSAGES.codeMissing);
  });

  it('a new send replaces the previous code', async () => {
    const phone = freshPhone();
    const first = await sendCode(t.app, phone);
    clock.advance(61);
    const second = await sendCode(t.app, phone);
    if (first !== second) expect((await verify(phone, first)).json().detail).toBe(AUTH_MESSAGES.codeMismatch);
    expect((await verify(phone, second)).statusCode).toBe(200);
  });
});

describe('send-sms rate limits', () => {
  it('one send per number per 60 s (429 in Korean)', async () => {
    const phone = freshPhone();
    expect((await send(phone)).statusCode).toBe(200);
    clock.advance(59);
    const again = await send(phone);
    expect(again.statusCode).toBe(429);
    expect(again.json()).toEqual({ detail: '인증번호는 60초 후에 다시 요청할 수 있어요.' });
    // Another number is not affected.
    expect((await send(freshPhone())).statusCode).toBe(200);
    clock.advance(1);
    expect((await send(phone)).statusCode).toBe(200);
  });

  it('at most 5 sends per number per rolling hour', async () => {
    const phone = freshPhone();
    for (let i = 0; i < 5; i++) {
      expect((await send(phone)).statusCode, `send ${i + 1}`).toBe(200);
      clock.advance(61);
    }
    const sixth = await send(phone);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().detail).toBe(AUTH_MESSAGES.smsHourly);
    // The first send leaves the hour window 3600 s after it was made (5 × 61 s have passed).
    clock.advance(3600 - 5 * 61 - 1);
    expect((await send(phone)).statusCode).toBe(429);
    clock.advance(1);
    expect((await send(phone)).statusCode).toBe(200);
  });

  it('limits one client address to SMS_IP_HOURLY_LIMIT sends per hour', async () => {
    const limited = await createTestApp({ clock, env: { SMS_IP_HOURLY_LIMIT: '3' } });
    try {
      const sendFrom = (phone: string, ip: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/users/send-sms',
          payload: { phone },
          remoteAddress: ip,
        });
      for (let i = 0; i < 3; i++) expect((await sendFrom(freshPhone(), '203.0.113.7')).statusCode).toBe(200);
      const blocked = await sendFrom(freshPhone(), '203.0.113.7');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().detail).toBe(AUTH_MESSAGES.smsClientLimit);
      expect((await sendFrom(freshPhone(), '203.0.113.8')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('a provider failure is a 502 with a Korean detail', async () => {
    const failing = await createTestApp({ clock });
    try {
      setSmsSender(failing.ctx, {
        kind: 'solapi',
        send: async () => {
          throw new SmsDeliveryError('down', 503);
        },
      });
      const res = await failing.app.inject({
        method: 'POST',
        url: '/api/users/send-sms',
        payload: { phone: freshPhone() },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ detail: AUTH_MESSAGES.smsDeliveryFailed });
    } finally {
      await failing.close();
    }
  });
});

describe('dev outbox', () => {
  it('keeps the last 100 messages and answers the latest per number', async () => {
    const outbox = new DevOutbox(() => new Date('2026-01-01T00:00:00Z'));
    for (let i = 0; i < 105; i++)
      await outbox.send(`0101234${String(i).padStart(4, '0')}`, `code ${100000 + i}`);
    expect(outbox.size).toBe(100);
    expect(outbox.latest('01012340000')).toBeNull();
    expect(outbox.latest('01012340104')).toMatchObject({ code: '100104', text: 'code 100104' });
  });

  it('GET /api/dev/sms-outbox answers 404 for a number without messages and 400 for a bad number', async () => {
    expect((await t.app.inject({ url: `/api/dev/sms-outbox?phone=${freshPhone()}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/dev/sms-outbox?phone=123' })).statusCode).toBe(400);
  });

  it('the route does not exist in production', async () => {
    const database = await openTestDatabase();
    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'p'.repeat(40),
      SOLAPI_API_KEY: 'KEY',
      SOLAPI_API_SECRET: 'SECRET',
      SOLAPI_SENDER: '02-1234-5678',
      PUBLIC_ORIGIN: 'https://codiroom.example',
    });
    const ctx = createContext(config, database, { clock, kv: new MemoryStore() });
    const app = await buildApp(ctx);
    try {
      await app.ready();
      const res = await app.inject({ url: '/api/dev/sms-outbox?phone=01012345678' });
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe('Not Found: GET /api/dev/sms-outbox');
      const doc = (await app.inject({ url: '/api/openapi.json' })).json();
      expect(doc.paths['/api/dev/sms-outbox']).toBeUndefined();
      expect(doc.paths['/api/users/send-sms']).toBeDefined();
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('SMS provider choice', () => {
  const base = {
    NODE_ENV: 'production',
    JWT_SECRET: 'p'.repeat(40),
    PUBLIC_ORIGIN: 'https://codiroom.example',
  };
  const solapiKeys = { SOLAPI_API_KEY: 'k', SOLAPI_API_SECRET: 's', SOLAPI_SENDER: '1588-0000' };

  it('production without Solapi keys does not start', () => {
    expect(() => loadConfig(base)).toThrow(
      /SOLAPI_API_KEY, SOLAPI_API_SECRET and SOLAPI_SENDER are required/,
    );
    expect(() => loadConfig({ ...base, SOLAPI_API_KEY: 'k', SOLAPI_API_SECRET: 's' })).toThrow(/SOLAPI/);
    // The factory refuses too, whatever built the config.
    const devConfig = loadConfig({ NODE_ENV: 'development' });
    expect(() => createSmsSender({ ...devConfig, isProduction: true })).toThrow(/SMS is not configured/);
  });

  it('partial Solapi keys are refused in every environment', () => {
    expect(() => loadConfig({ NODE_ENV: 'development', SOLAPI_API_KEY: 'k' })).toThrow(
      /must be set together/,
    );
  });

  it('uses Solapi when keys are configured, the outbox otherwise (outside production)', () => {
    const withKeys = loadConfig({
      ...base,
      SOLAPI_API_KEY: 'k',
      SOLAPI_API_SECRET: 's',
      SOLAPI_SENDER: '1588-0000',
    });
    expect(withKeys.SOLAPI_SENDER).toBe('15880000');
    expect(createSmsSender(withKeys)).toBeInstanceOf(SolapiSender);
    expect(createSmsSender(loadConfig({ NODE_ENV: 'development' }))).toBeInstanceOf(DevOutbox);
    expect(createSmsSender(loadConfig({ NODE_ENV: 'test' }))).toBeInstanceOf(DevOutbox);
  });

  it('argon2 cost: library defaults unless set; production refuses anything lighter', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).passwordHash).toEqual({ memoryCost: 19_456, timeCost: 2 });
    expect(loadConfig({ NODE_ENV: 'test' }).passwordHash).toEqual({ memoryCost: 19_456, timeCost: 2 });
    expect(
      loadConfig({ NODE_ENV: 'development', PASSWORD_HASH_MEMORY_KIB: '256', PASSWORD_HASH_TIME_COST: '1' })
        .passwordHash,
    ).toEqual({ memoryCost: 256, timeCost: 1 });
    expect(() => loadConfig({ ...base, ...solapiKeys, PASSWORD_HASH_MEMORY_KIB: '1024' })).toThrow(
      /PASSWORD_HASH_MEMORY_KIB/,
    );
    expect(() => loadConfig({ ...base, ...solapiKeys, PASSWORD_HASH_TIME_COST: '1' })).toThrow(
      /PASSWORD_HASH_TIME_COST/,
    );
    expect(loadConfig({ ...base, ...solapiKeys, PASSWORD_HASH_MEMORY_KIB: '65536' }).passwordHash).toEqual({
      memoryCost: 65_536,
      timeCost: 2,
    });
  });
});

describe('Solapi adapter against a local fake server', () => {
  const apiKey = 'NCSTESTKEY000001';
  const apiSecret = 'TESTSECRET0000000000000000000001';
  type Seen = { method?: string; url?: string; authorization?: string; body: unknown };
  let server: Server;
  let baseUrl: string;
  const seen: Seen[] = [];
  let answer: { status: number; body: unknown } | null = null;

  /** What Solapi checks: the scheme, the key, a fresh date, and the HMAC of date + salt. */
  function verifySignature(req: IncomingMessage): boolean {
    const m = /^HMAC-SHA256 apiKey=([^,]+), date=([^,]+), salt=([^,]+), signature=([0-9a-f]{64})$/.exec(
      req.headers.authorization ?? '',
    );
    if (!m) return false;
    const [, key, date, salt, signature] = m as unknown as [string, string, string, string, string];
    if (key !== apiKey || salt.length < 12) return false;
    if (Math.abs(Date.now() - Date.parse(date)) > 15 * 60 * 1000) return false;
    const expected = createHmac('sha256', apiSecret)
      .update(date + salt)
      .digest();
    return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
  }

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => {
        raw += c;
      });
      req.on('end', () => {
        seen.push({
          method: req.method,
          url: req.url,
          authorization: req.headers.authorization,
          body: JSON.parse(raw),
        });
        res.setHeader('content-type', 'application/json');
        if (!verifySignature(req)) {
          res.statusCode = 401;
          res.end(JSON.stringify({ errorCode: 'SignatureDoesNotMatch', errorMessage: 'bad signature' }));
          return;
        }
        res.statusCode = answer?.status ?? 200;
        res.end(JSON.stringify(answer?.body ?? { groupId: 'G1', messageId: 'M1', statusCode: '2000' }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('posts the message to /messages/v4/send with a valid HMAC-SHA256 signature', async () => {
    const sender = new SolapiSender({ apiKey, apiSecret, sender: '0212345678', baseUrl: `${baseUrl}/` });
    await sender.send('01012345678', '[코디룸] 인증번호는 [123456]입니다.');
    const req = seen.at(-1);
    expect(req).toMatchObject({
      method: 'POST',
      url: '/messages/v4/send',
      body: {
        message: { to: '01012345678', from: '0212345678', text: '[코디룸] 인증번호는 [123456]입니다.' },
      },
    });
    expect(req?.authorization).toMatch(/^HMAC-SHA256 apiKey=NCSTESTKEY000001, date=\d{4}-\d\d-\d\dT/);
  });

  it('a wrong secret is refused by the server and surfaces as SmsDeliveryError', async () => {
    const sender = new SolapiSender({ apiKey, apiSecret: 'WRONG', sender: '0212345678', baseUrl });
    await expect(sender.send('01012345678', 'x')).rejects.toThrow(
      /401 \(SignatureDoesNotMatch: bad signature\)/,
    );
  });

  it('provider errors and unreachable servers reject', async () => {
    answer = { status: 400, body: { errorCode: 'InvalidPhoneNumber', errorMessage: 'bad number' } };
    const sender = new SolapiSender({ apiKey, apiSecret, sender: '0212345678', baseUrl });
    await expect(sender.send('01012345678', 'x')).rejects.toBeInstanceOf(SmsDeliveryError);
    answer = null;
    const nowhere = new SolapiSender({
      apiKey,
      apiSecret,
      sender: '0212345678',
      baseUrl: 'http://127.0.0.1:1',
    });
    await expect(nowhere.send('01012345678', 'x')).rejects.toThrow(/Solapi request failed/);
  });

  it('the header matches the documented format', () => {
    const header = solapiAuthorization('K', 'S', '2026-11-20T03:00:00.000Z', 'abcdef123456');
    const sig = createHmac('sha256', 'S').update('2026-11-20T03:00:00.000Zabcdef123456').digest('hex');
    expect(header).toBe(
      `HMAC-SHA256 apiKey=K, date=2026-11-20T03:00:00.000Z, salt=abcdef123456, signature=${sig}`,
    );
  });

  it('send-sms goes through Solapi when the app is configured with keys', async () => {
    const app = await createTestApp({
      clock,
      env: {
        SOLAPI_API_KEY: apiKey,
        SOLAPI_API_SECRET: apiSecret,
        SOLAPI_SENDER: '0212345678',
        SOLAPI_BASE_URL: baseUrl,
      },
    });
    try {
      const phone = freshPhone();
      const res = await app.app.inject({ method: 'POST', url: '/api/users/send-sms', payload: { phone } });
      expect(res.statusCode).toBe(200);
      const req = seen.at(-1) as { body: { message: { to: string; text: string } } };
      expect(req.body.message.to).toBe(phone);
      const code = /\[(\d{6})\]/.exec(req.body.message.text)?.[1] ?? '';
      expect(code).toMatch(/^\d{6}$/);
      // No outbox when Solapi is configured.
      expect((await app.app.inject({ url: `/api/dev/sms-outbox?phone=${phone}` })).statusCode).toBe(404);
      const ok = await app.app.inject({ url: `/api/users/verify-sms?phone=${phone}&code=${code}` });
      expect(ok.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
