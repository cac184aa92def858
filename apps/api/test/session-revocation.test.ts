/**
 * Access tokens that expire and can be revoked (docs/ARCHITECTURE.md "Accounts"): the claims every
 * token must carry (even one signed with the development secret), the 15-minute life, and session
 * revocation — sign-out, refresh-token reuse, update-password and withdrawal end a session's access
 * tokens at once, durably (the database is the truth: after a restart, with an empty key-value
 * store, on another process), and across nodes sharing Redis (with TEST_REDIS_URL).
 */

import { createHmac, createSecretKey, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AUTH_MESSAGES, REFRESH_TOKEN_TTL_S, SOCIAL_OAUTH_TOKEN_TTL_S } from '@codiroom/shared';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { issueSession } from '../src/domains/users/sessions.ts';
import { readOAuthToken } from '../src/domains/users/social/oauth-token.ts';
import { TOKEN_REVOKED } from '../src/platform/access.ts';
import { MemoryStore, RedisStore } from '../src/platform/kv.ts';
import {
  ACCESS_TOKEN_TTL_S,
  REVOCATION_MEMO_MS,
  revocationMemoMs,
  TokenService,
} from '../src/platform/tokens.ts';
import { freshPhone, mutableClock, sendCode, signUpViaApi } from './auth-helpers.ts';
import { createMember, createTestApp, type TestApp, testEnv } from './helpers.ts';

const clock = mutableClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, env: { SMS_IP_HOURLY_LIMIT: '10000' } });
});
afterAll(async () => {
  await t.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const detail = (app: TestApp, token: string) =>
  app.app.inject({ url: '/api/users/user-detail', headers: bearer(token) });
const post = (url: string, payload: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });
const refresh = (token: string) => post('/api/users/token/refresh', { refresh: token });
const signOut = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  post('/api/users/sign-out', payload, headers);

/** An HS256 token under this app's secret (the development one: tests set no JWT_SECRET). */
function signed(claims: Record<string, unknown>, times: { iat?: number; exp?: number }) {
  const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256' });
  if (times.iat !== undefined) jwt.setIssuedAt(times.iat);
  if (times.exp !== undefined) jwt.setExpirationTime(times.exp);
  return jwt.sign(createSecretKey(Buffer.from(t.ctx.config.jwtSecret, 'utf8')));
}
const nowS = () => Math.floor(clock.now().getTime() / 1000);

describe('what a token must carry', () => {
  it('an access token without exp is refused, though signed with the (development) secret', async () => {
    const m = await createMember(t.ctx);
    const claims = { typ: 'access', sid: randomUUID(), sub: String(m.user.id) };
    const iat = nowS();
    const withExp = await signed(claims, { iat, exp: iat + ACCESS_TOKEN_TTL_S });
    expect((await detail(t, withExp)).statusCode).toBe(200);
    const noExp = await signed(claims, { iat });
    const res = await detail(t, noExp);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Invalid or expired token' });
  });

  it('nor one without a session (sid) or iat, longer-lived than 15 minutes, or dated in the future', async () => {
    const m = await createMember(t.ctx);
    const sub = String(m.user.id);
    const iat = nowS();
    const refused = [
      await signed({ typ: 'access', sub }, { iat, exp: iat + 60 }),
      await signed({ typ: 'access', sub, sid: 'not-a-session' }, { iat, exp: iat + 60 }),
      await signed({ typ: 'access', sub, sid: randomUUID() }, { exp: iat + 60 }),
      await signed({ typ: 'access', sub, sid: randomUUID() }, { iat, exp: iat + ACCESS_TOKEN_TTL_S + 1 }),
      await signed({ typ: 'access', sub, sid: randomUUID() }, { iat, exp: iat + 3600 }),
      await signed(
        { typ: 'access', sub, sid: randomUUID() },
        { iat: iat + 86_400, exp: iat + 86_400 + ACCESS_TOKEN_TTL_S },
      ),
      await signed({ typ: 'refresh', sub, sid: randomUUID() }, { iat, exp: iat + 60 }),
    ];
    for (const token of refused) {
      expect((await detail(t, token)).statusCode, JSON.stringify(decodeJwt(token))).toBe(401);
    }
  });

  it('a refresh token without exp, or longer-lived than 30 days, is refused even naming a live row', async () => {
    const { body } = await signUpViaApi(t.app);
    const real = decodeJwt(body.refresh);
    const claims = { typ: 'refresh', fam: real.fam, jti: real.jti, sub: real.sub };
    const iat = nowS();
    for (const token of [
      await signed(claims, { iat }),
      await signed(claims, { iat, exp: iat + REFRESH_TOKEN_TTL_S + 1 }),
    ]) {
      const res = await refresh(token);
      expect(res.statusCode).toBe(401);
      expect(res.json().detail).toBe(AUTH_MESSAGES.refreshInvalid);
    }
    // The same claims with a proper exp are accepted: the rule above is what refused them.
    expect((await refresh(await signed(claims, { iat, exp: iat + REFRESH_TOKEN_TTL_S }))).statusCode).toBe(
      200,
    );
  });

  it('the social oauth_token needs exp and lives at most 30 minutes', async () => {
    const key = createHmac('sha256', t.ctx.config.jwtSecret)
      .update('codiroom:social-oauth-token:v1')
      .digest();
    const iat = nowS();
    const make = (exp?: number) => {
      const jwt = new SignJWT({ typ: 'social', st: 'KAKAO' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('kakao-123')
        .setIssuedAt(iat);
      if (exp !== undefined) jwt.setExpirationTime(exp);
      return jwt.sign(key);
    };
    const now = clock.now();
    expect(await readOAuthToken(t.ctx.config, await make(iat + SOCIAL_OAUTH_TOKEN_TTL_S), now)).toMatchObject(
      {
        social_id: 'kakao-123',
      },
    );
    expect(await readOAuthToken(t.ctx.config, await make(), now)).toBeNull();
    expect(
      await readOAuthToken(t.ctx.config, await make(iat + SOCIAL_OAUTH_TOKEN_TTL_S + 1), now),
    ).toBeNull();
  });
});

describe('lifetime', () => {
  it('an access token lives 15 minutes; the refresh token then gets a new one', async () => {
    const { body } = await signUpViaApi(t.app);
    const token = decodeJwt(body.access);
    expect((token.exp ?? 0) - (token.iat ?? 0)).toBe(15 * 60);
    expect(token.sid).toBe(decodeJwt(body.refresh).fam);
    clock.advance(15 * 60 - 1);
    expect((await detail(t, body.access)).statusCode).toBe(200);
    clock.advance(1);
    expect((await detail(t, body.access)).statusCode).toBe(401);
    const next = await refresh(body.refresh);
    expect(next.statusCode).toBe(200);
    expect((await detail(t, next.json().access)).statusCode).toBe(200);
  });
});

describe('ending a session ends its access tokens', () => {
  it('sign-out with the refresh token: the old access token answers 401 at once', async () => {
    const { body } = await signUpViaApi(t.app);
    const other = await issueSession(t.ctx, body.user.id); // another device
    // Used before: the verified-token cache knows it, and must not let it through afterwards.
    expect((await detail(t, body.access)).statusCode).toBe(200);
    expect((await signOut({ refresh: body.refresh })).statusCode).toBe(200);
    const res = await detail(t, body.access);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: TOKEN_REVOKED });
    expect((await refresh(body.refresh)).json().detail).toBe(AUTH_MESSAGES.refreshRevoked);
    // The other device's session goes on.
    expect((await detail(t, other.access)).statusCode).toBe(200);
  });

  it('sign-out with only the bearer access token ends that session, its refresh token included', async () => {
    const { body } = await signUpViaApi(t.app);
    expect((await signOut({}, bearer(body.access))).statusCode).toBe(200);
    expect((await detail(t, body.access)).json()).toEqual({ detail: TOKEN_REVOKED });
    expect((await refresh(body.refresh)).json().detail).toBe(AUTH_MESSAGES.refreshRevoked);
  });

  it('reusing a spent refresh token ends the family, the newest access token included', async () => {
    const { body } = await signUpViaApi(t.app);
    const next = (await refresh(body.refresh)).json();
    expect((await detail(t, next.access)).statusCode).toBe(200);
    const reuse = await refresh(body.refresh);
    expect(reuse.json()).toEqual({ detail: AUTH_MESSAGES.refreshReused });
    expect((await detail(t, next.access)).json()).toEqual({ detail: TOKEN_REVOKED });
    expect((await detail(t, body.access)).json()).toEqual({ detail: TOKEN_REVOKED });
  });

  it('update-password ends every session of the member', async () => {
    const phone = freshPhone();
    const { body } = await signUpViaApi(t.app, { phone });
    const second = await issueSession(t.ctx, body.user.id);
    expect((await detail(t, body.access)).statusCode).toBe(200);
    clock.advance(61); // one code per number per minute
    const code = await sendCode(t.app, phone);
    const res = await post('/api/users/update-password', { phone, code, password: 'newpass456' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await detail(t, body.access)).json()).toEqual({ detail: TOKEN_REVOKED });
    expect((await detail(t, second.access)).json()).toEqual({ detail: TOKEN_REVOKED });
    // Signing in again with the new password starts a new session that works.
    const again = await post('/api/users/sign-in', { phone, password: 'newpass456' });
    expect(again.statusCode, again.body).toBe(200);
    expect((await detail(t, again.json().access)).statusCode).toBe(200);
  });

  it('withdrawal: another process on the database (no Redis, no event) refuses the old token within the memo', async () => {
    const { body } = await signUpViaApi(t.app);
    // Another API process: same database, its own empty memory store, caches and memo.
    const other = await createTestApp({ clock, database: t.ctx.database, kv: new MemoryStore() });
    try {
      expect((await detail(other, body.access)).statusCode).toBe(200); // "not revoked" memoised
      const res = await post('/api/users/stop', {}, bearer(body.access));
      expect(res.statusCode, res.body).toBe(200);
      await new Promise((r) => setTimeout(r, REVOCATION_MEMO_MS + 50));
      // The database read refreshes the member's status as well (SPEC.md §8: the storefront logs out on it).
      expect((await detail(other, body.access)).json()).toEqual({ detail: 'User is inactive' });
    } finally {
      await other.app.close();
      await other.ctx.caches.close();
    }
  });
});

describe('the database is the truth', () => {
  it('a process that never saw the session refuses its token at once, with an empty key-value store', async () => {
    const { body } = await signUpViaApi(t.app);
    expect((await signOut({ refresh: body.refresh })).statusCode).toBe(200);
    const other = await createTestApp({ clock, database: t.ctx.database, kv: new MemoryStore() });
    try {
      expect((await detail(other, body.access)).json()).toEqual({ detail: TOKEN_REVOKED });
      // Its other, live sessions go on.
      const live = await issueSession(t.ctx, body.user.id);
      expect((await detail(other, live.access)).statusCode).toBe(200);
    } finally {
      await other.app.close();
      await other.ctx.caches.close();
    }
  });

  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    'embedded default: sign out, restart on the same DATA_DIR, the old token is still refused',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'codiroom-revocation-'));
      try {
        const open = async () => {
          const database = await openDatabase({ kind: 'pglite', dataDir });
          await database.migrate();
          return createTestApp({ clock, database, env: { SMS_IP_HOURLY_LIMIT: '10000' } });
        };
        const first = await open();
        const { body } = await signUpViaApi(first.app);
        const kept = await issueSession(first.ctx, body.user.id);
        const out = await first.app.inject({
          method: 'POST',
          url: '/api/users/sign-out',
          payload: { refresh: body.refresh },
        });
        expect(out.statusCode).toBe(200);
        await first.close();

        const second = await open();
        try {
          expect((await detail(second, body.access)).json()).toEqual({ detail: TOKEN_REVOKED });
          expect((await detail(second, kept.access)).statusCode).toBe(200);
        } finally {
          await second.close();
        }
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    60_000,
  );

  it('reads the database once per session within the memo; concurrent requests share the read', async () => {
    const tokens = new TokenService('t'.repeat(40));
    const family = randomUUID();
    let reads = 0;
    const read = async () => {
      reads += 1;
      await new Promise((r) => setTimeout(r, 20));
      return false;
    };
    const answers = await Promise.all([1, 2, 3].map(() => tokens.isRevoked(family, read)));
    expect(answers).toEqual([false, false, false]);
    expect(await tokens.isRevoked(family, read)).toBe(false);
    expect(reads).toBe(1);
    // Without the memo every check reads.
    const direct = new TokenService('t'.repeat(40), { revocationMemoMs: 0 });
    for (let i = 0; i < 3; i++) await direct.isRevoked(family, read);
    expect(reads).toBe(4);
    // A revocation in this process is honoured at once, over a memoised "not revoked".
    await tokens.revokeFamilies([family]);
    expect(await tokens.isRevoked(family, read)).toBe(true);
    expect(reads).toBe(4);
  });

  it('the memo is REVOCATION_MEMO_MS where processes share the database, the member status time on the embedded one', () => {
    const embedded = { DATABASE_URL: undefined, MEMBER_STATUS_MS: 5_000, REVOCATION_MEMO_MS: undefined };
    expect(revocationMemoMs(embedded)).toBe(5_000);
    expect(revocationMemoMs({ ...embedded, DATABASE_URL: 'postgres://db/shop' })).toBe(REVOCATION_MEMO_MS);
    expect(revocationMemoMs({ ...embedded, REVOCATION_MEMO_MS: 0 })).toBe(0);
  });

  it('on the embedded default, with its longer memo, sign-out and withdrawal still end the token at once', async () => {
    // The configuration of `npm start`: no DATABASE_URL, no REVOCATION_MEMO_MS (TEST_ENV sets one).
    const { REVOCATION_MEMO_MS: _set, ...env } = testEnv();
    const app = await createTestApp({ clock, env: { ...env, SMS_IP_HOURLY_LIMIT: '10000' } });
    try {
      const call = (url: string, token: string, payload?: Record<string, unknown>) =>
        app.app.inject({ method: payload ? 'POST' : 'GET', url, headers: bearer(token), payload });
      const a = await signUpViaApi(app.app);
      expect((await call('/api/users/user-detail', a.body.access)).statusCode).toBe(200); // memoised
      const out = await app.app.inject({
        method: 'POST',
        url: '/api/users/sign-out',
        payload: { refresh: a.body.refresh },
      });
      expect(out.statusCode).toBe(200);
      expect((await call('/api/users/user-detail', a.body.access)).json()).toEqual({ detail: TOKEN_REVOKED });
      const b = await signUpViaApi(app.app);
      expect((await call('/api/users/user-detail', b.body.access)).statusCode).toBe(200);
      expect((await call('/api/users/stop', b.body.access, {})).statusCode).toBe(200);
      expect((await call('/api/users/user-detail', b.body.access)).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('"not revoked" is reused for REVOCATION_MEMO_MS only; "revoked" is kept without reading again', async () => {
    const tokens = new TokenService('t'.repeat(40));
    const family = randomUUID();
    let truth = false;
    let reads = 0;
    const read = async () => {
      reads += 1;
      return truth;
    };
    expect(await tokens.isRevoked(family, read)).toBe(false);
    truth = true; // revoked by another process, whose event never came
    expect(await tokens.isRevoked(family, read)).toBe(false);
    await new Promise((r) => setTimeout(r, REVOCATION_MEMO_MS + 20));
    expect(await tokens.isRevoked(family, read)).toBe(true);
    expect(await tokens.isRevoked(family, read)).toBe(true);
    expect(reads).toBe(2);
  });

  it('a revocation heard of while the read is under way wins over what the read saw', async () => {
    const tokens = new TokenService('t'.repeat(40));
    const family = randomUUID();
    const pending = tokens.isRevoked(family, async () => {
      tokens.noteRevoked(family);
      return false;
    });
    expect(await pending).toBe(true);
    expect(await tokens.isRevoked(family, async () => false)).toBe(true);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.runIf(redisUrl)('on Redis, across two API nodes', () => {
  let a: TestApp;
  let b: TestApp;
  const prefix = `codiroom-test:${randomUUID()}:`;

  beforeAll(async () => {
    a = await createTestApp({
      clock,
      env: { SMS_IP_HOURLY_LIMIT: '10000' },
      kv: new RedisStore(redisUrl as string, prefix),
    });
    // The second node shares the database and Redis, with its own caches.
    b = await createTestApp({
      clock,
      database: a.ctx.database,
      kv: new RedisStore(redisUrl as string, prefix),
    });
  });
  afterAll(async () => {
    await b?.app.close();
    await b?.ctx.kv.close();
    await a?.close();
    await a?.ctx.kv.close();
  });

  it('sign-out on one node: refused there at once, on the other within the memo (1 s)', async () => {
    const { body } = await signUpViaApi(a.app);
    expect((await detail(b, body.access)).statusCode).toBe(200); // b now remembers "not revoked"
    const out = await a.app.inject({
      method: 'POST',
      url: '/api/users/sign-out',
      payload: { refresh: body.refresh },
    });
    expect(out.statusCode).toBe(200);
    expect((await detail(a, body.access)).json()).toEqual({ detail: TOKEN_REVOKED });
    const started = performance.now();
    let status = 200;
    while (status === 200 && performance.now() - started < 3_000) {
      status = (await detail(b, body.access)).statusCode;
      if (status === 200) await new Promise((r) => setTimeout(r, 50));
    }
    expect(status).toBe(401);
    expect(performance.now() - started).toBeLessThan(REVOCATION_MEMO_MS + 500);
  });

  it('update-password on one node ends the sessions on the other', async () => {
    const phone = freshPhone();
    const { body } = await signUpViaApi(a.app, { phone });
    clock.advance(61); // one code per number per minute
    const code = await sendCode(a.app, phone);
    const res = await a.app.inject({
      method: 'POST',
      url: '/api/users/update-password',
      payload: { phone, code, password: 'newpass456' },
    });
    expect(res.statusCode, res.body).toBe(200);
    // b never looked at this session: nothing memoised, refused at once.
    expect((await detail(b, body.access)).json()).toEqual({ detail: TOKEN_REVOKED });
  });
});
