/**
 * The OAuth `state` and the browser it belongs to (docs/ARCHITECTURE.md "Security").
 *
 * GET /api/users/oauth/{provider}/authorize issues a state and keeps it in the key-value store for
 * 10 minutes with the provider, the redirect_uri it was issued for, the PKCE verifier, the OpenID
 * nonce, and a SHA-256 of the browser's key. The browser's key is 32 random bytes in the HttpOnly,
 * SameSite=Lax cookie `oauthBrowser` (Path=/api/users, 10 minutes), set by that authorize answer;
 * a browser that already holds one keeps it, so two sign-ins started in two tabs both finish.
 * auth/token accepts the state once, and only from the browser holding that key: a callback link
 * (code and state) opened in another browser is refused, so nobody can sign a visitor into their
 * own provider account (login CSRF) nor have them sign up under it.
 *
 * SameSite=Lax suffices: every provider returns by a top-level GET to /oauth/{provider}/callback
 * (Apple too: response_mode=query, apple.ts), and that page calls auth/token from our own origin.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { SOCIAL_STATE_TTL_S, type SocialProviderKey } from '@codiroom/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { appendSetCookie, requestCookie, secureAttribute } from '../../../platform/cookies.ts';
import type { KeyValueStore } from '../../../platform/kv.ts';
import type { SocialFlow } from './provider.ts';

export const OAUTH_BROWSER_COOKIE = 'oauthBrowser';
/** Sent only to the account calls: authorize and auth/token are both under it. */
const OAUTH_BROWSER_COOKIE_PATH = '/api/users';

const STATE_RE = /^[A-Za-z0-9_-]{20,128}$/;
const BROWSER_KEY_RE = /^[A-Za-z0-9_-]{43}$/;
const stateKey = (state: string) => `social:state:${state}`;
const usedKey = (state: string) => `social:state-used:${state}`;

type Stored = {
  provider: SocialProviderKey;
  redirect_uri: string;
  /** SHA-256 (base64url) of the browser's key. */
  browser: string;
  code_verifier: string;
  nonce: string;
};

const random = () => randomBytes(32).toString('base64url');
const digest = (value: string) => createHash('sha256').update(value).digest();

/** The browser key of the request's `oauthBrowser` cookie, or null when absent or malformed. */
export function browserKeyOf(req: FastifyRequest): string | null {
  const key = requestCookie(req.headers, OAUTH_BROWSER_COOKIE);
  return key && BROWSER_KEY_RE.test(key) ? key : null;
}

/** The key authorize binds its state to: the browser's own, or a new one. */
export function browserKeyFor(req: FastifyRequest): string {
  return browserKeyOf(req) ?? random();
}

/** Sets (or renews for another 10 minutes) the `oauthBrowser` cookie on the authorize answer. */
export function setBrowserCookie(req: FastifyRequest, reply: FastifyReply, key: string): void {
  const secure = secureAttribute(req.server.ctx.config);
  appendSetCookie(
    reply,
    `${OAUTH_BROWSER_COOKIE}=${key}; Path=${OAUTH_BROWSER_COOKIE_PATH}; Max-Age=${SOCIAL_STATE_TTL_S}; HttpOnly; SameSite=Lax${secure}`,
  );
}

/** A new flow for `provider`, bound to the browser holding `browserKey`. */
export async function issueState(
  kv: KeyValueStore,
  provider: SocialProviderKey,
  redirectUri: string,
  browserKey: string,
): Promise<SocialFlow> {
  const flow: SocialFlow = {
    state: randomBytes(24).toString('base64url'),
    redirectUri,
    codeVerifier: random(),
    nonce: random(),
  };
  const value: Stored = {
    provider,
    redirect_uri: redirectUri,
    browser: digest(browserKey).toString('base64url'),
    code_verifier: flow.codeVerifier,
    nonce: flow.nonce,
  };
  await kv.set(stateKey(flow.state), JSON.stringify(value), SOCIAL_STATE_TTL_S);
  return flow;
}

/**
 * Why a callback's state was refused: `invalid` (missing, unknown, expired, or issued for another
 * provider), `used` (already exchanged: a replayed callback), `other-browser` (not the browser
 * that started the sign-in, or one without the cookie).
 */
export type StateRefusal = 'invalid' | 'used' | 'other-browser';

function sameBrowser(stored: string, browserKey: string | null): boolean {
  if (!browserKey) return false;
  const expected = Buffer.from(stored, 'base64url');
  const actual = digest(browserKey);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * The flow of a callback's state, or why it is refused. The provider and the browser are checked
 * before the state is spent, so a refused attempt leaves the visitor's own sign-in usable; then it
 * is single use even under concurrent callbacks (the first caller to bump the "used" counter wins).
 */
export async function consumeState(
  kv: KeyValueStore,
  provider: SocialProviderKey,
  state: string | undefined,
  browserKey: string | null,
): Promise<{ flow: SocialFlow } | { refused: StateRefusal }> {
  if (!state || !STATE_RE.test(state)) return { refused: 'invalid' };
  const raw = await kv.get(stateKey(state));
  if (!raw) return { refused: (await kv.get(usedKey(state))) ? 'used' : 'invalid' };
  let stored: Stored;
  try {
    stored = JSON.parse(raw) as Stored;
  } catch {
    return { refused: 'invalid' };
  }
  if (stored.provider !== provider || typeof stored.redirect_uri !== 'string') return { refused: 'invalid' };
  if (typeof stored.browser !== 'string' || !sameBrowser(stored.browser, browserKey)) {
    return { refused: 'other-browser' };
  }
  if ((await kv.incr(usedKey(state), SOCIAL_STATE_TTL_S)) !== 1) return { refused: 'used' };
  await kv.del(stateKey(state));
  return {
    flow: {
      state,
      redirectUri: stored.redirect_uri,
      codeVerifier: stored.code_verifier,
      nonce: stored.nonce,
    },
  };
}
