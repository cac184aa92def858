/**
 * Security headers on every response and no stack traces in production (docs/ARCHITECTURE.md,
 * "Security"). The storefront cases need the web build (apps/web/build, `npm run build`;
 * test/web-build.ts: CI builds first and sets REQUIRE_WEB_BUILD=1, so they cannot be skipped there).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fixedClock } from '@codiroom/shared';
import fastifyHelmet from '@fastify/helmet';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import type { AppContext } from '../src/platform/context.ts';
import { createContext } from '../src/platform/create-context.ts';
import { MemoryStore } from '../src/platform/kv.ts';
import { cspDirectives, DOCUMENT_ONLY_HEADERS, helmetOptions } from '../src/platform/security-headers.ts';
import { mountStorefront } from '../src/web/storefront.ts';
import { openTestDatabase, testEnv } from './helpers.ts';
import { WEB_BUILD, webBuildReady } from './web-build.ts';

const webBuilt = webBuildReady();

const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  JWT_SECRET: 'security-test-secret-security-test-secret',
  SOLAPI_API_KEY: 'test',
  SOLAPI_API_SECRET: 'test',
  SOLAPI_SENDER: '0200000000',
  PUBLIC_ORIGIN: 'https://codiroom.example',
  SOLAPI_BASE_URL: 'http://127.0.0.1:9',
};

/** React Router logs a loader's error with console.error: kept out of the test output. */
function quietConsole() {
  const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  return () => spy.mockRestore();
}

/** Signs of a stack trace or of the server's files in a body. */
const LEAK = /\n\s+at |node_modules|file:\/\/|\/work\/|apps\/(api|web)\/|\.(ts|js|mjs):\d+/;

type Built = { app: FastifyInstance; ctx: AppContext; database: Database };

async function build(
  env: Record<string, string>,
  opts: { storefront?: 'production' | 'development'; extra?: (app: FastifyInstance) => void } = {},
): Promise<Built> {
  const database = await openTestDatabase();
  const config = loadConfig(testEnv(env));
  const ctx = createContext(config, database, {
    clock: fixedClock('2026-11-20T03:00:00Z'),
    kv: new MemoryStore(),
  });
  const app = await buildApp(ctx);
  if (opts.storefront && webBuilt) await mountStorefront(app, WEB_BUILD, opts.storefront);
  opts.extra?.(app);
  await app.ready();
  return { app, ctx, database };
}

async function close(b: Built | undefined) {
  await b?.app.close();
  await b?.database.close();
}

function csp(headers: Record<string, unknown>): Map<string, string[]> {
  const raw = String(headers['content-security-policy'] ?? '');
  return new Map(
    raw
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name as string, values]),
  );
}

function nonceOf(headers: Record<string, unknown>): string {
  const value = csp(headers)
    .get('script-src')
    ?.find((v) => v.startsWith("'nonce-"));
  expect(value, 'script-src has a nonce').toBeDefined();
  return (value as string).slice("'nonce-".length, -1);
}

/** The headers every response carries, whatever it is. */
function expectCommonHeaders(headers: Record<string, unknown>) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-powered-by']).toBeUndefined();
}

/** JSON, scripts, styles, images: a policy that allows nothing. */
function expectNonDocumentHeaders(headers: Record<string, unknown>) {
  expectCommonHeaders(headers);
  expect(headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
}

/** HTML pages: the page policy with this response's nonce. */
function expectPageHeaders(headers: Record<string, unknown>) {
  expectCommonHeaders(headers);
  const d = csp(headers);
  expect(d.get('default-src')).toEqual(["'self'"]);
  expect(d.get('script-src')?.slice(0, 1)).toEqual(["'self'"]);
  expect(d.get('script-src')).not.toContain("'unsafe-inline'");
  expect(d.get('script-src')).not.toContain("'unsafe-eval'");
  expect(d.get('script-src')).toContain('https://js.tosspayments.com');
  expect(d.get('script-src-attr')).toEqual(["'none'"]);
  expect(d.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  expect(d.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
  expect(d.get('connect-src')?.[0]).toBe("'self'");
  expect(d.get('object-src')).toEqual(["'none'"]);
  expect(d.get('base-uri')).toEqual(["'self'"]);
  expect(d.get('form-action')?.[0]).toBe("'self'");
  expect(d.get('frame-ancestors')).toEqual(["'none'"]);
  expect(nonceOf(headers)).toMatch(/^[A-Za-z0-9+/]{22}==$/);
}

/**
 * The headers are worked out once from @fastify/helmet (platform/security-headers.ts): a JSON
 * answer and a page of the app carry every header helmet itself sends with the same options, with
 * the same values, and a page the same policy (but for the nonce).
 */
async function expectSameHeadersAsHelmet(b: Built) {
  const ref = Fastify();
  await ref.register(fastifyHelmet, helmetOptions(b.ctx.config, cspDirectives()));
  ref.get('/json', async () => ({ ok: true }));
  ref.get('/page', async (_request, reply) => reply.type('text/html; charset=utf-8').send('<p>page</p>'));
  const [refJson, refPage] = await Promise.all([ref.inject('/json'), ref.inject('/page')]);
  await ref.close();
  const [json, page] = await Promise.all([b.app.inject('/api/health'), b.app.inject('/api/docs/')]);
  expect(page.headers['content-type']).toMatch(/^text\/html/);
  const own = new Set(['content-type', 'content-length', 'date', 'connection', 'content-security-policy']);
  const helmetNames = Object.keys(refJson.headers).filter((name) => !own.has(name));
  expect(helmetNames.length).toBeGreaterThanOrEqual(10);
  for (const name of helmetNames) {
    // API answers leave out the headers that only mean something for a rendered document.
    expect(json.headers[name], name).toBe(
      DOCUMENT_ONLY_HEADERS.has(name) ? undefined : refJson.headers[name],
    );
    expect(page.headers[name], name).toBe(refJson.headers[name]);
  }
  for (const name of DOCUMENT_ONLY_HEADERS) expect(helmetNames, name).toContain(name);
  const withoutNonce = (headers: Record<string, unknown>) =>
    String(headers['content-security-policy']).replace(/'nonce-[^']+'/, "'nonce-N'");
  expect(withoutNonce(page.headers)).toBe(withoutNonce(refPage.headers));
  expect(withoutNonce(page.headers)).toContain("'nonce-N'");
}

describe('security headers (development / test configuration)', () => {
  let t: Built | undefined;
  beforeAll(async () => {
    t = await build({}, { storefront: 'development' });
  });
  afterAll(async () => close(t));

  it('GET /api/health carries them, without HSTS outside production', async () => {
    const res = await t!.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expectNonDocumentHeaders(res.headers);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('are the headers @fastify/helmet sends with the same options', async () => {
    await expectSameHeadersAsHelmet(t!);
  });

  it('an answer the input bounds give before any handler carries them and the request id', async () => {
    const query = Array.from({ length: 65 }, (_, i) => `k${i}=1`).join('&');
    const res = await t!.app.inject({ url: `/api/health?${query}` });
    expect(res.statusCode).toBe(400);
    expectNonDocumentHeaders(res.headers);
    expect(String(res.headers['x-request-id'])).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a page served under /api (the payment sandbox) gets the document headers too', async () => {
    const res = await t!.app.inject({
      url: '/api/payments/sandbox/checkout?orderId=ORDER123&amount=1000&successUrl=/ok&failUrl=/fail',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    for (const name of DOCUMENT_ONLY_HEADERS) expect(res.headers[name], name).toBeDefined();
    const json = await t!.app.inject({ url: '/api/health' });
    for (const name of DOCUMENT_ONLY_HEADERS) expect(json.headers[name], name).toBeUndefined();
  });

  it('an API 404 and an error answer carry them', async () => {
    const missing = await t!.app.inject({ url: '/api/no-such-route' });
    expect(missing.statusCode).toBe(404);
    expectNonDocumentHeaders(missing.headers);
    const bad = await t!.app.inject({
      method: 'POST',
      url: '/api/carts',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    expect(bad.statusCode).toBeLessThan(500);
    expectNonDocumentHeaders(bad.headers);
  });

  it('each page has its own nonce', async () => {
    const a = await t!.app.inject({ url: '/api/docs/' });
    const b = await t!.app.inject({ url: '/api/docs/' });
    expect(nonceOf(a.headers)).not.toBe(nonceOf(b.headers));
  });

  it('the API docs page (Swagger UI) carries them and loads its scripts as files', async () => {
    const res = await t!.app.inject({ url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expectPageHeaders(res.headers);
    // No inline script: Swagger UI works under script-src 'self'.
    expect(res.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it.skipIf(!webBuilt)('static files of the storefront carry them', async () => {
    const script = readdirSync(`${WEB_BUILD}/client/assets`).find((f) => f.endsWith('.js'));
    for (const url of ['/favicon.svg', `/assets/${script}`]) {
      const res = await t!.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expectNonDocumentHeaders(res.headers);
    }
  });

  it.skipIf(!webBuilt)(
    "the storefront's hashed files are cached for a year as immutable and sent precompressed",
    async () => {
      const script = readdirSync(`${WEB_BUILD}/client/assets`).find((f) => /^entry\.client-.*\.js$/.test(f));
      const plain = await t!.app.inject({ url: `/assets/${script}` });
      expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(plain.headers['content-encoding']).toBeUndefined();
      for (const encoding of ['br', 'gzip']) {
        const res = await t!.app.inject({
          url: `/assets/${script}`,
          headers: { 'accept-encoding': encoding },
        });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers['content-type']).toMatch(/javascript/);
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        // The build's own copy, byte for byte (brotli 11 / gzip 9 once, not per request).
        const file = readFileSync(`${WEB_BUILD}/client/assets/${script}.${encoding === 'br' ? 'br' : 'gz'}`);
        expect(res.rawPayload.equals(file)).toBe(true);
      }
      // Files outside assets/ are not content-addressed: an hour.
      expect((await t!.app.inject({ url: '/favicon.svg' })).headers['cache-control']).toBe(
        'public, max-age=3600',
      );
    },
  );

  it.skipIf(!webBuilt)('a server-rendered page gives every inline script the nonce of its CSP', async () => {
    // The 404 page: the whole document (root layout, hydration scripts) from an empty database.
    const res = await t!.app.inject({ url: '/no-such-page' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expectPageHeaders(res.headers);
    // A HEAD of the page answers the headers of the GET.
    const head = await t!.app.inject({ method: 'HEAD', url: '/no-such-page' });
    expectPageHeaders(head.headers);
    const nonce = nonceOf(res.headers);
    const scripts = [...res.body.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] as string);
    const executable = scripts.filter((attrs) => !/type="application\/ld\+json"/.test(attrs));
    expect(executable.length).toBeGreaterThan(1);
    for (const attrs of executable) expect(attrs).toContain(`nonce="${nonce}"`);
  });

  // Shows that the production check below would see a leak: development pages carry the stack.
  it.skipIf(!webBuilt)('in development a failing page shows the stack (the check below bites)', async () => {
    await t!.ctx.db.execute(sql`alter table products rename to products_hidden`);
    const restore = quietConsole();
    try {
      const res = await t!.app.inject({ url: '/product/1' });
      expect(res.statusCode).toBe(500);
      expect(res.body).toMatch(LEAK);
    } finally {
      restore();
      await t!.ctx.db.execute(sql`alter table products_hidden rename to products`);
    }
  });
});

describe('production: HSTS, and no stack trace or message of a 500 anywhere', () => {
  let t: Built | undefined;
  beforeAll(async () => {
    t = await build(PRODUCTION_ENV, {
      storefront: 'production',
      extra: (app) => {
        // A route outside /api that fails the way a bug would.
        app.get('/__test/boom', async () => {
          throw new Error('secret detail at /work/main/apps/api/src/secret.ts:12');
        });
      },
    });
    // Every product query now fails inside the database: an unexpected error, as a bug would be.
    await t.ctx.db.execute(sql`alter table products rename to products_hidden`);
  });
  afterAll(async () => close(t));

  it('sends HSTS with the other headers', async () => {
    const res = await t!.app.inject({ url: '/api/health' });
    expectNonDocumentHeaders(res.headers);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('are the headers @fastify/helmet sends with the same options, HSTS included', async () => {
    await expectSameHeadersAsHelmet(t!);
  });

  it('an API 500 answers only {detail: "Internal Server Error"}', async () => {
    const res = await t!.app.inject({ url: '/api/products/detail/1' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: 'Internal Server Error' });
    expectNonDocumentHeaders(res.headers);
  });

  it('a 500 outside /api answers the same, without the error message', async () => {
    const res = await t!.app.inject({ url: '/__test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: 'Internal Server Error' });
    expect(res.body).not.toContain('secret');
  });

  it("Fastify's own errors answer {detail} without a stack", async () => {
    const responses = await Promise.all([
      t!.app.inject({
        method: 'POST',
        url: '/api/carts',
        headers: { 'content-type': 'application/json' },
        payload: '{',
      }),
      t!.app.inject({
        method: 'POST',
        url: '/api/carts',
        headers: { 'content-type': 'text/x-nope' },
        payload: 'x',
      }),
      t!.app.inject({ url: '/api/products/detail/%E0%A4%A' }),
    ]);
    for (const res of responses) {
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(typeof res.json().detail).toBe('string');
      expect(res.body).not.toMatch(LEAK);
    }
  });

  it.skipIf(!webBuilt)(
    'a page whose loader fails renders the error page without stack or paths',
    async () => {
      const restore = quietConsole();
      const res = await t!.app.inject({ url: '/product/1' }).finally(restore);
      expect(res.statusCode).toBe(500);
      expect(res.body).toContain('일시적인 오류가 발생했어요');
      expect(res.body).toContain('Unexpected Server Error');
      expect(res.body).not.toMatch(LEAK);
      expectPageHeaders(res.headers);
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    },
  );

  it.skipIf(!webBuilt)('a Host header that is no host is a 400, not a 500', async () => {
    const res = await t!.app.inject({ url: '/', headers: { host: 'a b' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Invalid Host header' });
  });
});
