/**
 * The real Kakao, Naver and Apple adapters against a local fake of each provider's HTTP API:
 * authorize redirects, code exchange, profile, the Naver state check, rejections (401 naming the
 * provider), an unavailable provider (502), Apple's client_secret, id_token verification against
 * the JWKS, the stored refresh token and revoke-apple.
 */

import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { exportPKCS8, generateKeyPair } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { socialIdentities, users } from '../src/db/schema.ts';
import { MemoryStore } from '../src/platform/kv.ts';
import { AGREED } from './auth-helpers.ts';
import { createTestApp, guestIdOf, type TestApp } from './helpers.ts';
import {
  authToken,
  FakeProviders,
  freshMobile,
  HOST,
  movableClock,
  smsCode,
  startAuthorize,
} from './social-fakes.ts';

const clock = movableClock();
let fake: FakeProviders;
let t: TestApp;

beforeAll(async () => {
  fake = await new FakeProviders(clock).start();
  t = await createTestApp({ env: fake.env(), clock });
  // Key-value entries expire on the test clock.
  t.ctx.kv = new MemoryStore(() => clock.now().getTime());
});
afterAll(async () => {
  await t?.close();
  await fake?.stop();
});
beforeEach(() => {
  fake.requests = [];
  fake.failWith = null;
  fake.appleIdTokenFor = (user) => fake.appleIdToken(user);
});

async function signUp(
  body: { social_type: string; social_id: string; oauth_token: string },
  name = '김코디',
) {
  const phone = freshMobile();
  const code = await smsCode(t.app, phone);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/users/social-sign-up',
    headers: { 'x-guest-user-id': guestIdOf(t.ctx, `guest-${phone}`) },
    payload: { ...body, phone, code, user_name: name, ...AGREED },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { status: string; access: string; user: { id: number } };
}

describe('Kakao', () => {
  it('redirects to kauth with the client id, the callback redirect_uri and a fresh state', async () => {
    const url = await startAuthorize(t.app, 'kakao');
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.base}/kakao-auth/oauth/authorize`);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('client_id')).toBe('kakao-rest-key');
    expect(url.searchParams.get('redirect_uri')).toBe(`http://${HOST}/oauth/kakao/callback`);
    const state = url.searchParams.get('state') ?? '';
    expect(state).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect((await startAuthorize(t.app, 'kakao')).searchParams.get('state')).not.toBe(state);
  });

  it('exchanges the code (POST /oauth/token) with its PKCE verifier, reads /v2/user/me and asks for sign-up', async () => {
    const authorize = await startAuthorize(t.app, 'kakao');
    const state = authorize.searchParams.get('state');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    fake.approve(authorize, 'kakao-code-1', {
      id: 4_100_000_001,
      kakao_account: {
        email: 'kim@kakao.test',
        is_email_valid: true,
        is_email_verified: true,
        name: '김카카오',
        phone_number: '+82 10-2345-6789',
        profile: { nickname: '카카오닉' },
      },
    });
    const res = await authToken(t.app, { provider: 'kakao', code: 'kakao-code-1', state });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'SIGN_UP_REQUIRED',
      social_type: 'KAKAO',
      social_id: '4100000001',
      email: 'kim@kakao.test',
      name: '김카카오',
      phone: '01023456789',
    });
    expect(body.oauth_token).toEqual(expect.any(String));

    const [tokenCall] = fake.requestsTo('/kakao-auth/oauth/token');
    expect(tokenCall?.method).toBe('POST');
    expect(tokenCall?.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(Object.fromEntries(tokenCall?.form ?? [])).toEqual({
      grant_type: 'authorization_code',
      client_id: 'kakao-rest-key',
      client_secret: 'kakao-secret',
      redirect_uri: `http://${HOST}/oauth/kakao/callback`,
      code: 'kakao-code-1',
      code_verifier: expect.stringMatching(/^[A-Za-z0-9_-]{43,128}$/),
    });
    // The verifier is the one behind the authorize request's S256 challenge (RFC 7636).
    expect(
      createHash('sha256')
        .update(tokenCall?.form.get('code_verifier') ?? '')
        .digest('base64url'),
    ).toBe(authorize.searchParams.get('code_challenge'));
    const [me] = fake.requestsTo('/kakao-api/v2/user/me');
    expect(me?.headers.authorization).toMatch(/^Bearer kakao-at-\d+$/);

    // Signed up, the same Kakao account signs in through auth/token.
    const session = await signUp(body);
    expect(session.status).toBe('SIGNED_UP');
    const again = (await startAuthorize(t.app, 'kakao')).searchParams.get('state');
    fake.kakaoCodes.set('kakao-code-2', { id: 4_100_000_001, kakao_account: {} });
    const signedIn = await authToken(t.app, { provider: 'kakao', code: 'kakao-code-2', state: again });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toMatchObject({ status: 'SIGNED_IN', user: { id: session.user.id } });
  });

  it('a refused code is a 401 naming Kakao', async () => {
    const state = (await startAuthorize(t.app, 'kakao')).searchParams.get('state');
    const res = await authToken(t.app, { provider: 'kakao', code: 'not-issued', state });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toContain('카카오');
    expect(res.json().detail).toContain('invalid_grant');
    expect(fake.requestsTo('/kakao-api/v2/user/me')).toHaveLength(0);
  });

  it('Kakao down (5xx) is a 502 naming Kakao', async () => {
    const state = (await startAuthorize(t.app, 'kakao')).searchParams.get('state');
    fake.failWith = 503;
    const res = await authToken(t.app, { provider: 'kakao', code: 'whatever', state });
    expect(res.statusCode).toBe(502);
    expect(res.json().detail).toContain('카카오');
  });
});

describe('Naver', () => {
  it('redirects to nid.naver.com and forwards the checked state to the token call', async () => {
    const url = await startAuthorize(t.app, 'naver');
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.base}/naver-auth/oauth2.0/authorize`);
    expect(url.searchParams.get('client_id')).toBe('naver-client');
    expect(url.searchParams.get('redirect_uri')).toBe(`http://${HOST}/oauth/naver/callback`);
    const state = url.searchParams.get('state');
    fake.naverCodes.set('naver-code-1', {
      id: 'naver-uid-AbC123',
      email: 'lee@naver.test',
      name: '이네이버',
      mobile: '010-3456-7890',
    });
    const res = await authToken(t.app, { provider: 'naver', code: 'naver-code-1', state });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'SIGN_UP_REQUIRED',
      social_type: 'NAVER',
      social_id: 'naver-uid-AbC123',
      email: 'lee@naver.test',
      name: '이네이버',
      phone: '01034567890',
    });
    const [tokenCall] = fake.requestsTo('/naver-auth/oauth2.0/token');
    expect(tokenCall?.form.get('grant_type')).toBe('authorization_code');
    expect(tokenCall?.form.get('client_id')).toBe('naver-client');
    expect(tokenCall?.form.get('client_secret')).toBe('naver-secret');
    expect(tokenCall?.form.get('state')).toBe(state);
    expect(fake.requestsTo('/naver-api/v1/nid/me')[0]?.headers.authorization).toMatch(/^Bearer naver-at-/);
  });

  it('rejects a missing, unknown, reused or other-provider state before calling Naver', async () => {
    fake.naverCodes.set('naver-code-s', { id: 'naver-uid-state' });
    const missing = await authToken(t.app, { provider: 'naver', code: 'naver-code-s' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toContain('네이버');

    const wrong = await authToken(t.app, { provider: 'naver', code: 'naver-code-s', state: 'x'.repeat(32) });
    expect(wrong.statusCode).toBe(400);

    const kakaoState = (await startAuthorize(t.app, 'kakao')).searchParams.get('state');
    const crossed = await authToken(t.app, { provider: 'naver', code: 'naver-code-s', state: kakaoState });
    expect(crossed.statusCode).toBe(400);
    expect(fake.requestsTo('/naver-auth/oauth2.0/token')).toHaveLength(0);

    const state = (await startAuthorize(t.app, 'naver')).searchParams.get('state');
    const first = await authToken(t.app, { provider: 'naver', code: 'naver-code-s', state });
    expect(first.statusCode, first.body).toBe(200);
    fake.naverCodes.set('naver-code-s2', { id: 'naver-uid-state' });
    const reused = await authToken(t.app, { provider: 'naver', code: 'naver-code-s2', state });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().detail).toContain('네이버');
    expect(fake.requestsTo('/naver-auth/oauth2.0/token')).toHaveLength(1);
  });

  it('expires a state after 10 minutes', async () => {
    const state = (await startAuthorize(t.app, 'naver')).searchParams.get('state');
    fake.naverCodes.set('naver-code-late', { id: 'naver-uid-late' });
    clock.advance(601);
    const res = await authToken(t.app, { provider: 'naver', code: 'naver-code-late', state });
    expect(res.statusCode).toBe(400);
  });

  it("Naver's 200-with-error answer for a bad code is a 401 naming Naver", async () => {
    const state = (await startAuthorize(t.app, 'naver')).searchParams.get('state');
    const res = await authToken(t.app, { provider: 'naver', code: 'never-issued', state });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toContain('네이버');
    expect(res.json().detail).toContain('invalid_request');
  });
});

describe('Apple', () => {
  it('redirects to appleid with a query callback (no scope, so no cross-site form_post), a state and a nonce', async () => {
    const url = await startAuthorize(t.app, 'apple');
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.base}/apple/auth/authorize`);
    expect(url.searchParams.get('client_id')).toBe(fake.apple.clientId);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('response_mode')).toBe('query');
    expect(url.searchParams.has('scope')).toBe(false);
    expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(url.searchParams.get('redirect_uri')).toBe(`http://${HOST}/oauth/apple/callback`);
    // The OpenID nonce its id_token must carry back.
    expect(url.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('signs the client_secret (ES256, team key), verifies the id_token against /auth/keys, keeps the refresh token, revokes it', async () => {
    const authorize = await startAuthorize(t.app, 'apple');
    const state = authorize.searchParams.get('state');
    fake.approve(authorize, 'apple-code-1', {
      sub: '001234.abcdef.0999',
      email: 'park@privaterelay.appleid.com',
    });
    const res = await authToken(t.app, { provider: 'apple', code: 'apple-code-1', state });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'SIGN_UP_REQUIRED',
      social_type: 'APPLE',
      social_id: '001234.abcdef.0999',
      email: 'park@privaterelay.appleid.com',
    });
    expect(body.phone).toBeUndefined();
    const [tokenCall] = fake.requestsTo('/apple/auth/token');
    expect(await fake.appleClientSecretProblem(tokenCall?.form.get('client_secret') ?? null)).toBeNull();
    expect(tokenCall?.form.get('redirect_uri')).toBe(`http://${HOST}/oauth/apple/callback`);
    expect(fake.requestsTo('/apple/auth/keys').length).toBeGreaterThanOrEqual(1);

    // The refresh token is not readable from the oauth_token the browser holds.
    expect(Buffer.from(String(body.oauth_token).split('.')[1] ?? '', 'base64url').toString()).not.toContain(
      'apple-rt-',
    );

    const session = await signUp(body, '박애플');
    const [identity] = await t.ctx.db
      .select()
      .from(socialIdentities)
      .where(eq(socialIdentities.user_id, session.user.id));
    expect(identity).toMatchObject({ social_type: 'APPLE', social_id: '001234.abcdef.0999' });
    expect(identity?.oauth_token).toMatch(/^apple-rt-\d+$/);

    // Signing in again renews the stored refresh token.
    const reauthorize = await startAuthorize(t.app, 'apple');
    const again = reauthorize.searchParams.get('state');
    fake.approve(reauthorize, 'apple-code-2', { sub: '001234.abcdef.0999' });
    const signedIn = await authToken(t.app, { provider: 'apple', code: 'apple-code-2', state: again });
    expect(signedIn.json()).toMatchObject({ status: 'SIGNED_IN', user: { id: session.user.id } });
    const [renewed] = await t.ctx.db
      .select({ oauth_token: socialIdentities.oauth_token })
      .from(socialIdentities)
      .where(eq(socialIdentities.user_id, session.user.id));
    expect(renewed?.oauth_token).toMatch(/^apple-rt-\d+$/);
    expect(renewed?.oauth_token).not.toBe(identity?.oauth_token);

    const revoke = await t.app.inject({
      method: 'POST',
      url: '/api/users/revoke-apple',
      headers: { authorization: `Bearer ${session.access}` },
    });
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect(revoke.json()).toMatchObject({ result: 'ok' });
    const [revokeCall] = fake.requestsTo('/apple/auth/revoke');
    expect(revokeCall?.form.get('token')).toBe(renewed?.oauth_token);
    expect(revokeCall?.form.get('token_type_hint')).toBe('refresh_token');
    expect(revokeCall?.form.get('client_id')).toBe(fake.apple.clientId);
    expect(await fake.appleClientSecretProblem(revokeCall?.form.get('client_secret') ?? null)).toBeNull();
    expect(fake.revoked).toEqual([renewed?.oauth_token]);
    const left = await t.ctx.db
      .select()
      .from(socialIdentities)
      .where(eq(socialIdentities.user_id, session.user.id));
    expect(left).toHaveLength(0);
    // The member stays (they can sign in by phone).
    const [member] = await t.ctx.db.select().from(users).where(eq(users.id, session.user.id));
    expect(member?.is_active).toBe(true);

    const twice = await t.app.inject({
      method: 'POST',
      url: '/api/users/revoke-apple',
      headers: { authorization: `Bearer ${session.access}` },
    });
    expect(twice.statusCode).toBe(404);
  });

  it('an id_token not signed by Apple, or for another client, is a 401 naming Apple', async () => {
    const other = await generateKeyPair('ES256');
    fake.appleIdTokenFor = (user) => fake.appleIdToken(user, { key: other.privateKey });
    let authorize = await startAuthorize(t.app, 'apple');
    let state = authorize.searchParams.get('state');
    fake.approve(authorize, 'apple-forged', { sub: 'attacker-chosen-sub' });
    let res = await authToken(t.app, { provider: 'apple', code: 'apple-forged', state });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toContain('Apple');

    fake.appleIdTokenFor = (user) => fake.appleIdToken(user, { aud: 'com.someone.else' });
    authorize = await startAuthorize(t.app, 'apple');
    state = authorize.searchParams.get('state');
    fake.approve(authorize, 'apple-aud', { sub: 'x' });
    res = await authToken(t.app, { provider: 'apple', code: 'apple-aud', state });
    expect(res.statusCode).toBe(401);

    fake.appleIdTokenFor = (user) => fake.appleIdToken(user, { iss: 'https://evil.example' });
    authorize = await startAuthorize(t.app, 'apple');
    state = authorize.searchParams.get('state');
    fake.approve(authorize, 'apple-iss', { sub: 'x' });
    res = await authToken(t.app, { provider: 'apple', code: 'apple-iss', state });
    expect(res.statusCode).toBe(401);

    // Signed by Apple's key but without `exp`: a token that never expires is refused.
    fake.appleIdTokenFor = (user) => fake.appleIdToken(user, { noExp: true });
    authorize = await startAuthorize(t.app, 'apple');
    state = authorize.searchParams.get('state');
    fake.approve(authorize, 'apple-no-exp', { sub: 'apple-no-exp-sub' });
    res = await authToken(t.app, { provider: 'apple', code: 'apple-no-exp', state });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toContain('Apple');
  });

  it('a refused Apple code is a 401 naming Apple', async () => {
    const state = (await startAuthorize(t.app, 'apple')).searchParams.get('state');
    const res = await authToken(t.app, { provider: 'apple', code: 'never-issued', state });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toContain('Apple');
  });
});

describe('configuration', () => {
  it('takes provider keys as complete sets and checks the Apple key', async () => {
    const env = fake.env();
    expect(() => loadConfig({ NODE_ENV: 'test', ...env })).not.toThrow();
    expect(loadConfig({ NODE_ENV: 'test', ...env }).APPLE_PRIVATE_KEY).toContain(
      '-----BEGIN PRIVATE KEY-----\n',
    );
    expect(() => loadConfig({ NODE_ENV: 'test', NAVER_CLIENT_ID: 'x' })).toThrow(/NAVER_CLIENT_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'test', KAKAO_CLIENT_SECRET: 'x' })).toThrow(/KAKAO_CLIENT_ID/);
    expect(() => loadConfig({ NODE_ENV: 'test', APPLE_CLIENT_ID: env.APPLE_CLIENT_ID })).toThrow(
      /APPLE_TEAM_ID/,
    );
    const rsa = await generateKeyPair('RS256', { extractable: true });
    expect(() => loadConfig({ NODE_ENV: 'test', ...env, APPLE_PRIVATE_KEY: 'not a key' })).toThrow(
      /APPLE_PRIVATE_KEY/,
    );
    const rsaPem = await exportPKCS8(rsa.privateKey);
    expect(() => loadConfig({ NODE_ENV: 'test', ...env, APPLE_PRIVATE_KEY: rsaPem })).toThrow(/EC P-256/);
    expect(
      loadConfig({ NODE_ENV: 'test', OAUTH_REDIRECT_ORIGIN: 'https://codiroom.example/x' })
        .OAUTH_REDIRECT_ORIGIN,
    ).toBe('https://codiroom.example');
  });
});
