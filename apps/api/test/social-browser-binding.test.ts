/**
 * The OAuth state belongs to the browser that started the sign-in (docs/ARCHITECTURE.md
 * "Security"). The attack: an attacker starts a sign-in, approves it with their own provider
 * identity and keeps the callback link (code and state); a victim's browser that opens it must not
 * be signed in (login CSRF) nor led to sign up under the attacker's identity. For Kakao, Naver and
 * Apple (the real adapters against the fakes) and the dev provider: refused in another browser,
 * finished once in the starting one, refused when replayed or expired. Kakao's PKCE and Apple's
 * nonce also tie the code to the sign-in that asked for it.
 */
import { SOCIAL_MESSAGES, SOCIAL_STATE_TTL_S, type SocialProviderKey } from '@codiroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAUTH_BROWSER_COOKIE } from '../src/domains/users/social/state.ts';
import { MemoryStore } from '../src/platform/kv.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { authToken, Browser, FakeProviders, HOST, movableClock, startAuthorize } from './social-fakes.ts';

const clock = movableClock();
let fake: FakeProviders;
/** Kakao, Naver and Apple with keys (their fakes). */
let real: TestApp;
/** No provider keys: the dev provider stands in. */
let dev: TestApp;

beforeAll(async () => {
  fake = await new FakeProviders(clock).start();
  real = await createTestApp({ env: fake.env(), clock });
  real.ctx.kv = new MemoryStore(() => clock.now().getTime());
  dev = await createTestApp({ clock });
  dev.ctx.kv = new MemoryStore(() => clock.now().getTime());
});
afterAll(async () => {
  await real?.close();
  await dev?.close();
  await fake?.stop();
});

type Kind = 'kakao' | 'naver' | 'apple' | 'dev';
type Case = { kind: Kind; provider: SocialProviderKey; label: string; app: () => TestApp };

const CASES: Case[] = [
  { kind: 'kakao', provider: 'kakao', label: '카카오', app: () => real },
  { kind: 'naver', provider: 'naver', label: '네이버', app: () => real },
  { kind: 'apple', provider: 'apple', label: 'Apple', app: () => real },
  { kind: 'dev', provider: 'kakao', label: '카카오', app: () => dev },
];

let seq = 0;
/** A provider user id no other test uses (digits: valid for every provider). */
function freshSocialId(): string {
  seq += 1;
  return `77${process.pid}${String(seq).padStart(4, '0')}`;
}

/** The provider's sign-in started and approved as `socialId` in `browser`: the callback's code and state. */
async function signInAtProvider(c: Case, browser: Browser, socialId: string) {
  const authorize = await startAuthorize(c.app().app, c.provider, browser);
  if (c.kind === 'dev') {
    const q = new URLSearchParams({
      state: authorize.searchParams.get('state') ?? '',
      redirect_uri: authorize.searchParams.get('redirect_uri') ?? '',
      code_challenge: authorize.searchParams.get('code_challenge') ?? '',
      social_id: socialId,
      name: '김공격',
    });
    const approved = await dev.app.inject({
      url: `/api/dev/oauth/${c.provider}/approve?${q}`,
      headers: { host: HOST },
    });
    expect(approved.statusCode, approved.body).toBe(302);
    const callback = new URL(String(approved.headers.location));
    return { code: callback.searchParams.get('code') ?? '', state: callback.searchParams.get('state') ?? '' };
  }
  const code = `${c.kind}-binding-${socialId}`;
  const user =
    c.kind === 'kakao'
      ? { id: Number(socialId), kakao_account: { name: '김공격' } }
      : c.kind === 'naver'
        ? { id: socialId, name: '김공격' }
        : { sub: socialId };
  fake.approve(authorize, code, user);
  return { code, state: authorize.searchParams.get('state') ?? '' };
}

describe.each(CASES)('$kind: the state belongs to the browser that started the sign-in', (c) => {
  it("an attacker's callback link is refused in another browser; the starting browser finishes it once", async () => {
    const attacker = new Browser();
    const victim = new Browser();
    const link = await signInAtProvider(c, attacker, freshSocialId());
    const body = { provider: c.provider, ...link };

    // A fresh browser, without the cookie.
    const fresh = await authToken(c.app().app, body, {}, victim);
    expect(fresh.statusCode, fresh.body).toBe(400);
    expect(fresh.json().detail).toBe(SOCIAL_MESSAGES.stateOtherBrowser(c.label));

    // A browser holding a cookie of its own (it started a sign-in too).
    await startAuthorize(c.app().app, c.provider, victim);
    expect(victim.cookies.get(OAUTH_BROWSER_COOKIE)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const other = await authToken(c.app().app, body, {}, victim);
    expect(other.statusCode, other.body).toBe(400);
    expect(other.json().detail).toBe(SOCIAL_MESSAGES.stateOtherBrowser(c.label));

    // The browser that started it: the refusals above did not spend the state.
    const own = await authToken(c.app().app, body, {}, attacker);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().status).toBe('SIGN_UP_REQUIRED');

    // Replayed, from either browser.
    for (const browser of [attacker, victim]) {
      const replay = await authToken(c.app().app, body, {}, browser);
      expect(replay.statusCode, replay.body).toBe(400);
    }
    const replay = await authToken(c.app().app, body, {}, attacker);
    expect(replay.json().detail).toBe(SOCIAL_MESSAGES.stateUsed(c.label));
  });

  it('a state expires after 10 minutes', async () => {
    const visitor = new Browser();
    const link = await signInAtProvider(c, visitor, freshSocialId());
    clock.advance(SOCIAL_STATE_TTL_S + 1);
    const late = await authToken(c.app().app, { provider: c.provider, ...link }, {}, visitor);
    expect(late.statusCode, late.body).toBe(400);
    expect(late.json().detail).toBe(SOCIAL_MESSAGES.stateInvalid(c.label));
  });
});

describe('the browser cookie', () => {
  it('is HttpOnly, SameSite=Lax, for the account calls only, 10 minutes; a browser keeps its key', async () => {
    const res = await dev.app.inject({ url: '/api/users/oauth/naver/authorize', headers: { host: HOST } });
    expect(res.statusCode).toBe(302);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(
      new RegExp(
        `^${OAUTH_BROWSER_COOKIE}=[A-Za-z0-9_-]{43}; Path=/api/users; Max-Age=600; HttpOnly; SameSite=Lax$`,
      ),
    );
    expect(res.headers['cache-control']).toBe('no-store');

    // Two sign-ins started in two tabs of one browser both finish.
    const browser = new Browser();
    const first = await signInAtProvider(CASES[3] as Case, browser, freshSocialId());
    const key = browser.cookies.get(OAUTH_BROWSER_COOKIE);
    const second = await signInAtProvider(CASES[3] as Case, browser, freshSocialId());
    expect(browser.cookies.get(OAUTH_BROWSER_COOKIE)).toBe(key);
    for (const link of [first, second]) {
      const res = await authToken(dev.app, { provider: 'kakao', ...link }, {}, browser);
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('is Secure when the public origin is https, whatever the socket', async () => {
    const app = await createTestApp({ env: { PUBLIC_ORIGIN: 'https://codiroom.kr' }, clock });
    try {
      const res = await app.app.inject({
        url: '/api/users/oauth/kakao/authorize',
        headers: { host: HOST },
      });
      expect(res.statusCode).toBe(302);
      expect(String(res.headers['set-cookie'])).toMatch(/; SameSite=Lax; Secure$/);
    } finally {
      await app.close();
    }
  });
});

describe('the code is tied to the sign-in that asked for it', () => {
  it.each([
    CASES[0],
    CASES[3],
  ] as Case[])("$kind (PKCE): an attacker's code inside the victim's own sign-in is refused", async (c) => {
    const link = await signInAtProvider(c, new Browser(), freshSocialId());
    const victim = new Browser();
    const victimState = (await startAuthorize(c.app().app, c.provider, victim)).searchParams.get('state');
    const res = await authToken(
      c.app().app,
      { provider: c.provider, code: link.code, state: victimState },
      {},
      victim,
    );
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json().detail).toContain(c.label);
  });

  it("apple (nonce): an attacker's code inside the victim's own sign-in is refused", async () => {
    const c = CASES[2] as Case;
    const link = await signInAtProvider(c, new Browser(), freshSocialId());
    const victim = new Browser();
    const victimState = (await startAuthorize(real.app, 'apple', victim)).searchParams.get('state');
    const res = await authToken(
      real.app,
      { provider: 'apple', code: link.code, state: victimState },
      {},
      victim,
    );
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json().detail).toBe(SOCIAL_MESSAGES.rejected('Apple', 'nonce'));
  });
});
