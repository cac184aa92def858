/**
 * Social sign-in rules over the dev provider (no provider keys, outside production): the dev
 * authorize page, auth/token outcomes, social-sign-up then social-sign-in, the oauth_token proof
 * (forged social ids rejected), SPEC.md §5 details, the guest merge, revoke-apple, and the dev
 * routes' absence in production.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guests, socialIdentities, users } from '../src/db/schema.ts';
import { devTokenRevoked } from '../src/domains/users/social/dev-provider.ts';
import { MemoryStore } from '../src/platform/kv.ts';
import { AGREED } from './auth-helpers.ts';
import { createMember, createTestApp, guestIdOf, type TestApp } from './helpers.ts';
import {
  authToken,
  freshMobile,
  HOST,
  movableClock,
  SHOP_ENV,
  smsCode,
  startAuthorize,
} from './social-fakes.ts';

const clock = movableClock();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: SHOP_ENV, clock });
  t.ctx.kv = new MemoryStore(() => clock.now().getTime());
});
afterAll(async () => {
  await t?.close();
});

type SignUpRequired = {
  status: 'SIGN_UP_REQUIRED';
  social_type: string;
  social_id: string;
  oauth_token: string;
  name?: string;
  email?: string;
  phone?: string;
};

/** The whole browser round trip through the dev provider; answers auth/token's body. */
async function devSignIn(
  provider: 'kakao' | 'naver' | 'apple',
  user: { social_id: string; name?: string; email?: string; phone?: string },
  headers: Record<string, string> = {},
) {
  const devPage = await startAuthorize(t.app, provider);
  expect(devPage.pathname).toBe(`/api/dev/oauth/${provider}/authorize`);
  const state = devPage.searchParams.get('state') ?? '';
  const redirectUri = devPage.searchParams.get('redirect_uri') ?? '';
  const q = new URLSearchParams({
    state,
    redirect_uri: redirectUri,
    social_id: user.social_id,
    name: user.name ?? '김코디',
    email: user.email ?? '',
    phone: user.phone ?? '',
  });
  const approved = await t.app.inject({
    url: `/api/dev/oauth/${provider}/approve?${q}`,
    headers: { host: HOST },
  });
  expect(approved.statusCode, approved.body).toBe(302);
  const callback = new URL(String(approved.headers.location));
  expect(`${callback.origin}${callback.pathname}`).toBe(`http://${HOST}/oauth/${provider}/callback`);
  expect(callback.searchParams.get('state')).toBe(state);
  const res = await authToken(
    t.app,
    { provider, code: callback.searchParams.get('code'), state: callback.searchParams.get('state') },
    headers,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function socialSignUp(
  required: Pick<SignUpRequired, 'social_type' | 'social_id' | 'oauth_token'>,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  const phone = (extra.phone as string | undefined) ?? freshMobile();
  const code = (extra.code as string | undefined) ?? (await smsCode(t.app, phone));
  return t.app.inject({
    method: 'POST',
    url: '/api/users/social-sign-up',
    headers: { 'x-guest-user-id': guestIdOf(t.ctx, `guest-${phone}`), ...headers },
    payload: {
      social_type: required.social_type,
      social_id: required.social_id,
      oauth_token: required.oauth_token,
      user_name: '김코디',
      ...AGREED,
      ...extra,
      phone,
      code,
    },
  });
}

function socialSignIn(body: Record<string, unknown>, guestId = guestIdOf(t.ctx, 'guest-sign-in-0001')) {
  return t.app.inject({
    method: 'POST',
    url: '/api/users/social-sign-in',
    headers: { 'x-guest-user-id': guestId },
    payload: body,
  });
}

describe('dev provider', () => {
  it('serves a Korean page to pick or type a made-up user', async () => {
    const devPage = await startAuthorize(t.app, 'kakao');
    const res = await t.app.inject({ url: `${devPage.pathname}${devPage.search}`, headers: { host: HOST } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<html lang="ko">');
    expect(res.body).toContain('카카오 로그인');
    expect(res.body).toContain('dev-kakao-1001');
    expect(res.body).toContain('name="social_id"');
  });

  it("escapes what it echoes and redirects only to this site's callback page", async () => {
    const evil = await t.app.inject({
      url: `/api/dev/oauth/naver/authorize?state=${encodeURIComponent('"><script>x</script>')}&redirect_uri=${encodeURIComponent(`http://${HOST}/oauth/naver/callback`)}`,
      headers: { host: HOST },
    });
    expect(evil.statusCode).toBe(200);
    expect(evil.body).not.toContain('<script>x</script>');
    for (const uri of [
      'https://evil.example/oauth/naver/callback',
      `http://${HOST}/somewhere`,
      `http://${HOST}/oauth/kakao/callback`,
    ]) {
      const res = await t.app.inject({
        url: `/api/dev/oauth/naver/approve?state=s&social_id=a&name=b&redirect_uri=${encodeURIComponent(uri)}`,
        headers: { host: HOST },
      });
      expect(res.statusCode, uri).toBe(400);
    }
  });

  it('codes are single use; token and profile endpoints answer like a provider', async () => {
    const devPage = await startAuthorize(t.app, 'naver');
    const q = new URLSearchParams({
      state: devPage.searchParams.get('state') ?? '',
      redirect_uri: devPage.searchParams.get('redirect_uri') ?? '',
      social_id: 'dev-naver-7777',
      name: '이개발',
    });
    const approved = await t.app.inject({
      url: `/api/dev/oauth/naver/approve?${q}`,
      headers: { host: HOST },
    });
    const code = new URL(String(approved.headers.location)).searchParams.get('code');
    const token = await t.app.inject({
      method: 'POST',
      url: '/api/dev/oauth/naver/token',
      payload: { code },
    });
    expect(token.statusCode).toBe(200);
    const me = await t.app.inject({
      url: '/api/dev/oauth/naver/me',
      headers: { authorization: `Bearer ${token.json().access_token}` },
    });
    expect(me.json()).toMatchObject({ id: 'dev-naver-7777', name: '이개발' });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/dev/oauth/naver/token',
      payload: { code },
    });
    expect(again.statusCode).toBe(400);
  });
});

describe('auth/token, social-sign-up and social-sign-in', () => {
  it('a new identity needs sign-up; after it the same identity signs in', async () => {
    const required: SignUpRequired = await devSignIn('kakao', {
      social_id: 'dev-kakao-9001',
      name: '최카카오',
      email: 'choi@example.com',
      phone: '01099990001',
    });
    expect(required).toMatchObject({
      status: 'SIGN_UP_REQUIRED',
      social_type: 'KAKAO',
      social_id: 'dev-kakao-9001',
      name: '최카카오',
      email: 'choi@example.com',
      phone: '01099990001',
    });

    const phone = freshMobile();
    const res = await socialSignUp(required, { phone, user_name: '최카카오', email: 'Choi@Example.com' });
    expect(res.statusCode, res.body).toBe(201);
    const session = res.json();
    expect(session).toMatchObject({ status: 'SIGNED_UP', user: { name: '최카카오', phone } });
    expect(session.access).toEqual(expect.any(String));
    expect(session.refresh).toEqual(expect.any(String));
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, session.user.id));
    expect(row).toMatchObject({ phone, email: 'choi@example.com', name: '최카카오', password_hash: null });
    const [identity] = await t.ctx.db
      .select()
      .from(socialIdentities)
      .where(eq(socialIdentities.user_id, session.user.id));
    expect(identity).toMatchObject({ social_type: 'KAKAO', social_id: 'dev-kakao-9001' });
    expect(identity?.oauth_token).toMatch(/^[0-9a-f]{64}$/); // hash of the access token

    // The session works, and the guest was merged into the member.
    const detail = await t.app.inject({
      url: '/api/users/user-detail',
      headers: { authorization: `Bearer ${session.access}` },
    });
    expect(detail.statusCode, detail.body).toBe(200);
    const [guest] = await t.ctx.db
      .select()
      .from(guests)
      .where(eq(guests.id, guestIdOf(t.ctx, `guest-${phone}`)));
    expect(guest?.merged_user_id).toBe(session.user.id);

    // auth/token now signs in, merging the guest of the x-guest-user-id header.
    const signedIn = await devSignIn(
      'kakao',
      { social_id: 'dev-kakao-9001' },
      { 'x-guest-user-id': guestIdOf(t.ctx, 'guest-token-0001') },
    );
    expect(signedIn).toMatchObject({ status: 'SIGNED_IN', user: { id: session.user.id, uuid: row?.uuid } });
    const [tokenGuest] = await t.ctx.db
      .select()
      .from(guests)
      .where(eq(guests.id, guestIdOf(t.ctx, 'guest-token-0001')));
    expect(tokenGuest?.merged_user_id).toBe(session.user.id);

    // social-sign-in with the oauth_token signs in too (guest merged).
    const viaSignIn = await socialSignIn(
      { social_type: 'KAKAO', social_id: 'dev-kakao-9001', oauth_token: required.oauth_token, phone },
      guestIdOf(t.ctx, 'guest-sign-in-0002'),
    );
    expect(viaSignIn.statusCode, viaSignIn.body).toBe(200);
    expect(viaSignIn.json()).toMatchObject({ status: 'SIGNED_IN', user: { id: session.user.id } });
    const [signInGuest] = await t.ctx.db
      .select()
      .from(guests)
      .where(eq(guests.id, guestIdOf(t.ctx, 'guest-sign-in-0002')));
    expect(signInGuest?.merged_user_id).toBe(session.user.id);

    // Signing up the same identity again: DUPLICATE SOCIAL_ID.
    const dup = await socialSignUp(required);
    expect(dup.statusCode).toBe(400);
    expect(dup.json().detail).toBe('DUPLICATE SOCIAL_ID');
  });

  it('social-sign-in of an identity without an account answers 404 SIGN_UP_REQUIRED', async () => {
    const required: SignUpRequired = await devSignIn('naver', { social_id: 'dev-naver-9100' });
    const res = await socialSignIn({
      social_type: 'NAVER',
      social_id: 'dev-naver-9100',
      oauth_token: required.oauth_token,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 'SIGN_UP_REQUIRED', detail: expect.any(String) });
  });

  it('never trusts a social_id without its valid oauth_token', async () => {
    const victim: SignUpRequired = await devSignIn('naver', { social_id: 'dev-naver-victim' });
    expect((await socialSignUp(victim)).statusCode).toBe(201);
    const attacker: SignUpRequired = await devSignIn('naver', { social_id: 'dev-naver-attacker' });
    const access = await t.ctx.tokens.signAccess(1, randomUUID(), clock.now());

    const forged = [
      { social_type: 'NAVER', social_id: 'dev-naver-victim', oauth_token: attacker.oauth_token },
      { social_type: 'KAKAO', social_id: 'dev-naver-attacker', oauth_token: attacker.oauth_token },
      { social_type: 'NAVER', social_id: 'dev-naver-victim', oauth_token: 'not-a-token' },
      { social_type: 'NAVER', social_id: 'dev-naver-victim', oauth_token: access },
      {
        social_type: 'NAVER',
        social_id: 'dev-naver-victim',
        // The victim's token with the attacker's signature part.
        oauth_token: `${victim.oauth_token.split('.').slice(0, 2).join('.')}.${attacker.oauth_token.split('.')[2]}`,
      },
    ];
    for (const body of forged) {
      const signIn = await socialSignIn(body);
      expect(signIn.statusCode, JSON.stringify(body)).toBe(401);
      expect(signIn.json().detail).toContain('oauth_token');
      const signUp = await socialSignUp(body as SignUpRequired);
      expect(signUp.statusCode).toBe(401);
    }
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/users/social-sign-in',
      headers: { 'x-guest-user-id': guestIdOf(t.ctx, 'guest-sign-in-0003') },
      payload: { social_type: 'NAVER', social_id: 'dev-naver-victim' },
    });
    expect(missing.statusCode).toBe(400);

    // An oauth_token lives 30 minutes.
    const late: SignUpRequired = await devSignIn('apple', { social_id: 'dev-apple-late' });
    clock.advance(31 * 60);
    const expired = await socialSignUp(late);
    expect(expired.statusCode).toBe(401);
  });

  it('answers the SPEC.md §5 sign-up details', async () => {
    const required: SignUpRequired = await devSignIn('kakao', { social_id: 'dev-kakao-details' });

    // A phone that belongs to a member: DUPLICATE PHONE (no linking by phone).
    const member = await createMember(t.ctx, { phone: freshMobile() });
    const dupPhone = await socialSignUp(required, { phone: member.user.phone });
    expect(dupPhone.statusCode).toBe(400);
    expect(dupPhone.json()).toMatchObject({ detail: 'DUPLICATE PHONE', phone: [expect.any(String)] });

    await createMember(t.ctx, { phone: freshMobile(), email: 'taken@example.com' });
    const dupEmail = await socialSignUp(required, { email: 'TAKEN@example.com' });
    expect(dupEmail.json()).toMatchObject({ detail: 'DUPLICATE EMAIL' });

    const longName = await socialSignUp(required, { user_name: '가'.repeat(50) });
    expect(longName.statusCode).toBe(400);
    expect(longName.json().user_name).toEqual([expect.any(String)]);

    const phone = freshMobile();
    const code = await smsCode(t.app, phone);
    const wrong = await socialSignUp(required, { phone, code: code === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toContain('[ERROR101]');
    const none = await socialSignUp(required, { phone: freshMobile(), code: '123456' });
    expect(none.json().detail).toContain('[ERROR102]');

    const badReferral = await socialSignUp(required, { referral_code: 'NOPE2345' });
    expect(badReferral.json()).toMatchObject({ referral_code: [expect.any(String)] });

    // None of these created anything; the identity can still sign up.
    const ok = await socialSignUp(required);
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('Kakao, Naver and Apple all require a state issued by authorize', async () => {
    for (const provider of ['kakao', 'naver', 'apple']) {
      const res = await authToken(t.app, { provider, code: 'abc' });
      expect(res.statusCode).toBe(400);
    }
    const unknown = await authToken(t.app, { provider: 'facebook', code: 'abc', state: 'x'.repeat(32) });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toBe('Unsupported provider');
    const unknownAuthorize = await t.app.inject({ url: '/api/users/oauth/facebook/authorize' });
    expect(unknownAuthorize.statusCode).toBe(404);
  });
});

describe('revoke-apple', () => {
  it('revokes the stored refresh token and unlinks the identity', async () => {
    const required: SignUpRequired = await devSignIn('apple', { social_id: 'dev-apple-revoke' });
    const res = await socialSignUp(required);
    expect(res.statusCode, res.body).toBe(201);
    const session = res.json();
    const [identity] = await t.ctx.db
      .select()
      .from(socialIdentities)
      .where(and(eq(socialIdentities.user_id, session.user.id), eq(socialIdentities.social_type, 'APPLE')));
    expect(identity?.oauth_token).toMatch(/^dev-rt-/);

    expect((await t.app.inject({ method: 'POST', url: '/api/users/revoke-apple' })).statusCode).toBe(401);
    const revoke = await t.app.inject({
      method: 'POST',
      url: '/api/users/revoke-apple',
      headers: { authorization: `Bearer ${session.access}` },
    });
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect(await devTokenRevoked(t.ctx.kv, 'apple', identity?.oauth_token ?? '')).toBe(true);
    const left = await t.ctx.db
      .select()
      .from(socialIdentities)
      .where(eq(socialIdentities.user_id, session.user.id));
    expect(left).toHaveLength(0);

    const kakaoOnly = await createMember(t.ctx, { phone: freshMobile() });
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/users/revoke-apple',
      headers: kakaoOnly.headers,
    });
    expect(none.statusCode).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents the social routes and hides the dev provider', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    expect(doc.paths['/api/users/auth/token'].post.responses['200']).toBeDefined();
    expect(doc.paths['/api/users/social-sign-in'].post.security).toEqual([
      { bearerAuth: [] },
      { guestId: [] },
    ]);
    expect(doc.paths['/api/users/social-sign-up'].post.responses['201']).toBeDefined();
    expect(doc.paths['/api/users/revoke-apple'].post.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/users/oauth/{provider}/authorize'].get).toBeDefined();
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/api/dev/oauth'))).toBe(false);
    const { validate } = await import('@readme/openapi-parser');
    await expect(validate(structuredClone(doc))).resolves.toMatchObject({ valid: true });
  });
});

describe('production', () => {
  const prodEnv = {
    NODE_ENV: 'production',
    JWT_SECRET: 'p'.repeat(40),
    SOLAPI_API_KEY: 'key',
    SOLAPI_API_SECRET: 'secret',
    SOLAPI_SENDER: '0212345678',
    PUBLIC_ORIGIN: 'https://codiroom.example',
  };

  it('has no dev provider routes, and a provider without keys is unavailable', async () => {
    const prod = await createTestApp({ env: prodEnv });
    try {
      for (const path of [
        '/api/dev/oauth/kakao/authorize?state=s&redirect_uri=x',
        '/api/dev/oauth/kakao/approve?state=s&redirect_uri=x&social_id=a&name=b',
        '/api/dev/oauth/kakao/me',
      ]) {
        const res = await prod.app.inject({ url: path, headers: { host: HOST } });
        expect(res.statusCode, path).toBe(404);
      }
      const token = await prod.app.inject({
        method: 'POST',
        url: '/api/dev/oauth/kakao/token',
        payload: { code: 'x' },
      });
      expect(token.statusCode).toBe(404);
      const authorize = await prod.app.inject({
        url: '/api/users/oauth/kakao/authorize',
        headers: { host: HOST },
      });
      expect(authorize.statusCode).toBe(503);
      expect(authorize.json().detail).toContain('카카오');
      const exchange = await authToken(prod.app, { provider: 'naver', code: 'x', state: 'y'.repeat(32) });
      expect(exchange.statusCode).toBe(503);
    } finally {
      await prod.close();
    }
  });

  it('uses the real provider when its keys are set (OAUTH_REDIRECT_ORIGIN for the redirect_uri)', async () => {
    const prod = await createTestApp({
      env: { ...prodEnv, KAKAO_CLIENT_ID: 'rest-key', OAUTH_REDIRECT_ORIGIN: 'https://codiroom.example/' },
    });
    try {
      const res = await prod.app.inject({
        url: '/api/users/oauth/kakao/authorize',
        headers: { host: 'internal:3000' },
      });
      expect(res.statusCode).toBe(302);
      const url = new URL(String(res.headers.location));
      expect(url.origin).toBe('https://kauth.kakao.com');
      expect(url.searchParams.get('redirect_uri')).toBe('https://codiroom.example/oauth/kakao/callback');
    } finally {
      await prod.close();
    }
  });
});

describe('authorize', () => {
  it('limits how many states one client address can open per minute', async () => {
    let last = 0;
    for (let i = 0; i < 121; i++) {
      last = (await t.app.inject({ url: '/api/users/oauth/naver/authorize', remoteAddress: '10.9.9.9' }))
        .statusCode;
      if (i < 120) expect(last).toBe(302);
    }
    expect(last).toBe(429);
    const other = await t.app.inject({ url: '/api/users/oauth/naver/authorize', remoteAddress: '10.9.9.8' });
    expect(other.statusCode).toBe(302);
  });
});
