/**
 * The client address behind rate limits (README "Configuration", TRUST_PROXY; docs/ARCHITECTURE.md
 * "Accounts"): X-Forwarded-For is read only as TRUST_PROXY allows, and the storefront's in-process
 * API calls (app.inject) carry the address of the browser's request, never a header a client sent.
 * The page case needs the web build (apps/web/build; test/web-build.ts: skipped without it, a
 * failure with REQUIRE_WEB_BUILD=1 as in CI).
 */
import { fixedClock } from '@codiroom/shared';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { createContext } from '../src/platform/create-context.ts';
import { MemoryStore } from '../src/platform/kv.ts';
import { injectFetch, mountStorefront } from '../src/web/storefront.ts';
import { signUpViaApi } from './auth-helpers.ts';
import { openTestDatabase, TEST_ENV } from './helpers.ts';
import { WEB_BUILD, webBuildReady } from './web-build.ts';

const webBuilt = webBuildReady();

type Built = { app: FastifyInstance; database: Database; seen: { url: string; ip: string }[] };
const open: Built[] = [];
afterEach(async () => {
  for (const b of open.splice(0)) {
    await b.app.close();
    await b.database.close();
  }
});

/** An app with `env`, recording the client address Fastify derives for every request. */
async function build(env: Record<string, string>, storefront = false): Promise<Built> {
  const database = await openTestDatabase();
  const config = loadConfig({ ...TEST_ENV, SMS_IP_HOURLY_LIMIT: '1000', ...env });
  const ctx = createContext(config, database, {
    clock: fixedClock('2026-11-20T03:00:00Z'),
    kv: new MemoryStore(),
  });
  const app = await buildApp(ctx);
  const seen: Built['seen'] = [];
  app.addHook('onRequest', async (req) => {
    seen.push({ url: req.url, ip: req.ip });
  });
  if (storefront) await mountStorefront(app, WEB_BUILD, 'development');
  await app.ready();
  const built = { app, database, seen };
  open.push(built);
  return built;
}

const health = (b: Built, opts: { remoteAddress?: string; xff?: string } = {}) =>
  b.app.inject({
    url: '/api/health',
    ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
    headers: opts.xff ? { 'x-forwarded-for': opts.xff } : {},
  });
const lastIp = (b: Built) => b.seen.at(-1)?.ip;

describe('TRUST_PROXY configuration', () => {
  const parse = (v: string | undefined) => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: v }).TRUST_PROXY;

  it('accepts true/false, a hop count, or a list of proxy addresses and CIDRs', () => {
    expect(parse(undefined)).toBe(false);
    expect(parse('')).toBe(false);
    expect(parse('false')).toBe(false);
    expect(parse('0')).toBe(false);
    expect(parse('true')).toBe(true);
    expect(parse('1')).toBe(1);
    expect(parse('2')).toBe(2);
    expect(parse('10.0.0.0/8, 127.0.0.1 ,::1,fd00::/8,loopback')).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses anything else', () => {
    for (const bad of ['yes', '10.0.0.0/33', '10.0.0', 'proxy.internal', '-1', '1.5', '10.0.0.1,']) {
      expect(() => parse(bad), bad).toThrow(/TRUST_PROXY/);
    }
  });
});

describe('the client address of a request', () => {
  it('TRUST_PROXY off ignores X-Forwarded-For', async () => {
    const b = await build({});
    await health(b, { remoteAddress: '198.51.100.1', xff: '203.0.113.5' });
    expect(lastIp(b)).toBe('198.51.100.1');
  });

  it('TRUST_PROXY=true takes the address X-Forwarded-For names', async () => {
    const b = await build({ TRUST_PROXY: 'true' });
    await health(b, { remoteAddress: '10.0.0.2', xff: '203.0.113.5' });
    expect(lastIp(b)).toBe('203.0.113.5');
  });

  it('a hop count trusts only that many proxies: an address the client wrote in front is ignored', async () => {
    const b = await build({ TRUST_PROXY: '1' });
    // The load balancer appended the real peer after what the client sent.
    await health(b, { remoteAddress: '10.0.0.2', xff: '6.6.6.6, 203.0.113.5' });
    expect(lastIp(b)).toBe('203.0.113.5');
  });

  it('a proxy list trusts X-Forwarded-For only from those peers', async () => {
    const b = await build({ TRUST_PROXY: '10.0.0.0/8' });
    await health(b, { remoteAddress: '10.1.2.3', xff: '203.0.113.5' });
    expect(lastIp(b)).toBe('203.0.113.5');
    await health(b, { remoteAddress: '198.51.100.9', xff: '203.0.113.5' });
    expect(lastIp(b)).toBe('198.51.100.9');
  });

  it('sign-in delays follow it: off, forged X-Forwarded-For values share one address; on, they are the addresses', async () => {
    const signIn = (b: Built, phone: string, xff: string) =>
      b.app.inject({
        method: 'POST',
        url: '/api/users/sign-in',
        payload: { phone, password: 'wrongpass1' },
        headers: { 'x-forwarded-for': xff },
      });
    const cases: [Record<string, string>, number][] = [
      [{}, 429],
      [{ TRUST_PROXY: 'true' }, 401],
    ];
    for (const [env, sixth] of cases) {
      const b = await build(env);
      const { phone } = await signUpViaApi(b.app);
      for (let i = 0; i < 5; i++) expect((await signIn(b, phone, `203.0.113.${i + 1}`)).statusCode).toBe(401);
      expect((await signIn(b, phone, '203.0.113.99')).statusCode, JSON.stringify(env)).toBe(sixth);
    }
  });
});

describe("the storefront's in-process API calls", () => {
  it('carry the address of the browser request, and drop an X-Forwarded-For a loader passed on', async () => {
    const envs: Record<string, string>[] = [{}, { TRUST_PROXY: 'true' }, { TRUST_PROXY: '127.0.0.1' }];
    for (const env of envs) {
      const b = await build(env);
      const apiFetch = injectFetch(b.app, '198.51.100.77');
      const res = await apiFetch('/api/health', { headers: { 'x-forwarded-for': '6.6.6.6' } });
      expect(res.status).toBe(200);
      expect(lastIp(b), JSON.stringify(env)).toBe('198.51.100.77');
    }
  });

  it('sign-in delays through them are kept per browser address', async () => {
    const b = await build({ TRUST_PROXY: 'true' });
    const { phone } = await signUpViaApi(b.app, { password: 'rightpass1' });
    const post = (ip: string, password: string) =>
      injectFetch(b.app, ip)('/api/users/sign-in', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': `6.6.6.${Math.floor(Math.random() * 200)}`,
        },
        body: JSON.stringify({ phone, password }),
      });
    for (let i = 0; i < 5; i++) expect((await post('203.0.113.70', 'wrongpass1')).status).toBe(401);
    expect((await post('203.0.113.70', 'rightpass1')).status).toBe(429);
    expect((await post('198.51.100.70', 'rightpass1')).status).toBe(200);
  });

  it.runIf(webBuilt)(
    'a rendered page calls the API with the client address, as TRUST_PROXY derives it',
    async () => {
      const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      try {
        const cases: [Record<string, string>, { remoteAddress: string; xff: string }, string][] = [
          [{}, { remoteAddress: '198.51.100.88', xff: '6.6.6.6' }, '198.51.100.88'],
          [{ TRUST_PROXY: '1' }, { remoteAddress: '127.0.0.1', xff: '6.6.6.6, 203.0.113.5' }, '203.0.113.5'],
        ];
        for (const [env, request, expected] of cases) {
          const b = await build(env, true);
          // The page's own status depends on the data; what matters here is how its loaders called.
          // The development sign-in page's loader calls the API (every shop page reads in process).
          await b.app.inject({
            url: '/oauth/dev',
            remoteAddress: request.remoteAddress,
            headers: { 'x-forwarded-for': request.xff },
          });
          const apiCalls = b.seen.filter((s) => s.url.startsWith('/api/'));
          expect(apiCalls.length).toBeGreaterThan(0);
          expect(new Set(apiCalls.map((s) => s.ip))).toEqual(new Set([expected]));
        }
      } finally {
        quiet.mockRestore();
      }
    },
  );
});
