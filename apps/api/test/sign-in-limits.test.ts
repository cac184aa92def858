/**
 * Sign-in limits (docs/ARCHITECTURE.md "Accounts", Passwords; SIGN_IN_LIMITS): growing delays per
 * (number, client address), a per-address throttle across numbers, a per-number alert that never
 * refuses an address without failures — and, with TEST_REDIS_URL, the same limits shared by two
 * API processes.
 */
import { randomUUID } from 'node:crypto';
import { SIGN_IN_LIMITS, signInRetryDetail } from '@codiroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisStore } from '../src/platform/kv.ts';
import { clientOf } from '../src/platform/sign-in-limits.ts';
import { freshPhone, mutableClock, sendCode, signUpViaApi } from './auth-helpers.ts';
import { createTestApp, openTestDatabase, type TestApp } from './helpers.ts';

const clock = mutableClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, env: { SMS_IP_HOURLY_LIMIT: '10000' } });
});
afterAll(async () => {
  await t.close();
});

const signInFrom = (ip: string, phone: string, password: string, app = t.app) =>
  app.inject({ method: 'POST', url: '/api/users/sign-in', payload: { phone, password }, remoteAddress: ip });
const retryAfter = (res: { headers: Record<string, unknown> }) => Number(res.headers['retry-after']);

describe('failures per (number, client address)', () => {
  it('50 wrong passwords from one address do not lock the owner out of another address', async () => {
    const { phone, body } = await signUpViaApi(t.app, { password: 'ownerpass1' });
    const attacker = '203.0.113.66';
    let failures = 0;
    let refusals = 0;
    // The attacker waits out every delay, so all 50 guesses are really checked.
    for (let i = 0; i < 200 && failures < 50; i++) {
      const res = await signInFrom(attacker, phone, `guess${i}pass`);
      if (res.statusCode === 429) {
        refusals += 1;
        clock.advance(retryAfter(res) || 1);
        continue;
      }
      expect(res.statusCode).toBe(401);
      failures += 1;
    }
    expect(failures).toBe(50);
    expect(refusals).toBeGreaterThan(0);

    const owner = await signInFrom('198.51.100.10', phone, 'ownerpass1');
    expect(owner.statusCode, owner.body).toBe(200);
    expect(owner.json().user.id).toBe(body.user.id);
    // The attacker's address still waits the longest delay, right password or not.
    const again = await signInFrom(attacker, phone, 'ownerpass1');
    expect(again.statusCode).toBe(429);
    expect(retryAfter(again)).toBe(SIGN_IN_LIMITS.maxDelayS);
  });

  it('after 5 failures that address waits 1 s, 2 s, 4 s … up to 15 minutes (429, Retry-After)', async () => {
    const { phone } = await signUpViaApi(t.app, { password: 'rightpass1' });
    const ip = '203.0.113.21';
    for (let i = 0; i < 5; i++) expect((await signInFrom(ip, phone, 'wrongpass1')).statusCode).toBe(401);
    const waits: number[] = [];
    for (let i = 0; i < 12; i++) {
      // Even the right password waits: the delay is decided before the password is checked.
      const refused = await signInFrom(ip, phone, 'rightpass1');
      expect(refused.statusCode).toBe(429);
      const wait = retryAfter(refused);
      waits.push(wait);
      expect(refused.json()).toEqual({ detail: signInRetryDetail(wait) });
      clock.advance(wait - 1);
      expect((await signInFrom(ip, phone, 'rightpass1')).statusCode).toBe(429);
      clock.advance(1);
      expect((await signInFrom(ip, phone, 'wrongpass1')).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900]);
    expect(signInRetryDetail(900)).toBe('로그인 시도가 너무 많아요. 15분 후에 다시 시도해주세요.');
    expect(signInRetryDetail(4)).toBe('로그인 시도가 너무 많아요. 4초 후에 다시 시도해주세요.');

    // Once the wait is over the owner signs in there too, and the success clears the pair.
    clock.advance(retryAfter(await signInFrom(ip, phone, 'rightpass1')));
    expect((await signInFrom(ip, phone, 'rightpass1')).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await signInFrom(ip, phone, 'wrongpass1')).statusCode).toBe(401);
    const fresh = await signInFrom(ip, phone, 'wrongpass1');
    expect(fresh.statusCode).toBe(429);
    expect(retryAfter(fresh)).toBe(1);
  });

  it('a success clears the pair: 4 failures, success, 4 failures, success', async () => {
    const { phone } = await signUpViaApi(t.app, { password: 'rightpass1' });
    const ip = '203.0.113.30';
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 4; i++) expect((await signInFrom(ip, phone, 'wrongpass1')).statusCode).toBe(401);
      expect((await signInFrom(ip, phone, 'rightpass1')).statusCode).toBe(200);
    }
  });

  it('parallel guesses from one address cannot get past the free failures', async () => {
    const { phone } = await signUpViaApi(t.app, { password: 'rightpass1' });
    const results = await Promise.all(
      Array.from({ length: 20 }, () => signInFrom('203.0.113.31', phone, 'wrongpass1')),
    );
    expect(results.filter((r) => r.statusCode === 401)).toHaveLength(SIGN_IN_LIMITS.pairFreeFailures);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(20 - SIGN_IN_LIMITS.pairFreeFailures);
  });

  it('update-password clears the pair of the address that proved the number', async () => {
    const { phone } = await signUpViaApi(t.app, { password: 'rightpass1' });
    // sendCode and update-password come from inject's default address.
    const here = '127.0.0.1';
    for (let i = 0; i < 5; i++) expect((await signInFrom(here, phone, 'wrongpass1')).statusCode).toBe(401);
    expect((await signInFrom(here, phone, 'newpass123')).statusCode).toBe(429);
    clock.advance(61); // the sign-up's code was sent just now
    const code = await sendCode(t.app, phone);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/users/update-password',
      payload: { phone, code, password: 'newpass123' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await signInFrom(here, phone, 'newpass123')).statusCode).toBe(200);
  });
});

describe('IPv6 clients', () => {
  it('count per /64, so rotating addresses inside one network does not reset the delays', async () => {
    const { phone } = await signUpViaApi(t.app, { password: 'rightpass1' });
    for (let i = 1; i <= 5; i++) {
      expect((await signInFrom(`2001:db8:1:2::${i.toString(16)}`, phone, 'wrongpass1')).statusCode).toBe(401);
    }
    const rotated = await signInFrom('2001:0db8:0001:0002:ffff:1:2:3', phone, 'wrongpass1');
    expect(rotated.statusCode).toBe(429);
    // Another /64 is another client.
    expect((await signInFrom('2001:db8:1:3::1', phone, 'rightpass1')).statusCode).toBe(200);
  });

  it('clientOf: IPv4 as is, IPv6 as its /64 in one spelling', () => {
    expect(clientOf('203.0.113.5')).toBe('203.0.113.5');
    expect(clientOf('::FFFF:203.0.113.5')).toBe('203.0.113.5');
    expect(clientOf('2001:DB8:0:1:2:3:4:5')).toBe('2001:db8:0:1::/64');
    expect(clientOf('2001:db8:0:1::9')).toBe('2001:db8:0:1::/64');
    expect(clientOf('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(clientOf('::1')).toBe('0:0:0:0::/64');
    expect(clientOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientOf('64:ff9b::198.51.100.1')).toBe('64:ff9b:0:0::/64');
  });

  it('an IPv4 address written as IPv6 counts as that IPv4 address', async () => {
    const { phone } = await signUpViaApi(t.app, { password: 'rightpass1' });
    for (let i = 0; i < 5; i++)
      expect((await signInFrom('203.0.113.50', phone, 'wrongpass1')).statusCode).toBe(401);
    expect((await signInFrom('::ffff:203.0.113.50', phone, 'wrongpass1')).statusCode).toBe(429);
  });
});

describe('failures per client address across numbers', () => {
  it('100 failures an hour from one address start its delays; other addresses are not slowed', async () => {
    const member = await signUpViaApi(t.app, { password: 'rightpass1' });
    const stuffer = '203.0.113.40';
    for (let i = 0; i < SIGN_IN_LIMITS.addressFreeFailures; i++) {
      expect((await signInFrom(stuffer, freshPhone(), 'wrongpass1')).statusCode).toBe(401);
    }
    const refused = await signInFrom(stuffer, freshPhone(), 'wrongpass1');
    expect(refused.statusCode).toBe(429);
    expect(retryAfter(refused)).toBe(1);
    // Refused attempts are not counted: the delay grows only with checked failures.
    expect(retryAfter(await signInFrom(stuffer, freshPhone(), 'wrongpass1'))).toBe(1);
    clock.advance(1);
    expect((await signInFrom(stuffer, freshPhone(), 'wrongpass1')).statusCode).toBe(401);
    expect(retryAfter(await signInFrom(stuffer, freshPhone(), 'wrongpass1'))).toBe(2);
    // The member, from another address, is not affected.
    expect((await signInFrom('198.51.100.40', member.phone, 'rightpass1')).statusCode).toBe(200);
  });

  it('successes do not count towards the address throttle', async () => {
    const member = await signUpViaApi(t.app, { password: 'rightpass1' });
    const office = '203.0.113.41';
    for (let i = 0; i < SIGN_IN_LIMITS.addressFreeFailures + 20; i++) {
      expect((await signInFrom(office, member.phone, 'rightpass1')).statusCode).toBe(200);
    }
  });
});

describe('a number under attack from many addresses', () => {
  it('after 50 failures an hour each address gets 1 free failure; an address without failures still signs in', async () => {
    const { phone } = await signUpViaApi(t.app, { password: 'rightpass1' });
    for (let i = 0; i < SIGN_IN_LIMITS.numberAlertFailures; i++) {
      expect((await signInFrom(`10.9.0.${i + 1}`, phone, 'wrongpass1')).statusCode).toBe(401);
    }
    const bot = '10.9.1.1';
    expect((await signInFrom(bot, phone, 'wrongpass1')).statusCode).toBe(401);
    const slowed = await signInFrom(bot, phone, 'wrongpass1');
    expect(slowed.statusCode).toBe(429);
    expect(retryAfter(slowed)).toBe(1);
    // The owner is never refused from an address that has not failed.
    expect((await signInFrom('198.51.100.50', phone, 'rightpass1')).statusCode).toBe(200);
    // Without the alert, a fresh address has its 5 free failures (another number).
    const calm = await signUpViaApi(t.app, { password: 'rightpass1' });
    for (let i = 0; i < 5; i++)
      expect((await signInFrom(bot, calm.phone, 'wrongpass1')).statusCode).toBe(401);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.runIf(redisUrl)('shared by every API process through Redis', () => {
  it('sign-in delays, check and SMS limits counted on one process apply on another', async () => {
    const prefix = `codiroom-test:${randomUUID()}:`;
    const database = await openTestDatabase();
    const kvA = new RedisStore(redisUrl as string, prefix);
    const kvB = new RedisStore(redisUrl as string, prefix);
    const env = { SMS_IP_HOURLY_LIMIT: '3' };
    const a = await createTestApp({ clock, env, database, kv: kvA });
    const b = await createTestApp({ clock, env, database, kv: kvB });
    try {
      const { phone } = await signUpViaApi(a.app, { password: 'rightpass1' });
      const ip = '203.0.113.90';
      for (let i = 0; i < 5; i++) {
        const app = i % 2 === 0 ? a.app : b.app;
        expect((await signInFrom(ip, phone, 'wrongpass1', app)).statusCode).toBe(401);
      }
      const refused = await signInFrom(ip, phone, 'rightpass1', b.app);
      expect(refused.statusCode).toBe(429);
      expect(retryAfter(refused)).toBe(1);
      expect((await signInFrom('198.51.100.90', phone, 'rightpass1', a.app)).statusCode).toBe(200);

      // SMS per client address (signUpViaApi sent one from inject's default address on a).
      const smsFrom = (app: TestApp, ip: string) =>
        app.app.inject({
          method: 'POST',
          url: '/api/users/send-sms',
          payload: { phone: freshPhone() },
          remoteAddress: ip,
        });
      expect((await smsFrom(a, '203.0.113.91')).statusCode).toBe(200);
      expect((await smsFrom(b, '203.0.113.91')).statusCode).toBe(200);
      expect((await smsFrom(a, '203.0.113.91')).statusCode).toBe(200);
      expect((await smsFrom(b, '203.0.113.91')).statusCode).toBe(429);
    } finally {
      await a.app.close();
      await b.close();
      await kvA.close();
      await kvB.close();
    }
  });
});
