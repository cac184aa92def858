import { AUTH_MESSAGES, MESSAGES, REREGISTER_HISTORY_TEXT, signInRetryDetail } from '@codiroom/shared';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { likes, refreshTokens, smsVerifications, users } from '../src/db/schema.ts';
import { withdrawMember } from '../src/domains/users/member-withdrawal.ts';
import { issueSession } from '../src/domains/users/sessions.ts';
import { hashPassword } from '../src/platform/passwords.ts';
import {
  AGREED,
  freshPhone,
  GUEST_HEADER,
  mutableClock,
  sendCode,
  signUpViaApi,
  wrongCode,
} from './auth-helpers.ts';
import { createMember, createTestApp, guestIdOf, type TestApp } from './helpers.ts';

const clock = mutableClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, env: { SMS_IP_HOURLY_LIMIT: '10000' } });
});
afterAll(async () => {
  await t.close();
});

type Payload = Record<string, unknown>;
const post = (url: string, payload: Payload, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });
const signUp = (payload: Payload, guestId = guestIdOf(t.ctx, 'guest-sign-up-0001')) =>
  post('/api/users/sign-up', { ...AGREED, ...payload }, { [GUEST_HEADER]: guestId });
const signIn = (payload: Payload, headers: Record<string, string> = {}) =>
  post('/api/users/sign-in', payload, headers);
const refresh = (token: string) => post('/api/users/token/refresh', { refresh: token });

async function withCode(phone = freshPhone()) {
  return { phone, code: await sendCode(t.app, phone) };
}

describe('sign-up', () => {
  it('creates the member, answers tokens and the user, and consumes the code', async () => {
    const { phone, code } = await withCode();
    const res = await signUp({
      phone: `${phone.slice(0, 3)}-${phone.slice(3, 7)}-${phone.slice(7)}`,
      code,
      password: 'codiroom123',
      user_name: '  김코디 ',
      email: 'Kim.Codi@Example.com',
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.user).toMatchObject({ name: '김코디', phone });
    expect(body.user.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect((await t.ctx.tokens.readAccess(body.access, clock.now()))?.userId).toBe(body.user.id);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, body.user.id));
    expect(row?.email).toBe('kim.codi@example.com');
    expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$/);
    expect(row?.password_hash).not.toContain('codiroom123');
    const [verification] = await t.ctx.db
      .select()
      .from(smsVerifications)
      .where(eq(smsVerifications.phone, phone));
    expect(verification?.consumed_at).not.toBeNull();

    // The code cannot be used again.
    const again = await t.app.inject({ url: `/api/users/verify-sms?phone=${phone}&code=${code}` });
    expect(again.json().detail).toBe(AUTH_MESSAGES.codeMissing);
    // And the new member signs in.
    const signedIn = await signIn({ phone, password: 'codiroom123' });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.id).toBe(body.user.id);
  });

  it('is guest-capable: without a token or x-guest-user-id it answers 401', async () => {
    const { phone, code } = await withCode();
    const res = await post('/api/users/sign-up', {
      phone,
      code,
      password: 'codiroom123',
      user_name: '김코디',
    });
    expect(res.statusCode).toBe(401);
  });

  it("answers 'DUPLICATE PHONE' for an active member's number", async () => {
    const { phone } = await signUpViaApi(t.app);
    clock.advance(61);
    const { code } = await withCode(phone);
    const res = await signUp({ phone, code, password: 'codiroom123', user_name: '김코디' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'DUPLICATE PHONE', phone: [MESSAGES.duplicatePhone] });
    // The code was not consumed by the refused sign-up.
    expect(
      (await t.app.inject({ url: `/api/users/verify-sms?phone=${phone}&code=${code}` })).statusCode,
    ).toBe(200);
  });

  it("answers 'DUPLICATE EMAIL' for an active member's e-mail (case-insensitive)", async () => {
    await signUpViaApi(t.app, { email: 'dup@example.com' });
    const { phone, code } = await withCode();
    const res = await signUp({
      phone,
      code,
      password: 'codiroom123',
      user_name: '김코디',
      email: 'DUP@example.com',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'DUPLICATE EMAIL', email: [MESSAGES.duplicateEmail] });
  });

  it("answers 'STOP USER' within 30 days of a withdrawal, then lets the number sign up again", async () => {
    const first = await signUpViaApi(t.app);
    await withdrawMember(t.ctx, first.body.user.id);
    clock.advance(61);
    const { code } = await withCode(first.phone);
    const res = await signUp({ phone: first.phone, code, password: 'codiroom123', user_name: '김코디' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'STOP USER', phone: [AUTH_MESSAGES.stopUser] });
    const check = await t.app.inject({ url: `/api/users/check-phone?phone=${first.phone}` });
    expect(check.json().detail).toBe('STOP USER');

    clock.advance(30 * 24 * 3600);
    const { code: later } = await withCode(first.phone);
    const ok = await signUp({
      phone: first.phone,
      code: later,
      password: 'codiroom123',
      user_name: '김코디',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().user.id).not.toBe(first.body.user.id);
  });

  it('answers the re-registration history text when the number already came back once', async () => {
    const phone = freshPhone();
    const one = await signUpViaApi(t.app, { phone });
    await withdrawMember(t.ctx, one.body.user.id);
    clock.advance(31 * 24 * 3600);
    const two = await signUpViaApi(t.app, { phone });
    await withdrawMember(t.ctx, two.body.user.id);
    clock.advance(31 * 24 * 3600);
    const { code } = await withCode(phone);
    const res = await signUp({ phone, code, password: 'codiroom123', user_name: '김코디' });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain(REREGISTER_HISTORY_TEXT);
    expect(res.json().detail).toBe('재가입 이력이 있는 번호입니다. 고객센터에서 기존 계정을 복구해주세요.');
    expect(res.json().phone).toEqual([res.json().detail]);
  });

  it('refuses a name of 50 or more characters with the SPEC.md field-keyed shape', async () => {
    const { phone, code } = await withCode();
    const res = await signUp({ phone, code, password: 'codiroom123', user_name: '가'.repeat(50) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      detail: '고객명이 50자 이상이어서 회원가입이 불가능합니다.',
      user_name: ['고객명이 50자 이상이어서 회원가입이 불가능합니다.'],
    });
    // 49 characters are fine; the code was not consumed by the refusal.
    const ok = await signUp({ phone, code, password: 'codiroom123', user_name: '가'.repeat(49) });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it("answers '[ERROR101]' for a wrong code and '[ERROR102]' for a missing or expired one", async () => {
    const { phone, code } = await withCode();
    const wrong = await signUp({
      phone,
      code: wrongCode(code),
      password: 'codiroom123',
      user_name: '김코디',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toBe('[ERROR101] 인증번호가 일치하지 않습니다.');

    const missing = await signUp({
      phone: freshPhone(),
      code: '123456',
      password: 'codiroom123',
      user_name: '김코디',
    });
    expect(missing.json().detail).toBe('[ERROR102] 인증번호를 먼저 요청해주세요.');

    clock.advance(181);
    const expired = await signUp({ phone, code, password: 'codiroom123', user_name: '김코디' });
    expect(expired.json().detail).toBe('[ERROR102] 인증번호를 먼저 요청해주세요.');
  });

  it('enforces the password policy, the phone format, the e-mail format and referral codes', async () => {
    const { phone, code } = await withCode();
    const base = { phone, code, user_name: '김코디' };
    for (const password of ['short1', 'onlyletters', '1234567890']) {
      const res = await signUp({ ...base, password });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        detail: AUTH_MESSAGES.passwordPolicy,
        password: [AUTH_MESSAGES.passwordPolicy],
      });
    }
    const badPhone = await signUp({ ...base, phone: '011-123-4567', password: 'codiroom123' });
    expect(badPhone.json()).toEqual({
      detail: AUTH_MESSAGES.phoneInvalid,
      phone: [AUTH_MESSAGES.phoneInvalid],
    });
    const badEmail = await signUp({ ...base, password: 'codiroom123', email: 'not-an-email' });
    expect(badEmail.json().email).toEqual([AUTH_MESSAGES.emailInvalid]);
    const badReferral = await signUp({ ...base, password: 'codiroom123', referral_code: 'NOPE1234' });
    expect(badReferral.json()).toEqual({
      detail: AUTH_MESSAGES.referralInvalid,
      referral_code: [AUTH_MESSAGES.referralInvalid],
    });

    const referrer = await createMember(t.ctx, { referral_code: 'CODI2345' });
    const ok = await signUp({ ...base, password: '비밀번호abc1', email: '', referral_code: 'codi2345' });
    expect(ok.statusCode, ok.body).toBe(201);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, ok.json().user.id));
    expect(row?.referred_by).toBe(referrer.user.id);
    expect(row?.email).toBeNull();
  });

  it('two simultaneous sign-ups of one number create one member', async () => {
    const { phone, code } = await withCode();
    const payload = { phone, code, password: 'codiroom123', user_name: '김코디' };
    const answers = await Promise.all([
      signUp(payload, guestIdOf(t.ctx, 'guest-race-a-0001')),
      signUp(payload, guestIdOf(t.ctx, 'guest-race-b-0001')),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400]);
    const loser = answers.find((a) => a.statusCode === 400)?.json().detail;
    expect(['DUPLICATE PHONE', AUTH_MESSAGES.codeMissing]).toContain(loser);
    expect(await t.ctx.db.select().from(users).where(eq(users.phone, phone))).toHaveLength(1);
  });

  it("merges the x-guest-user-id guest's likes into the new member", async () => {
    const guestId = guestIdOf(t.ctx, 'guest-signup-merge-01');
    await t.ctx.db.insert(likes).values([
      { guest_id: guestId, like_type: 'BRAND', like_id: 1 },
      { guest_id: guestId, like_type: 'STYLE', like_id: 2 },
    ]);
    const { body } = await signUpViaApi(t.app, { guestId });
    const rows = await t.ctx.db.select().from(likes).where(eq(likes.user_id, body.user.id));
    expect(rows.map((r) => `${r.like_type}:${r.like_id}`).sort()).toEqual(['BRAND:1', 'STYLE:2']);
    expect(rows.every((r) => r.guest_id === null)).toBe(true);
  });
});

describe('check-phone and check-email', () => {
  it('answer whether a number or e-mail can sign up', async () => {
    const { phone } = await signUpViaApi(t.app, { email: 'taken@example.com' });
    const free = await t.app.inject({ url: `/api/users/check-phone?phone=${freshPhone()}` });
    expect(free.json()).toEqual({ result: true, detail: AUTH_MESSAGES.phoneAvailable });
    const taken = await t.app.inject({ url: `/api/users/check-phone?phone=${phone}` });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ detail: 'DUPLICATE PHONE', phone: [MESSAGES.duplicatePhone] });
    const bad = await t.app.inject({ url: '/api/users/check-phone?phone=123' });
    expect(bad.json().phone).toEqual([AUTH_MESSAGES.phoneInvalid]);

    const freeEmail = await t.app.inject({ url: '/api/users/check-email?email=free@example.com' });
    expect(freeEmail.json()).toEqual({ result: true, detail: AUTH_MESSAGES.emailAvailable });
    const takenEmail = await t.app.inject({ url: '/api/users/check-email?email=Taken@Example.com' });
    expect(takenEmail.json()).toEqual({ detail: 'DUPLICATE EMAIL', email: [MESSAGES.duplicateEmail] });
    expect((await t.app.inject({ url: '/api/users/check-email?email=nope' })).statusCode).toBe(400);
  });

  it('are limited per client address', async () => {
    const ip = '198.51.100.23';
    let last = 0;
    for (let i = 0; i < 31; i++) {
      last = (await t.app.inject({ url: `/api/users/check-phone?phone=${freshPhone()}`, remoteAddress: ip }))
        .statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('sign-in', () => {
  it('answers the same 401 for a wrong password, an unknown number and a withdrawn member', async () => {
    const { phone, body } = await signUpViaApi(t.app, { password: 'rightpass1' });
    const wrong = await signIn({ phone, password: 'wrongpass1' });
    const unknown = await signIn({ phone: freshPhone(), password: 'wrongpass1' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ detail: AUTH_MESSAGES.signInFailed });
    expect(unknown.json()).toEqual(wrong.json());
    const socialOnly = await createMember(t.ctx, { phone: freshPhone() });
    expect((await signIn({ phone: socialOnly.user.phone, password: 'anything1' })).json()).toEqual(
      wrong.json(),
    );

    const ok = await signIn({ phone, password: 'rightpass1' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toEqual(body.user);
    expect(Object.keys(ok.json()).sort()).toEqual(['access', 'refresh', 'user']);

    await withdrawMember(t.ctx, body.user.id);
    expect((await signIn({ phone, password: 'rightpass1' })).json()).toEqual(wrong.json());
  });

  it('after 5 failures from one address the number waits there (429, Retry-After), not elsewhere', async () => {
    const { phone } = await signUpViaApi(t.app, { password: 'rightpass1' });
    const from = (remoteAddress: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/sign-in',
        payload: { phone, password },
        remoteAddress,
      });
    for (let i = 0; i < 5; i++) expect((await from('203.0.113.11', `wrong${i}pass`)).statusCode).toBe(401);
    const waiting = await from('203.0.113.11', 'rightpass1');
    expect(waiting.statusCode).toBe(429);
    expect(waiting.headers['retry-after']).toBe('1');
    expect(waiting.json()).toEqual({ detail: signInRetryDetail(1) });
    // The owner from another address, and other numbers from the same one, are unaffected.
    expect((await from('198.51.100.11', 'rightpass1')).statusCode).toBe(200);
    const other = await signUpViaApi(t.app, { password: 'rightpass1' });
    const otherIn = await t.app.inject({
      method: 'POST',
      url: '/api/users/sign-in',
      payload: { phone: other.phone, password: 'rightpass1' },
      remoteAddress: '203.0.113.11',
    });
    expect(otherIn.statusCode).toBe(200);
    // After the wait the address may try again.
    clock.advance(1);
    expect((await from('203.0.113.11', 'rightpass1')).statusCode).toBe(200);
  });

  it('a success clears the failure count', async () => {
    const { phone } = await signUpViaApi(t.app, { password: 'rightpass1' });
    for (let i = 0; i < 4; i++) await signIn({ phone, password: 'wrongpass1' });
    expect((await signIn({ phone, password: 'rightpass1' })).statusCode).toBe(200);
    for (let i = 0; i < 4; i++)
      expect((await signIn({ phone, password: 'wrongpass1' })).statusCode).toBe(401);
    expect((await signIn({ phone, password: 'rightpass1' })).statusCode).toBe(200);
  });

  it('merges the guest when x-guest-user-id is sent, and refuses a malformed one', async () => {
    const { phone, body } = await signUpViaApi(t.app, { password: 'rightpass1' });
    const guestId = guestIdOf(t.ctx, 'guest-signin-merge-01');
    await t.ctx.db.insert(likes).values({ guest_id: guestId, like_type: 'CODI', like_id: 7 });
    const ok = await signIn({ phone, password: 'rightpass1' }, { [GUEST_HEADER]: guestId });
    expect(ok.statusCode).toBe(200);
    const rows = await t.ctx.db.select().from(likes).where(eq(likes.user_id, body.user.id));
    expect(rows.map((r) => `${r.like_type}:${r.like_id}`)).toEqual(['CODI:7']);
    const bad = await signIn({ phone, password: 'rightpass1' }, { [GUEST_HEADER]: 'x' });
    expect(bad.statusCode).toBe(400);
  });

  it('verifies argon2id hashes made with other costs', async () => {
    const phone = freshPhone();
    const strong = await hashPassword({ passwordHash: { memoryCost: 19_456, timeCost: 2 } }, 'legacypass1');
    expect(strong).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    await createMember(t.ctx, { phone, password_hash: strong });
    expect((await signIn({ phone, password: 'legacypass1' })).statusCode).toBe(200);
  });
});

describe('update-password (reset by SMS)', () => {
  it('sets the new password, consumes the code and signs out every session', async () => {
    const { phone, body } = await signUpViaApi(t.app, { password: 'oldpass123' });
    clock.advance(61);
    const code = await sendCode(t.app, phone);
    const res = await post('/api/users/update-password', { phone, code, password: 'newpass456' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ result: true, detail: AUTH_MESSAGES.passwordUpdated });
    expect((await signIn({ phone, password: 'oldpass123' })).statusCode).toBe(401);
    expect((await signIn({ phone, password: 'newpass456' })).statusCode).toBe(200);
    // The old refresh token died with the reset.
    expect((await refresh(body.refresh)).json().detail).toBe(AUTH_MESSAGES.refreshRevoked);
    // The code is spent.
    const again = await post('/api/users/update-password', { phone, code, password: 'newpass789' });
    expect(again.json().detail).toBe(AUTH_MESSAGES.codeMissing);
  });

  it('checks the code and the policy, and tells only the verified owner that a number is not registered', async () => {
    const { phone, code } = await withCode();
    const weak = await post('/api/users/update-password', { phone, code, password: 'weak' });
    expect(weak.json().password).toEqual([AUTH_MESSAGES.passwordPolicy]);
    const wrong = await post('/api/users/update-password', {
      phone,
      code: wrongCode(code),
      password: 'newpass456',
    });
    expect(wrong.json().detail).toBe(AUTH_MESSAGES.codeMismatch);
    const unregistered = await post('/api/users/update-password', { phone, code, password: 'newpass456' });
    expect(unregistered.statusCode).toBe(400);
    expect(unregistered.json()).toEqual({
      detail: AUTH_MESSAGES.notRegistered,
      phone: [AUTH_MESSAGES.notRegistered],
    });
  });
});

describe('tokens', () => {
  it('refresh rotates: a new pair in the same family, the old jti marked replaced', async () => {
    const { body } = await signUpViaApi(t.app);
    const first = decodeJwt(body.refresh);
    expect(first.typ).toBe('refresh');
    expect((first.exp ?? 0) - (first.iat ?? 0)).toBe(30 * 24 * 3600);
    const access = decodeJwt(body.access);
    expect((access.exp ?? 0) - (access.iat ?? 0)).toBe(15 * 60);

    clock.advance(10);
    const res = await refresh(body.refresh);
    expect(res.statusCode).toBe(200);
    const next = res.json();
    expect(Object.keys(next).sort()).toEqual(['access', 'refresh']);
    expect((await t.ctx.tokens.readAccess(next.access, clock.now()))?.userId).toBe(body.user.id);
    const second = decodeJwt(next.refresh);
    expect(second.fam).toBe(first.fam);
    expect(second.jti).not.toBe(first.jti);
    const [old] = await t.ctx.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.jti, first.jti as string));
    expect(old?.replaced_by).toBe(second.jti);
    const [fresh] = await t.ctx.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.jti, second.jti as string));
    expect(fresh?.family_id).toBe(old?.family_id);
    expect(fresh?.expires_at.getTime()).toBe(clock.now().getTime() + 30 * 24 * 3600 * 1000);
    // The new one rotates again.
    expect((await refresh(next.refresh)).statusCode).toBe(200);
  });

  it('reusing a replaced token revokes the whole family (401)', async () => {
    const { body } = await signUpViaApi(t.app);
    const other = await issueSession(t.ctx, body.user.id); // a second device: another family
    const r1 = (await refresh(body.refresh)).json();
    const r2 = (await refresh(r1.refresh)).json();
    const reuse = await refresh(body.refresh);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ detail: 'Refresh token reused' });
    // Every token of the family is dead now, including the newest.
    const family = decodeJwt(body.refresh).fam as string;
    const rows = await t.ctx.db.select().from(refreshTokens).where(eq(refreshTokens.family_id, family));
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.revoked_at !== null)).toBe(true);
    expect((await refresh(r2.refresh)).json().detail).toBe(AUTH_MESSAGES.refreshRevoked);
    // The other device's family is untouched.
    expect((await refresh(other.refresh)).statusCode).toBe(200);
  });

  it('expired, unknown, forged and access tokens answer 401', async () => {
    const { body } = await signUpViaApi(t.app);
    const garbage = await refresh('not-a-token');
    expect(garbage.statusCode).toBe(401);
    expect(garbage.json().detail).toBe(AUTH_MESSAGES.refreshInvalid);
    expect((await refresh(body.access)).json().detail).toBe(AUTH_MESSAGES.refreshInvalid);
    const [h, p] = body.refresh.split('.');
    expect((await refresh(`${h}.${p}.${'A'.repeat(43)}`)).json().detail).toBe(AUTH_MESSAGES.refreshInvalid);
    // A signed token whose row is gone.
    await t.ctx.db.delete(refreshTokens).where(eq(refreshTokens.jti, decodeJwt(body.refresh).jti as string));
    expect((await refresh(body.refresh)).json().detail).toBe(AUTH_MESSAGES.refreshInvalid);

    const later = await signIn({ phone: body.user.phone, password: 'codiroom123' });
    clock.advance(30 * 24 * 3600 + 1);
    const expired = await refresh(later.json().refresh);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().detail).toBe(AUTH_MESSAGES.refreshExpired);
  });

  it("a withdrawn member cannot refresh: 401 'User is inactive'", async () => {
    const { body } = await signUpViaApi(t.app);
    await t.ctx.db.update(users).set({ is_active: false }).where(eq(users.id, body.user.id));
    const res = await refresh(body.refresh);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'User is inactive' });
  });
});

describe('OpenAPI', () => {
  it('documents every auth route with its schemas', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    const routes: [string, string][] = [
      ['post', '/api/users/send-sms'],
      ['get', '/api/users/verify-sms'],
      ['get', '/api/users/check-phone'],
      ['get', '/api/users/check-email'],
      ['post', '/api/users/sign-up'],
      ['post', '/api/users/sign-in'],
      ['post', '/api/users/update-password'],
      ['post', '/api/users/token/refresh'],
      ['get', '/api/dev/sms-outbox'],
    ];
    for (const [method, path] of routes) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(Object.keys(op.responses).length, path).toBeGreaterThan(1);
    }
    expect(doc.paths['/api/users/sign-up'].post.security).toEqual([{ bearerAuth: [] }, { guestId: [] }]);
    expect(doc.paths['/api/users/sign-up'].post.requestBody).toBeDefined();
  });
});
