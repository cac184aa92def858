/**
 * The configured public origin (docs/ARCHITECTURE.md "Security"): public URLs — the OAuth
 * redirect_uri, the storefront's page URL (canonical links, robots.txt, sitemap.xml) — come from
 * PUBLIC_ORIGIN, never from the Host header, and the session cookies are `Secure` exactly when it
 * is https, whatever the server's own socket saw.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { createOperator } from '../src/domains/admin/index.ts';
import { createContext } from '../src/platform/create-context.ts';
import { MemoryStore } from '../src/platform/kv.ts';
import { toWebRequest } from '../src/web/storefront.ts';
import { signUpViaApi } from './auth-helpers.ts';
import { createTestApp, openTestDatabase, type TestApp, testEnv } from './helpers.ts';

const ORIGIN = 'https://codiroom.example';
const EVIL = 'evil.example';

/** A new member signed in with its password: the sign-in answer. */
async function signIn(app: FastifyInstance) {
  const { phone } = await signUpViaApi(app, { password: 'codiroom123' });
  return app.inject({
    method: 'POST',
    url: '/api/users/sign-in',
    payload: { phone, password: 'codiroom123' },
  });
}

function setCookie(res: { headers: Record<string, unknown> }, name: string): string | undefined {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw.map(String) : raw ? [String(raw)] : [];
  return list.find((c) => c.startsWith(`${name}=`));
}

describe('configuration', () => {
  const production = {
    NODE_ENV: 'production',
    JWT_SECRET: 'p'.repeat(40),
    SOLAPI_API_KEY: 'k',
    SOLAPI_API_SECRET: 's',
    SOLAPI_SENDER: '0200000000',
  };

  it('production needs PUBLIC_ORIGIN; elsewhere it is http://localhost:PORT', () => {
    expect(() => loadConfig(production)).toThrow(/PUBLIC_ORIGIN/);
    const dev = loadConfig({ NODE_ENV: 'development', PORT: '4123' });
    expect(dev.PUBLIC_ORIGIN).toBe('http://localhost:4123');
    expect(dev.secureCookies).toBe(false);
  });

  it('is an origin; OAUTH_REDIRECT_ORIGIN defaults to it and stays an override', () => {
    const c = loadConfig({ ...production, PUBLIC_ORIGIN: `${ORIGIN}/shop/` });
    expect(c.PUBLIC_ORIGIN).toBe(ORIGIN);
    expect(c.OAUTH_REDIRECT_ORIGIN).toBe(ORIGIN);
    // Pushes carry a URL only when asked to (the app shell opens `data.link` itself).
    expect(c.PUSH_LINK_ORIGIN).toBeUndefined();
    expect(c.secureCookies).toBe(true);
    const o = loadConfig({
      ...production,
      PUBLIC_ORIGIN: ORIGIN,
      OAUTH_REDIRECT_ORIGIN: 'https://m.codiroom.example',
    });
    expect(o.OAUTH_REDIRECT_ORIGIN).toBe('https://m.codiroom.example');
    expect(() => loadConfig({ ...production, PUBLIC_ORIGIN: 'ftp://codiroom.example' })).toThrow(
      /PUBLIC_ORIGIN/,
    );
  });
});

describe('behind a TLS proxy (PUBLIC_ORIGIN https, TRUST_PROXY unset)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_ORIGIN: ORIGIN, KAKAO_CLIENT_ID: 'rest-key' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('the OAuth redirect_uri is the configured origin, whatever Host the browser sent', async () => {
    const res = await t.app.inject({ url: '/api/users/oauth/kakao/authorize', headers: { host: EVIL } });
    expect(res.statusCode).toBe(302);
    const url = new URL(String(res.headers.location));
    expect(url.searchParams.get('redirect_uri')).toBe(`${ORIGIN}/oauth/kakao/callback`);
  });

  it('the refresh cookie is Secure although the socket was plain http', async () => {
    const res = await signIn(t.app);
    expect(res.statusCode).toBe(200);
    expect(setCookie(res, 'refreshToken')).toMatch(/; Secure$/);
    const out = await t.app.inject({ method: 'POST', url: '/api/users/sign-out', payload: {} });
    const cleared = setCookie(out, 'refreshToken');
    if (cleared) expect(cleared).toMatch(/; Secure$/);
  });

  it('the operator cookie is Secure too', async () => {
    await createOperator(t.ctx, {
      email: 'secure-op@codiroom.test',
      name: '운영자',
      roles: ['ADMIN'],
      password: 'operator-pass-2026',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/auth/login',
      payload: { email: 'secure-op@codiroom.test', password: 'operator-pass-2026' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(setCookie(res, 'codiroom_op')).toMatch(/; Secure$/);
  });
});

describe('the dev OAuth stand-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_ORIGIN: 'http://localhost:3000' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends back only to the configured origin, not to the Host of the request', async () => {
    const authorize = (redirect: string) =>
      t.app.inject({
        url: `/api/dev/oauth/kakao/authorize?state=s&redirect_uri=${encodeURIComponent(redirect)}`,
        headers: { host: EVIL },
      });
    expect((await authorize(`http://${EVIL}/oauth/kakao/callback`)).statusCode).toBe(400);
    expect((await authorize('http://localhost:3000/oauth/kakao/callback')).statusCode).toBe(200);
  });

  it('cookies stay without Secure on http://localhost (development)', async () => {
    const res = await signIn(t.app);
    expect(setCookie(res, 'refreshToken')).toBeDefined();
    expect(setCookie(res, 'refreshToken')).not.toContain('Secure');
  });
});

describe('the storefront page URL', () => {
  let t: { app: FastifyInstance; database: Database };
  beforeAll(async () => {
    const database = await openTestDatabase();
    const ctx = createContext(loadConfig(testEnv({ PUBLIC_ORIGIN: ORIGIN })), database, {
      kv: new MemoryStore(),
    });
    const app = await buildApp(ctx);
    // The request the storefront's handler gives React Router, answered as its URL.
    app.get('/page-url-probe/*', async (req, reply) => toWebRequest(req, reply).url);
    await app.ready();
    t = { app, database };
  });
  afterAll(async () => {
    await t.app.close();
    await t.database.close();
  });

  it('is the configured origin with the request path, never the Host or X-Forwarded-Host', async () => {
    const res = await t.app.inject({
      url: '/page-url-probe/robots.txt?x=1',
      headers: { host: EVIL, 'x-forwarded-host': EVIL, 'x-forwarded-proto': 'http' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(`${ORIGIN}/page-url-probe/robots.txt?x=1`);
  });

  it('keeps a path that looks like a host a path of the shop', async () => {
    const res = await t.app.inject({ url: '/page-url-probe//evil.example/x', headers: { host: EVIL } });
    expect(res.statusCode).toBe(200);
    expect(new URL(res.body).origin).toBe(ORIGIN);
  });
});
