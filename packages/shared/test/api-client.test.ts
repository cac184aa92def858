import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  buildQuery,
  cleanProductDisplayIds,
  createApiClient,
  createDebouncer,
  type FetchLike,
  isReportedCall,
  isSocialProviderRejection,
  type LogoutReason,
  normaliseCodiToCartBody,
  type Tokens,
} from '../src/api-client.ts';
import { API_ROUTES, matchRoute, pathnameOf, WIDENED_ACCESS } from '../src/api-routes.ts';
import { MESSAGES } from '../src/constants.ts';
import { GUEST_ID_INVALID } from '../src/guest-id.ts';

// ---------------------------------------------------------------------------------------------
// A fake fetch that records every call and honours the abort signal like the real one.

type Call = {
  url: string;
  path: string;
  method: string;
  headers: Headers;
  rawBody: BodyInit | null | undefined;
  json: unknown;
};
type Handler = (call: Call) => Response | Promise<Response>;

function json(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function fakeFetch(handler: Handler = () => json(200, { result: 'ok' })) {
  const calls: Call[] = [];
  const fetch: FetchLike = (url, init = {}) => {
    const rawBody = init.body;
    const call: Call = {
      url,
      path: pathnameOf(url),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      rawBody,
      json: typeof rawBody === 'string' ? JSON.parse(rawBody) : undefined,
    };
    calls.push(call);
    return new Promise<Response>((resolvePromise, reject) => {
      const signal = init.signal;
      const abort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
      if (signal?.aborted) return abort();
      signal?.addEventListener('abort', abort, { once: true });
      Promise.resolve()
        .then(() => handler(call))
        .then(resolvePromise, reject);
    });
  };
  const to = (path: string) => calls.filter((c) => c.path === path);
  return { fetch, calls, to };
}

function deferred<T = void>() {
  let resolveFn!: (v: T) => void;
  const promise = new Promise<T>((r) => {
    resolveFn = r;
  });
  return { promise, resolve: resolveFn };
}

/** A host app session: tokens in memory, stored again by onTokens, cleared by onLogout. */
function session(initial: Partial<Tokens> | null = { access: 'old-access', refresh: 'refresh-1' }) {
  const state = { access: initial?.access ?? null, refresh: initial?.refresh ?? null };
  const onTokens = vi.fn((t: Tokens) => {
    state.access = t.access;
    state.refresh = t.refresh;
  });
  const onLogout = vi.fn((_reason: LogoutReason, _err: ApiError) => {
    state.access = null;
    state.refresh = null;
  });
  return {
    state,
    onTokens,
    onLogout,
    getAccessToken: () => state.access,
    getRefreshToken: () => state.refresh,
  };
}

const REFRESH = '/api/users/token/refresh';
const bearer = (c: Call) => c.headers.get('authorization');

afterEach(() => {
  vi.useRealTimers();
});

// ---------------------------------------------------------------------------------------------

describe('rule 1: headers and bodies', () => {
  it('sends the bearer access token and the guest id on guest-capable calls', async () => {
    const f = fakeFetch(() => json(200, { sections: [] }));
    const api = createApiClient({
      fetch: f.fetch,
      getAccessToken: () => 'tok',
      getGuestId: () => 'guest-123456',
    });
    await expect(api.get('/api/contents/home-feed')).resolves.toEqual({ sections: [] });
    const c = f.calls[0]!;
    expect(c.method).toBe('GET');
    expect(c.headers.get('authorization')).toBe('Bearer tok');
    expect(c.headers.get('x-guest-user-id')).toBe('guest-123456');
  });

  it('sends no guest id on public or token calls, and no Authorization without a token', async () => {
    const f = fakeFetch();
    const guestOnly = createApiClient({ fetch: f.fetch, getGuestId: () => 'guest-123456' });
    await guestOnly.get('/api/contents/banners');
    expect(f.calls[0]!.headers.get('x-guest-user-id')).toBeNull();
    expect(f.calls[0]!.headers.get('authorization')).toBeNull();
    const member = createApiClient({
      fetch: f.fetch,
      getAccessToken: () => 't',
      getGuestId: () => 'guest-123456',
    });
    await member.get('/api/users/info');
    expect(f.calls[1]!.headers.get('x-guest-user-id')).toBeNull();
    expect(f.calls[1]!.headers.get('authorization')).toBe('Bearer t');
  });

  it.each([
    ['POST', '/api/users/social-sign-in'],
    ['POST', '/api/users/social-sign-up'],
    ['POST', '/api/users/sign-up'],
    ['POST', '/api/products/product-displays/77/calculate-price'],
  ])('sends the guest id with %s %s (SPEC.md §6)', async (method, path) => {
    const f = fakeFetch();
    const api = createApiClient({ fetch: f.fetch, getGuestId: () => 'guest-abcdefgh' });
    await api.request(method, path, { body: {} });
    expect(f.calls[0]!.headers.get('x-guest-user-id')).toBe('guest-abcdefgh');
  });

  it('serialises JSON bodies with a content type, and builds the query string', async () => {
    const f = fakeFetch();
    const api = createApiClient({
      fetch: f.fetch,
      baseUrl: 'https://api.example',
      getAccessToken: () => 't',
    });
    await api.post('/api/likes/post-like', { like_type: 'PRODUCT', like_id: 3 });
    await api.get('/api/orders/best-coupon-combs', { is_app: false, product_item_ids: [1, 2, 3], x: null });
    expect(f.calls[0]!.url).toBe('https://api.example/api/likes/post-like');
    expect(f.calls[0]!.headers.get('content-type')).toBe('application/json');
    expect(f.calls[0]!.json).toEqual({ like_type: 'PRODUCT', like_id: 3 });
    expect(f.calls[1]!.url).toBe(
      'https://api.example/api/orders/best-coupon-combs?is_app=false&product_item_ids=1%2C2%2C3',
    );
    expect(f.calls[1]!.headers.get('content-type')).toBeNull();
    expect(buildQuery({ a: [], b: undefined })).toBe('');
  });

  it('passes FormData through untouched (multipart, no JSON content type)', async () => {
    const f = fakeFetch();
    const api = createApiClient({ fetch: f.fetch, getAccessToken: () => 'tok' });
    const form = new FormData();
    form.append('title', '문의');
    form.append('files', new Blob(['x']), 'a.txt');
    await api.post('/api/customer_experiences/tickets', form);
    expect(f.calls[0]!.rawBody).toBe(form);
    expect(f.calls[0]!.headers.get('content-type')).toBeNull();
  });

  it('keeps the old option names accessToken and guestId working', async () => {
    const f = fakeFetch();
    const api = createApiClient({
      fetch: f.fetch,
      accessToken: () => 'legacy',
      guestId: () => 'legacy-guest',
    });
    await api.get('/api/carts');
    expect(f.calls[0]!.headers.get('authorization')).toBe('Bearer legacy');
    expect(f.calls[0]!.headers.get('x-guest-user-id')).toBe('legacy-guest');
  });

  it('sends no credentials to static JSON files', async () => {
    const f = fakeFetch(() => json(200, { menu: [] }));
    const api = createApiClient({
      fetch: f.fetch,
      getAccessToken: () => 'tok',
      getGuestId: () => 'g-12345678',
    });
    await api.get('https://bucket.example/navigation.json');
    expect(f.calls[0]!.url).toBe('https://bucket.example/navigation.json');
    expect(f.calls[0]!.headers.get('authorization')).toBeNull();
    expect(f.calls[0]!.headers.get('x-guest-user-id')).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------

describe('answer types follow the path (api-responses.ts)', () => {
  // api-types.check.ts holds the type tests (expectTypeOf, and @ts-expect-error on wrong paths,
  // wrong methods and caller-chosen types); an unused @ts-expect-error is an error of its own, so
  // a wrong call that starts to compile fails here.
  it('api-types.check.ts compiles without a diagnostic', () => {
    const configPath = fileURLToPath(new URL('./tsconfig.types.json', import.meta.url));
    const config = ts.getParsedCommandLineOfConfigFile(
      configPath,
      {},
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: (d) => {
          throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
        },
      },
    );
    if (!config) throw new Error(`cannot read ${configPath}`);
    expect(config.fileNames.map((f) => f.split('/').pop())).toEqual(['api-types.check.ts']);
    const program = ts.createProgram(config.fileNames, config.options);
    const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => {
      const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : null;
      const text = ts.flattenDiagnosticMessageText(d.messageText, '\n');
      return where ? `${d.file?.fileName.split('/').pop()}:${where.line + 1} ${text}` : text;
    });
    expect(diagnostics).toEqual([]);
  }, 240_000);
});

// ---------------------------------------------------------------------------------------------

describe('rule 2: access levels and the route table', () => {
  it('matches {id} and {x} segments, ignoring query strings and trailing slashes', () => {
    expect(matchRoute('GET', '/api/products/detail/123')).toMatchObject({
      template: '/api/products/detail/{id}',
      access: 'public',
      params: { id: '123' },
    });
    expect(matchRoute('get', '/api/reviews/product-reviews/9/latest?height=175')).toMatchObject({
      template: '/api/reviews/product-reviews/{id}/{x}',
      params: { id: '9', x: 'latest' },
    });
    expect(matchRoute('GET', '/api/products/5/benefits/')?.access).toBe('guest');
    expect(matchRoute('PATCH', '/api/carts/12')?.access).toBe('guest');
    expect(matchRoute('GET', '/api/orders/42/detail')?.access).toBe('token');
  });

  it('prefers literal segments over parameters and separates methods', () => {
    expect(matchRoute('GET', '/api/products/detail/benefits')?.template).toBe('/api/products/detail/{id}');
    expect(matchRoute('GET', '/api/curations/daily-quiz-today')?.access).toBe('guest');
    expect(matchRoute('POST', '/api/curations/daily-quiz-today')?.access).toBe('token');
    expect(matchRoute('DELETE', '/api/likes')?.template).toBe('/api/likes');
    expect(matchRoute('DELETE', '/api/likes/8')?.template).toBe('/api/likes/{id}');
  });

  it('answers undefined for calls outside the catalogue', () => {
    expect(matchRoute('GET', '/api/nope')).toBeUndefined();
    expect(matchRoute('PUT', '/api/products/detail/1')).toBeUndefined();
    expect(matchRoute('GET', '/api/products/detail')).toBeUndefined();
  });

  it.each([
    ['POST', '/api/users/stop'],
    ['POST', '/api/v1/curations/style-quiz'],
    ['POST', '/api/curations/post-rating'],
    ['POST', '/api/reviews/review'],
    ['POST', '/api/orders/refunds'],
    ['POST', '/api/orders/exchanges'],
    ['GET', '/api/benefits/coupon-list'],
    ['GET', '/api/orders/order-list-simple'],
    ['GET', '/api/users/notification-permissions'],
    ['GET', '/api/users/user-size-info'],
    ['GET', '/api/curations/mission'],
    ['POST', '/api/customer_experiences/tickets'],
  ])('SPEC.md §6 token-required call %s %s is `token`', (method, path) => {
    expect(matchRoute(method, path)?.access).toBe('token');
  });

  const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
  const cataloguePath = resolve(repoRoot, 'docs/spec/API-CATALOGUE.md');
  it('covers every METHOD /path line of docs/spec/API-CATALOGUE.md', () => {
    const rows = [
      ...readFileSync(cataloguePath, 'utf8').matchAll(
        /^\|\s*(GET|POST|PUT|PATCH|DELETE)\s*\|\s*(\/\S+)\s*\|\s*(public|guest|token|admin)\s*\|/gm,
      ),
    ].map((m) => ({ method: m[1]!, path: m[2]!, access: m[3]! }));
    expect(rows.length).toBeGreaterThan(150);
    for (const row of rows) {
      const concrete = row.path.replace(/\{id\}/g, '123').replace(/\{x\}/g, 'latest');
      const hit = matchRoute(row.method, concrete);
      expect(hit?.template, `${row.method} ${row.path}`).toBe(row.path);
      const key = `${row.method} ${row.path}` as keyof typeof WIDENED_ACCESS;
      expect(hit?.access, `${row.method} ${row.path}`).toBe(WIDENED_ACCESS[key] ?? row.access);
    }
    // Widened rows are catalogue rows, widened (never narrowed to token or admin).
    for (const [key, access] of Object.entries(WIDENED_ACCESS)) {
      expect(rows.some((r) => `${r.method} ${r.path}` === key)).toBe(true);
      expect(['public', 'guest']).toContain(access);
    }
    expect(Object.keys(API_ROUTES).sort()).toEqual(rows.map((r) => `${r.method} ${r.path}`).sort());
  });

  it.each([
    ['GET', '/api/users/info'],
    ['POST', '/api/orders'],
    ['POST', '/api/benefits/download-coupon'],
    ['POST', '/api/admin/contents/female-landing'],
  ])('rejects token-required %s %s locally without any fetch', async (method, path) => {
    const f = fakeFetch();
    const api = createApiClient({ fetch: f.fetch, getGuestId: () => 'guest-12345678' });
    const err = await api.request(method, path, { body: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 401, detail: 'Token Required' });
    const viaMethod = method === 'GET' ? api.get(path) : api.post(path, {});
    await expect(viaMethod).rejects.toMatchObject({ status: 401, detail: 'Token Required' });
    expect(f.calls).toHaveLength(0);
  });

  it('with sessionCookie (the back office) sends token and admin calls without a bearer, and a 401 stands', async () => {
    const f = fakeFetch((c) =>
      c.path === '/api/users/info' ? json(401, { detail: 'Login required' }) : json(200, { ok: true }),
    );
    const onLogout = vi.fn();
    const api = createApiClient({ fetch: f.fetch, sessionCookie: true, onLogout });
    await expect(api.post('/api/admin/contents/female-landing', {})).resolves.toEqual({ ok: true });
    await expect(api.get('/api/users/info')).rejects.toMatchObject({ status: 401, detail: 'Login required' });
    expect(f.calls.map((c) => [c.path, bearer(c)])).toEqual([
      ['/api/admin/contents/female-landing', null],
      ['/api/users/info', null],
    ]);
    // No refresh token and no bearer: nothing to refresh, no local logout.
    expect(f.to(REFRESH)).toHaveLength(0);
    expect(onLogout).not.toHaveBeenCalled();
  });

  it('lets guest and public calls through without a token', async () => {
    const f = fakeFetch();
    const api = createApiClient({ fetch: f.fetch, getGuestId: () => 'guest-12345678' });
    await api.get('/api/carts');
    await api.get('/api/products/detail/1');
    expect(f.calls).toHaveLength(2);
  });
});

// ---------------------------------------------------------------------------------------------

describe('rule 3: 401 handling', () => {
  it.each([
    '/api/users/sign-in',
    '/api/users/social-sign-in',
  ])('a 401 from %s is thrown as is, with no refresh and no logout', async (path) => {
    const s = session();
    const f = fakeFetch((c) => (c.path === path ? json(401, { detail: 'User not found' }) : json(200, {})));
    const api = createApiClient({ fetch: f.fetch, ...s });
    await expect(api.post(path, { phone: '010' })).rejects.toMatchObject({
      status: 401,
      detail: 'User not found',
    });
    expect(f.to(REFRESH)).toHaveLength(0);
    expect(f.calls).toHaveLength(1);
    expect(s.onLogout).not.toHaveBeenCalled();
  });

  it('a 401 from a JSON file is thrown as is, with no refresh', async () => {
    const s = session();
    const f = fakeFetch((c) => (c.path.endsWith('.json') ? json(401, { detail: 'denied' }) : json(200, {})));
    const api = createApiClient({ fetch: f.fetch, ...s });
    await expect(api.get('/static/web-status.json')).rejects.toMatchObject({ status: 401 });
    expect(f.to(REFRESH)).toHaveLength(0);
    expect(s.onLogout).not.toHaveBeenCalled();
  });

  it.each([
    ['User is inactive', 'user-inactive'],
    ['User not found', 'user-not-found'],
  ])("a 401 '%s' calls onLogout without any refresh call", async (detail, reason) => {
    const s = session();
    const f = fakeFetch((c) => (c.path === REFRESH ? json(200, { access: 'x' }) : json(401, { detail })));
    const api = createApiClient({ fetch: f.fetch, ...s });
    await expect(api.get('/api/users/info')).rejects.toMatchObject({ status: 401, detail });
    expect(f.to(REFRESH)).toHaveLength(0);
    expect(f.calls).toHaveLength(1);
    expect(s.onLogout).toHaveBeenCalledTimes(1);
    expect(s.onLogout.mock.calls[0]![0]).toBe(reason);
  });

  it('another inactive-user answer (403) also logs out', async () => {
    const s = session();
    const f = fakeFetch(() => json(403, { detail: 'User is inactive' }));
    const api = createApiClient({ fetch: f.fetch, ...s });
    await expect(api.request('GET', '/api/carts')).resolves.toMatchObject({ ok: false, status: 403 });
    expect(s.onLogout).toHaveBeenCalledTimes(1);
  });

  it('refreshes on any other 401, stores the tokens and retries once with the new access token', async () => {
    const s = session();
    const f = fakeFetch((c) => {
      if (c.path === REFRESH) return json(200, { access: 'new-access', refresh: 'refresh-2' });
      return bearer(c) === 'Bearer new-access'
        ? json(200, { count: 2 })
        : json(401, { detail: 'Invalid or expired token' });
    });
    const api = createApiClient({ fetch: f.fetch, ...s });
    await expect(api.get('/api/users/info')).resolves.toEqual({ count: 2 });
    const refresh = f.to(REFRESH);
    expect(refresh).toHaveLength(1);
    expect(refresh[0]!.method).toBe('POST');
    expect(refresh[0]!.json).toEqual({ refresh: 'refresh-1' });
    expect(s.onTokens).toHaveBeenCalledWith({ access: 'new-access', refresh: 'refresh-2' });
    expect(f.to('/api/users/info').map(bearer)).toEqual(['Bearer old-access', 'Bearer new-access']);
    expect(s.onLogout).not.toHaveBeenCalled();
  });

  it('keeps the old refresh token when the refresh answer carries only an access token', async () => {
    const s = session();
    const f = fakeFetch((c) =>
      c.path === REFRESH
        ? json(200, { access: 'new-access' })
        : bearer(c) === 'Bearer new-access'
          ? json(200, {})
          : json(401, { detail: 'expired' }),
    );
    await createApiClient({ fetch: f.fetch, ...s }).get('/api/carts');
    expect(s.onTokens).toHaveBeenCalledWith({ access: 'new-access', refresh: 'refresh-1' });
  });

  it('calls onLogout and throws when the refresh fails', async () => {
    const s = session();
    const f = fakeFetch((c) =>
      c.path === REFRESH ? json(401, { detail: 'Token is invalid' }) : json(401, { detail: 'expired' }),
    );
    const api = createApiClient({ fetch: f.fetch, ...s });
    await expect(api.get('/api/users/info')).rejects.toMatchObject({ status: 401, detail: 'expired' });
    expect(f.to(REFRESH)).toHaveLength(1);
    expect(f.to('/api/users/info')).toHaveLength(1);
    expect(s.onTokens).not.toHaveBeenCalled();
    expect(s.onLogout).toHaveBeenCalledTimes(1);
    expect(s.onLogout.mock.calls[0]![0]).toBe('refresh-failed');
  });

  it('logs out without a network refresh when a member has no refresh token', async () => {
    const s = session({ access: 'old-access' });
    const f = fakeFetch(() => json(401, { detail: 'expired' }));
    const api = createApiClient({ fetch: f.fetch, ...s });
    await expect(api.get('/api/carts')).rejects.toMatchObject({ status: 401 });
    expect(f.to(REFRESH)).toHaveLength(0);
    expect(s.onLogout).toHaveBeenCalledWith('refresh-failed', expect.any(ApiError));
  });

  it('a guest with no tokens gets the 401 as is: no refresh, no logout', async () => {
    const s = session(null);
    const f = fakeFetch(() => json(401, { detail: 'Token or x-guest-user-id header required' }));
    const api = createApiClient({ fetch: f.fetch, ...s });
    await expect(api.get('/api/carts')).rejects.toMatchObject({ status: 401 });
    expect(f.to(REFRESH)).toHaveLength(0);
    expect(s.onLogout).not.toHaveBeenCalled();
  });

  it('shares ONE refresh between 3 concurrent 401s and retries all three', async () => {
    const s = session();
    const gate = deferred();
    const f = fakeFetch(async (c) => {
      if (c.path === REFRESH) {
        await gate.promise;
        return json(200, { access: 'new-access', refresh: 'refresh-2' });
      }
      return bearer(c) === 'Bearer new-access'
        ? json(200, { path: c.path })
        : json(401, { detail: 'Invalid or expired token' });
    });
    const api = createApiClient({ fetch: f.fetch, ...s });
    const all = Promise.all([
      api.get('/api/users/info'),
      api.get('/api/carts'),
      api.get('/api/benefits/coupon-list'),
    ]);
    await vi.waitFor(() => expect(f.to(REFRESH)).toHaveLength(1));
    // all three first attempts have had their 401 before the refresh answers
    await vi.waitFor(() => expect(f.calls.filter((c) => bearer(c) === 'Bearer old-access')).toHaveLength(3));
    gate.resolve();
    await expect(all).resolves.toEqual([
      { path: '/api/users/info' },
      { path: '/api/carts' },
      { path: '/api/benefits/coupon-list' },
    ]);
    expect(f.to(REFRESH)).toHaveLength(1);
    expect(f.calls.filter((c) => bearer(c) === 'Bearer new-access')).toHaveLength(3);
    expect(s.onTokens).toHaveBeenCalledTimes(1);
  });

  describe('two tabs sharing one session (SPEC.md §9 "Token wait polling")', () => {
    /**
     * One browser: a cookie jar both tabs read, and a server whose refresh tokens are spent by
     * their first use (a reused one revokes the session, as apps/api's sessions.ts does).
     */
    function browser() {
      const jar = { access: 'old-access' as string | null, refresh: 'refresh-1' as string | null };
      let generation = 1;
      let revoked = false;
      const gate = deferred();
      const f = fakeFetch(async (c) => {
        if (c.path === REFRESH) {
          const presented = (c.json as { refresh?: string }).refresh;
          await gate.promise;
          if (revoked || presented !== `refresh-${generation}`) {
            revoked = true;
            return json(401, { detail: 'Refresh token reused' });
          }
          generation += 1;
          return json(200, { access: `access-${generation}`, refresh: `refresh-${generation}` });
        }
        return !revoked && bearer(c) === `Bearer access-${generation}`
          ? json(200, { path: c.path })
          : json(401, { detail: 'Invalid or expired token' });
      });
      const tab = (refreshLock?: <T>(run: () => Promise<T>) => Promise<T>) => {
        const onLogout = vi.fn();
        const api = createApiClient({
          fetch: f.fetch,
          getAccessToken: () => jar.access,
          getRefreshToken: () => jar.refresh,
          onTokens: (t) => {
            jar.access = t.access;
            jar.refresh = t.refresh;
          },
          onLogout,
          ...(refreshLock ? { refreshLock } : {}),
        });
        return { api, onLogout };
      };
      return { f, gate, tab };
    }

    /** A lock like navigator.locks' exclusive mode: one holder at a time, in order. */
    function mutex() {
      let tail: Promise<unknown> = Promise.resolve();
      return <T>(run: () => Promise<T>): Promise<T> => {
        const next = tail.then(run, run);
        tail = next.catch(() => {});
        return next;
      };
    }

    it('without a shared lock the second tab reuses the spent refresh token and both are logged out', async () => {
      const b = browser();
      const one = b.tab();
      const two = b.tab();
      const both = Promise.allSettled([one.api.get('/api/carts'), two.api.get('/api/users/info')]);
      await vi.waitFor(() => expect(b.f.to(REFRESH)).toHaveLength(2));
      b.gate.resolve();
      const results = await both;
      expect(results.some((r) => r.status === 'rejected')).toBe(true);
      expect(one.onLogout.mock.calls.length + two.onLogout.mock.calls.length).toBeGreaterThan(0);
    });

    it('with the lock one tab refreshes, the other takes its new token, and nobody is logged out', async () => {
      const b = browser();
      const lock = mutex();
      const one = b.tab(lock);
      const two = b.tab(lock);
      const both = Promise.all([one.api.get('/api/carts'), two.api.get('/api/users/info')]);
      await vi.waitFor(() => expect(b.f.to(REFRESH)).toHaveLength(1));
      b.gate.resolve();
      await expect(both).resolves.toEqual([{ path: '/api/carts' }, { path: '/api/users/info' }]);
      expect(b.f.to(REFRESH)).toHaveLength(1);
      expect(one.onLogout).not.toHaveBeenCalled();
      expect(two.onLogout).not.toHaveBeenCalled();
    });
  });

  it('a shared refresh that fails logs out once and fails all waiting requests', async () => {
    const s = session();
    const f = fakeFetch((c) =>
      c.path === REFRESH ? json(500, { detail: 'boom' }) : json(401, { detail: 'Invalid or expired token' }),
    );
    const api = createApiClient({ fetch: f.fetch, ...s });
    const results = await Promise.allSettled([api.get('/api/carts'), api.get('/api/users/info')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(f.to(REFRESH)).toHaveLength(1);
    expect(s.onLogout).toHaveBeenCalledTimes(1);
  });

  it('a retried request that 401s again does not refresh again', async () => {
    const s = session();
    const f = fakeFetch((c) =>
      c.path === REFRESH ? json(200, { access: 'new-access', refresh: 'r2' }) : json(401, { detail: 'nope' }),
    );
    const api = createApiClient({ fetch: f.fetch, ...s });
    await expect(api.get('/api/users/info')).rejects.toMatchObject({ status: 401, detail: 'nope' });
    expect(f.to(REFRESH)).toHaveLength(1);
    expect(f.to('/api/users/info')).toHaveLength(2);
  });

  it('a late 401 of a request sent before the refresh reuses the new token without refreshing', async () => {
    // The host never stores the new token (no onTokens): the client still retries with it.
    let access = 'old-access';
    const f = fakeFetch((c) => {
      if (c.path === REFRESH) return json(200, { access: 'new-access', refresh: 'r2' });
      return bearer(c) === 'Bearer new-access' ? json(200, {}) : json(401, { detail: 'expired' });
    });
    const api = createApiClient({
      fetch: f.fetch,
      getAccessToken: () => access,
      getRefreshToken: () => 'r1',
    });
    await api.get('/api/carts');
    await api.get('/api/carts/product-count');
    expect(f.to(REFRESH)).toHaveLength(1);
    expect(f.to('/api/carts/product-count').map(bearer)).toEqual(['Bearer new-access']);
    // once the host's token changes, the host's token is what goes out
    access = 'relogged-in';
    const before = f.calls.length;
    await api.get('/api/carts/product-count').catch(() => {});
    expect(bearer(f.calls[before]!)).toBe('Bearer relogged-in');
  });
});

// ---------------------------------------------------------------------------------------------

describe('rule 4: statuses', () => {
  it('returns a 400 to the caller as a normal (ok: false) response', async () => {
    const f = fakeFetch(() => json(400, { detail: 'DUPLICATE PHONE' }));
    const api = createApiClient({ fetch: f.fetch, getGuestId: () => 'g-12345678' });
    await expect(api.request('POST', '/api/users/sign-up', { body: { phone: '010' } })).resolves.toEqual({
      ok: false,
      status: 400,
      data: { detail: 'DUPLICATE PHONE' },
      detail: 'DUPLICATE PHONE',
    });
  });

  it('resolves 2xx as ok: true and other 4xx as ok: false', async () => {
    const f = fakeFetch((c) =>
      c.path.includes('detail') ? json(404, { detail: '상품이 없습니다.' }) : json(201, [1]),
    );
    const api = createApiClient({ fetch: f.fetch });
    await expect(api.request('GET', '/api/contents/banners')).resolves.toEqual({
      ok: true,
      status: 201,
      data: [1],
    });
    await expect(api.request('GET', '/api/products/detail/9')).resolves.toMatchObject({
      ok: false,
      status: 404,
      detail: '상품이 없습니다.',
    });
  });

  it('the convenience methods still throw ApiError on a 400', async () => {
    const f = fakeFetch(() => json(400, { detail: 'bad' }));
    const api = createApiClient({ fetch: f.fetch, getGuestId: () => 'g-12345678' });
    const err = await api.post('/api/carts', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, detail: 'bad', body: { detail: 'bad' } });
  });

  it.each([500, 502, 503])('rejects a %i', async (status) => {
    const f = fakeFetch(() => json(status, { detail: 'server' }));
    const api = createApiClient({ fetch: f.fetch });
    await expect(api.request('GET', '/api/contents/banners')).rejects.toMatchObject({
      status,
      detail: 'server',
    });
  });

  it('turns a network failure into ApiError status 0', async () => {
    const f = fakeFetch(() => {
      throw new TypeError('fetch failed');
    });
    const api = createApiClient({ fetch: f.fetch });
    await expect(api.get('/api/contents/banners')).rejects.toMatchObject({
      status: 0,
      detail: 'network error',
    });
  });

  it('falls back to "HTTP <status>" when the error body has no detail', async () => {
    const f = fakeFetch(() => new Response('Bad Gateway', { status: 502 }));
    const api = createApiClient({ fetch: f.fetch });
    await expect(api.get('/api/contents/banners')).rejects.toMatchObject({
      status: 502,
      detail: 'HTTP 502',
      body: 'Bad Gateway',
    });
  });
});

// ---------------------------------------------------------------------------------------------

describe('rule 5: getOr falls back to empty defaults', () => {
  it('returns the body on success', async () => {
    const f = fakeFetch(() => json(200, { result: [1, 2] }));
    const api = createApiClient({ fetch: f.fetch });
    await expect(api.getOr('/api/contents/banners', { result: [] })).resolves.toEqual({ result: [1, 2] });
  });

  it.each([
    ['a network error', () => Promise.reject(new TypeError('offline')), 0],
    ['a 400', () => json(400, { detail: 'bad' }), 400],
    ['a 404', () => json(404, { detail: 'missing' }), 404],
    ['a 500', () => json(500, { detail: 'boom' }), 500],
  ] as const)('returns the fallback on %s and hands the error to onError', async (_label, handler, status) => {
    const f = fakeFetch(handler);
    const onError = vi.fn();
    const api = createApiClient({ fetch: f.fetch, onError });
    await expect(api.getOr('/api/contents/banners', [], { page: 2 })).resolves.toEqual([]);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]![0]).toMatchObject({ status });
    expect(onError.mock.calls[0]![1]).toEqual({
      method: 'GET',
      path: '/api/contents/banners',
      query: { page: 2 },
    });
  });

  it('returns the fallback for a token call without a token, without fetching', async () => {
    const f = fakeFetch();
    const api = createApiClient({ fetch: f.fetch });
    await expect(api.getOr('/api/benefits/coupon-list', { result: [] })).resolves.toEqual({ result: [] });
    expect(f.calls).toHaveLength(0);
  });

  it('returns the fallback on abort and does not report the abort', async () => {
    const f = fakeFetch(() => new Promise<Response>(() => {}));
    const onError = vi.fn();
    const api = createApiClient({ fetch: f.fetch, onError });
    const p = api.getOr('/api/contents/banners', 'fallback');
    await vi.waitFor(() => expect(f.calls).toHaveLength(1));
    api.cancelAll();
    await expect(p).resolves.toBe('fallback');
    expect(onError).not.toHaveBeenCalled();
  });

  it('survives an onError hook that throws', async () => {
    const f = fakeFetch(() => json(500, {}));
    const api = createApiClient({
      fetch: f.fetch,
      onError: () => {
        throw new Error('logger down');
      },
    });
    await expect(api.getOr('/api/contents/banners', 0)).resolves.toBe(0);
  });
});

describe('rule 5b: a page listing never hides a server error', () => {
  it.each([
    ['/api/orders/order-list-simple', { page: 1 }],
    ['/api/benefits/point-history', { page: 1 }],
    ['/api/benefits/coupon-list', undefined],
    ['/api/carts', undefined],
  ] as const)('a 500 from %s reaches the caller as an ApiError, not an empty list', async (path, query) => {
    const f = fakeFetch(() => json(500, { detail: 'boom' }));
    const onError = vi.fn();
    const api = createApiClient({ fetch: f.fetch, getAccessToken: () => 'access', onError });
    const err = await api.get(path, query).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 500, detail: 'boom' });
    // Thrown, not swallowed: the onError hook of getOr() is not involved.
    expect(onError).not.toHaveBeenCalled();
  });

  it('a network failure of a listing reaches the caller as ApiError(0, network error)', async () => {
    const f = fakeFetch(() => Promise.reject(new TypeError('offline')));
    const api = createApiClient({ fetch: f.fetch, getAccessToken: () => 'access' });
    await expect(api.get('/api/orders/order-list-simple')).rejects.toMatchObject({
      status: 0,
      detail: 'network error',
    });
  });

  it('a 400 with a detail stays an answer of request() the page can show inline', async () => {
    const f = fakeFetch(() => json(400, { detail: '이름을 입력해 주세요.' }));
    const api = createApiClient({ fetch: f.fetch, getAccessToken: () => 'access' });
    await expect(api.request('PUT', '/api/users/update-profile', { body: {} })).resolves.toMatchObject({
      ok: false,
      status: 400,
      detail: '이름을 입력해 주세요.',
    });
  });

  it('a 500 of a mutation through request() is thrown, not returned as an answer', async () => {
    const f = fakeFetch(() => json(500, { detail: 'boom' }));
    const api = createApiClient({ fetch: f.fetch, getAccessToken: () => 'access' });
    await expect(api.request('PUT', '/api/users/update-profile', { body: {} })).rejects.toMatchObject({
      status: 500,
    });
  });
});

// ---------------------------------------------------------------------------------------------

describe('rule 6: cancellation and debouncing', () => {
  it('cancelAll aborts every in-flight request started without a signal', async () => {
    const f = fakeFetch(() => new Promise<Response>(() => {}));
    const api = createApiClient({ fetch: f.fetch, getGuestId: () => 'g-12345678' });
    const a = api.get('/api/contents/banners');
    const b = api.request('GET', '/api/carts');
    await vi.waitFor(() => expect(f.calls).toHaveLength(2));
    api.cancelAll();
    await expect(a).rejects.toMatchObject({ status: 0, detail: 'aborted' });
    await expect(b).rejects.toMatchObject({ status: 0, detail: 'aborted' });
  });

  it('leaves requests with an explicit signal alone, and aborts them by that signal', async () => {
    const gate = deferred();
    const f = fakeFetch(async () => {
      await gate.promise;
      return json(200, { kept: true });
    });
    const api = createApiClient({ fetch: f.fetch });
    const own = new AbortController();
    const kept = api.request('GET', '/api/contents/banners', { signal: own.signal });
    const dropped = api.get('/api/contents/keywords');
    await vi.waitFor(() => expect(f.calls).toHaveLength(2));
    api.cancelAll();
    gate.resolve();
    await expect(kept).resolves.toMatchObject({ ok: true, data: { kept: true } });
    await expect(dropped).rejects.toMatchObject({ detail: 'aborted' });

    const other = new AbortController();
    const byCaller = api.get('/api/contents/banners', undefined, { signal: other.signal });
    other.abort();
    await expect(byCaller).rejects.toMatchObject({ status: 0, detail: 'aborted' });
  });

  it('aborts even when the host fetch ignores the signal', async () => {
    const api = createApiClient({ fetch: () => new Promise<Response>(() => {}) });
    const p = api.get('/api/contents/banners');
    api.cancelAll();
    await expect(p).rejects.toMatchObject({ detail: 'aborted' });
  });

  it('requests after cancelAll go through normally', async () => {
    const f = fakeFetch(() => json(200, 1));
    const api = createApiClient({ fetch: f.fetch });
    api.cancelAll();
    await expect(api.get('/api/contents/banners')).resolves.toBe(1);
  });

  it('debounced collapses rapid calls into the last one and resolves every caller with its result', async () => {
    vi.useFakeTimers();
    const f = fakeFetch((c) => json(200, { q: new URL(c.url, 'http://x').searchParams.get('query') }));
    const api = createApiClient({ fetch: f.fetch });
    const search = (q: string) =>
      api.debounced('search', 300, () => api.get('/api/v1/search/product', { query: q }));
    const p1 = search('n');
    await vi.advanceTimersByTimeAsync(100);
    const p2 = search('ni');
    await vi.advanceTimersByTimeAsync(100);
    const p3 = search('nik');
    await vi.advanceTimersByTimeAsync(299);
    expect(f.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    const results = await Promise.all([p1, p2, p3]);
    expect(results).toEqual([{ q: 'nik' }, { q: 'nik' }, { q: 'nik' }]);
    expect(f.calls).toHaveLength(1);
  });

  it('debounced keeps different keys apart and passes the last error to every caller', async () => {
    vi.useFakeTimers();
    const d = createDebouncer();
    const a = d.debounced('a', 50, () => 'A');
    const b1 = d.debounced('b', 50, () => 'B1');
    const b2 = d.debounced('b', 50, () => Promise.reject(new Error('last failed')));
    b1.catch(() => {});
    b2.catch(() => {});
    await vi.advanceTimersByTimeAsync(50);
    await expect(a).resolves.toBe('A');
    await expect(b1).rejects.toThrow('last failed');
    await expect(b2).rejects.toThrow('last failed');
  });

  it('cancelAll drops pending debounced calls with the aborted error', async () => {
    vi.useFakeTimers();
    const fn = vi.fn(() => 'x');
    const api = createApiClient({ fetch: fakeFetch().fetch });
    const p = api.debounced('k', 100, fn);
    api.cancelAll();
    await expect(p).rejects.toMatchObject({ status: 0, detail: 'aborted' });
    await vi.advanceTimersByTimeAsync(200);
    expect(fn).not.toHaveBeenCalled();
  });
});

// ---------------------------------------------------------------------------------------------

describe('rule 7: error reporting', () => {
  function reporting(handler: Handler, withToken = true) {
    const f = fakeFetch(handler);
    const onReportError = vi.fn();
    const api = createApiClient({
      fetch: f.fetch,
      onReportError,
      getGuestId: () => 'g-12345678',
      ...(withToken ? { getAccessToken: () => 'tok' } : {}),
    });
    return { f, api, onReportError };
  }

  it.each([
    ['POST', '/api/users/social-sign-up'],
    ['POST', '/api/users/sign-in'],
    ['POST', '/api/users/social-sign-in'],
    ['POST', '/api/orders'],
    ['POST', '/api/orders/confirm-order'],
    ['GET', '/api/curations/get-styling-request'],
    ['POST', '/api/v1/curations/style-quiz'],
  ])('reports a failed %s %s with its method and path', async (method, path) => {
    const { api, onReportError } = reporting(() => json(500, { detail: 'boom' }));
    await expect(api.request(method, path, { body: {} })).rejects.toBeInstanceOf(ApiError);
    expect(onReportError).toHaveBeenCalledTimes(1);
    expect(onReportError.mock.calls[0]![0]).toMatchObject({ status: 500, detail: 'boom' });
    expect(onReportError.mock.calls[0]![1]).toEqual({ method, path });
  });

  it('reports a 400 answer too (returned, not thrown), once', async () => {
    const { api, onReportError } = reporting(() => json(400, { detail: 'DUPLICATE PHONE' }));
    await expect(api.post('/api/users/social-sign-up', {})).rejects.toMatchObject({ status: 400 });
    expect(onReportError).toHaveBeenCalledTimes(1);
  });

  it('reports a local Token Required on an order call (the UI let a guest through)', async () => {
    const { f, api, onReportError } = reporting(() => json(200, {}), false);
    await expect(api.post('/api/orders', {})).rejects.toMatchObject({ status: 401 });
    expect(f.calls).toHaveLength(0);
    expect(onReportError).toHaveBeenCalledTimes(1);
  });

  it('does not report other calls, successes or aborts', async () => {
    const { api, onReportError } = reporting((c) =>
      c.path === '/api/carts'
        ? json(500, {})
        : c.path === '/api/orders'
          ? json(200, {})
          : new Promise(() => {}),
    );
    await expect(api.get('/api/carts')).rejects.toBeInstanceOf(ApiError);
    await api.post('/api/orders', {});
    const pending = api.post('/api/orders/confirm-order', {});
    api.cancelAll();
    await expect(pending).rejects.toMatchObject({ detail: 'aborted' });
    expect(onReportError).not.toHaveBeenCalled();
  });

  it.each([
    '카카오 인증에 실패했습니다.',
    'Invalid KAKAO oauth_token',
    'Apple token rejected',
    'NAVER provider error',
  ])('does not report a social provider rejection: 400 "%s"', async (detail) => {
    const { api, onReportError } = reporting(() => json(400, { detail }));
    await api.request('POST', '/api/users/social-sign-in', { body: {} });
    await api.request('POST', '/api/users/social-sign-up', { body: {} });
    expect(onReportError).not.toHaveBeenCalled();
  });

  it('still reports social failures that are not provider rejections', async () => {
    const { api, onReportError } = reporting((c) =>
      c.path === '/api/users/social-sign-up'
        ? json(400, { detail: 'DUPLICATE EMAIL' })
        : json(500, { detail: 'kakao' }),
    );
    await api.request('POST', '/api/users/social-sign-up', { body: {} });
    await api.request('POST', '/api/users/social-sign-in', { body: {} }).catch(() => {});
    expect(onReportError).toHaveBeenCalledTimes(2); // a 5xx is ours even if it names the provider
  });

  it('isSocialProviderRejection and isReportedCall define the rule', () => {
    const e = (status: number, detail: string) => new ApiError(status, detail, { detail });
    expect(isSocialProviderRejection(e(400, 'kakao says no'), '/api/users/social-sign-in')).toBe(true);
    expect(isSocialProviderRejection(e(401, '네이버 로그인 실패'), '/api/users/social-sign-up')).toBe(true);
    expect(isSocialProviderRejection(e(400, 'DUPLICATE PHONE'), '/api/users/social-sign-in')).toBe(false);
    expect(isSocialProviderRejection(e(502, 'kakao'), '/api/users/social-sign-in')).toBe(false);
    expect(isSocialProviderRejection(e(400, 'kakao'), '/api/users/sign-in')).toBe(false);
    expect(isReportedCall('POST', '/api/orders/order-items/3/cancel')).toBe(true);
    expect(isReportedCall('GET', '/api/orders/order-list-simple')).toBe(false);
    expect(isReportedCall('POST', '/api/curations/style-quiz-photo')).toBe(true);
    expect(isReportedCall('POST', '/api/carts')).toBe(false);
    expect(isReportedCall('POST', '/api/loggers/error-log')).toBe(false);
  });

  it('survives an onReportError hook that throws', async () => {
    const f = fakeFetch(() => json(500, { detail: 'boom' }));
    const api = createApiClient({
      fetch: f.fetch,
      getAccessToken: () => 't',
      onReportError: () => {
        throw new Error('x');
      },
    });
    await expect(api.post('/api/orders', {})).rejects.toMatchObject({ status: 500, detail: 'boom' });
  });
});

// ---------------------------------------------------------------------------------------------

describe('rule 8: helpers with special return rules', () => {
  it('socialSignIn returns the server body when it has a detail, even on an error status', async () => {
    const body = { detail: 'NEED SIGN UP', social_id: 'k1' };
    for (const status of [200, 400, 401, 409]) {
      const f = fakeFetch(() => json(status, body));
      const api = createApiClient({ fetch: f.fetch, getGuestId: () => 'g-12345678' });
      await expect(api.socialSignIn({ social_type: 'KAKAO' })).resolves.toEqual(body);
      expect(f.calls[0]!.path).toBe('/api/users/social-sign-in');
      expect(f.calls[0]!.headers.get('x-guest-user-id')).toBe('g-12345678');
    }
  });

  it('socialSignIn returns a success body without detail, and throws an error without one', async () => {
    let status = 200;
    const f = fakeFetch(() => json(status, { access: 'a', refresh: 'r' }));
    const api = createApiClient({ fetch: f.fetch });
    await expect(api.socialSignIn({})).resolves.toEqual({ access: 'a', refresh: 'r' });
    status = 500;
    await expect(api.socialSignIn({})).rejects.toMatchObject({ status: 500 });
  });

  it('codiToCart normalises the body and returns the server body when it has a detail', async () => {
    const f = fakeFetch(() => json(400, { detail: '품절된 상품이 있습니다.', sold_out: [3] }));
    const api = createApiClient({ fetch: f.fetch, getGuestId: () => 'g-12345678' });
    const out = await api.codiToCart({
      codi_id: '12',
      coupon: '',
      memo: undefined,
      items: [{ product_item_id: '3', quantity: '2', size: 'M' }],
    });
    expect(out).toEqual({ detail: '품절된 상품이 있습니다.', sold_out: [3] });
    expect(f.calls[0]!.path).toBe('/api/carts/codi-to-cart');
    expect(f.calls[0]!.json).toEqual({
      codi_id: 12,
      coupon: null,
      memo: null,
      items: [{ product_item_id: 3, quantity: 2, size: 'M' }],
    });
  });

  it('normaliseCodiToCartBody: empty or missing → null, numeric strings above 0 → integers', () => {
    expect(
      normaliseCodiToCartBody({
        id: '007',
        a: '',
        b: '  ',
        c: undefined,
        d: null,
        e: '0',
        f: '-3',
        g: '2.9',
        h: 5,
        i: 'L',
        j: true,
        k: Number.NaN,
        items: [{ q: '1' }, ''],
      }),
    ).toEqual({
      id: 7,
      a: null,
      b: null,
      c: null,
      d: null,
      e: '0',
      f: '-3',
      g: 2,
      h: 5,
      i: 'L',
      j: true,
      k: null,
      items: [{ q: 1 }, null],
    });
  });

  it('normaliseCodiToCartBody never recurses without a bound: a 100,000-deep array is left deep', () => {
    let deep: unknown = '1';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const out = normaliseCodiToCartBody({ items: deep }) as { items: unknown };
    // Normalised near the top, left alone past the bound (no stack overflow).
    let v: unknown = out.items;
    let depth = 0;
    while (Array.isArray(v)) {
      v = v[0];
      depth++;
    }
    expect(depth).toBe(100_000);
    expect(v).toBe('1');
  });

  it('downloadCoupon returns the server detail, success or failure', async () => {
    let answer = json(200, { detail: '쿠폰이 발급되었습니다.' });
    const f = fakeFetch(() => answer);
    const api = createApiClient({ fetch: f.fetch, getAccessToken: () => 't' });
    await expect(api.downloadCoupon('CODI')).resolves.toBe('쿠폰이 발급되었습니다.');
    expect(f.calls[0]!.json).toEqual({ coupon_type: 'CODI' });
    answer = json(400, { detail: '이미 발급된 쿠폰입니다.' });
    await expect(api.downloadCoupon('CODI')).resolves.toBe('이미 발급된 쿠폰입니다.');
    answer = json(200, { result: 'ok' });
    await expect(api.downloadCoupon('CODI')).resolves.toBeNull();
  });

  it('downloadCoupon falls back to the unknown-error message on a failure without detail', async () => {
    let answer: () => Response | Promise<Response> = () => json(500, {});
    const f = fakeFetch(() => answer());
    const api = createApiClient({ fetch: f.fetch, getAccessToken: () => 't' });
    await expect(api.downloadCoupon('PROMOTION')).resolves.toBe(MESSAGES.couponDownloadFallback);
    answer = () => Promise.reject(new TypeError('offline'));
    await expect(api.downloadCoupon('PROMOTION')).resolves.toBe(
      '알 수 없는 오류가 발생했습니다. 잠시 후 다시 시도해주세요.',
    );
  });

  it("issueBySerial returns the body, or {result: 'error'} on any failure", async () => {
    let status = 200;
    const f = fakeFetch(() => json(status, { result: 'success', coupon_id: 1 }));
    const api = createApiClient({ fetch: f.fetch, getAccessToken: () => 't' });
    await expect(api.issueBySerial('ABC-123')).resolves.toEqual({ result: 'success', coupon_id: 1 });
    expect(f.calls[0]!.json).toEqual({ serial: 'ABC-123' });
    status = 400;
    await expect(api.issueBySerial('bad')).resolves.toEqual({ result: 'error' });
    status = 500;
    await expect(api.issueBySerial('bad')).resolves.toEqual({ result: 'error' });
    const noToken = createApiClient({ fetch: f.fetch });
    await expect(noToken.issueBySerial('x')).resolves.toEqual({ result: 'error' });
  });

  it("styleQuiz returns 'SUCCESS' only when the answer has a status field", async () => {
    let answer = () => json(201, { status: 'created', id: 4 });
    const f = fakeFetch(() => answer());
    const api = createApiClient({ fetch: f.fetch, getAccessToken: () => 't' });
    await expect(api.styleQuiz({ answers: [1] })).resolves.toBe('SUCCESS');
    expect(f.calls[0]!.path).toBe('/api/v1/curations/style-quiz');
    answer = () => json(200, { id: 4 });
    await expect(api.styleQuiz({})).resolves.toBe('FAIL');
    answer = () => json(400, { status: 'invalid' });
    await expect(api.styleQuiz({})).resolves.toBe('FAIL');
    answer = () => json(500, {});
    await expect(api.styleQuiz({})).resolves.toBe('FAIL');
  });

  it("productDisplayList returns {result: []} without a call for 'null' / 'undefined' / empty ids", async () => {
    const f = fakeFetch();
    const api = createApiClient({ fetch: f.fetch });
    await expect(api.productDisplayList(['null', 'undefined', '', null, undefined])).resolves.toEqual({
      result: [],
    });
    await expect(api.productDisplayList('null,undefined')).resolves.toEqual({ result: [] });
    await expect(api.productDisplayList([])).resolves.toEqual({ result: [] });
    expect(f.calls).toHaveLength(0);
  });

  it('productDisplayList strips the empty ids and fetches the rest', async () => {
    const f = fakeFetch(() => json(200, { result: [{ id: 1 }, { id: 2 }] }));
    const api = createApiClient({ fetch: f.fetch });
    await expect(api.productDisplayList(['1', 'null', 2, 'undefined'], 1895)).resolves.toEqual({
      result: [{ id: 1 }, { id: 2 }],
    });
    const url = new URL(f.calls[0]!.url, 'http://x');
    expect(url.pathname).toBe('/api/products/product-display-list');
    expect(url.searchParams.get('product_display_list')).toBe('1,2');
    expect(url.searchParams.get('coupon_id')).toBe('1895');
    expect(cleanProductDisplayIds(' 3 ,null,,4')).toEqual(['3', '4']);
  });
});

describe('refresh token in an HttpOnly cookie (refreshCookie)', () => {
  it('refreshes with an empty body when the script cannot read the refresh token, then retries', async () => {
    const s = session({ access: 'old-access', refresh: null as unknown as string });
    const f = fakeFetch((c) => {
      if (c.path === REFRESH) return json(200, { access: 'new-access', refresh: 'cookie-rotated' });
      return bearer(c) === 'Bearer new-access' ? json(200, { ok: true }) : json(401, { detail: 'expired' });
    });
    const api = createApiClient({ fetch: f.fetch, ...s, refreshCookie: true });
    await expect(api.get('/api/users/info')).resolves.toEqual({ ok: true });
    expect(f.to(REFRESH)).toHaveLength(1);
    expect(f.to(REFRESH)[0]?.json).toEqual({});
    expect(s.state.access).toBe('new-access');
    expect(s.onLogout).not.toHaveBeenCalled();
  });

  it('without the option and without a refresh token it logs out instead of calling refresh', async () => {
    const s = session({ access: 'old-access', refresh: null as unknown as string });
    const f = fakeFetch(() => json(401, { detail: 'expired' }));
    const api = createApiClient({ fetch: f.fetch, ...s });
    await expect(api.get('/api/users/info')).rejects.toMatchObject({ status: 401 });
    expect(f.to(REFRESH)).toHaveLength(0);
    expect(s.onLogout).toHaveBeenCalledTimes(1);
  });
});

describe('guest ids issued by the server (onGuestId)', () => {
  const GUEST_ID = '/api/users/guest-id';
  /** A server that accepts only the ids in `valid`, and issues new ones from `next`. */
  function guestServer(valid: Set<string>, next: string[]) {
    return fakeFetch((c) => {
      if (c.path === GUEST_ID) {
        const id = next.shift() ?? 'none-left';
        valid.add(id);
        return json(200, { guest_id: id });
      }
      const id = c.headers.get('x-guest-user-id');
      if (id !== null && !valid.has(id)) return json(400, { detail: GUEST_ID_INVALID });
      if (id === null && !bearer(c)) return json(401, { detail: 'Token or x-guest-user-id header required' });
      return json(200, { guest: id });
    });
  }
  function store(initial: string | null) {
    const state = { guest: initial };
    const onGuestId = vi.fn((id: string) => {
      state.guest = id;
    });
    return { state, onGuestId, getGuestId: () => state.guest };
  }

  it('replaces an id the server refuses (400) with a new one, stores it and retries once', async () => {
    const f = guestServer(new Set(), ['issued-1']);
    const g = store('old-plain-uuid');
    const api = createApiClient({ fetch: f.fetch, ...g });
    await expect(api.get('/api/carts')).resolves.toEqual({ guest: 'issued-1' });
    expect(f.calls.map((c) => `${c.method} ${c.path} ${c.headers.get('x-guest-user-id')}`)).toEqual([
      'GET /api/carts old-plain-uuid',
      `POST ${GUEST_ID} null`,
      'GET /api/carts issued-1',
    ]);
    expect(g.onGuestId).toHaveBeenCalledWith('issued-1');
    expect(g.state.guest).toBe('issued-1');
  });

  it('never loops: a refused retry stands as the 400 it is', async () => {
    const f = fakeFetch((c) =>
      c.path === GUEST_ID ? json(200, { guest_id: 'still-bad' }) : json(400, { detail: GUEST_ID_INVALID }),
    );
    const api = createApiClient({ fetch: f.fetch, ...store('old') });
    const r = await api.request('GET', '/api/carts');
    expect(r).toMatchObject({ ok: false, status: 400, detail: GUEST_ID_INVALID });
    expect(f.calls).toHaveLength(3);
  });

  it('concurrent refusals share one new id', async () => {
    const f = guestServer(new Set(), ['issued-1', 'issued-2']);
    const api = createApiClient({ fetch: f.fetch, ...store('old') });
    const results = await Promise.all([
      api.get('/api/carts'),
      api.get('/api/likes/likes'),
      api.get('/api/carts'),
    ]);
    expect(results).toEqual([{ guest: 'issued-1' }, { guest: 'issued-1' }, { guest: 'issued-1' }]);
    expect(f.to(GUEST_ID)).toHaveLength(1);
  });

  it('gets an id before a guest call made without a token or an id', async () => {
    const f = guestServer(new Set(), ['issued-1']);
    const g = store(null);
    const api = createApiClient({ fetch: f.fetch, ...g });
    await expect(api.get('/api/carts')).resolves.toEqual({ guest: 'issued-1' });
    expect(f.calls.map((c) => c.path)).toEqual([GUEST_ID, '/api/carts']);
    // A member's call needs none.
    const member = createApiClient({ fetch: f.fetch, ...store(null), getAccessToken: () => 'tok' });
    await member.get('/api/carts');
    expect(f.to(GUEST_ID)).toHaveLength(1);
  });

  it('replaces an x-guest-user-id the caller set itself, and keeps using the new id without storage', async () => {
    const f = guestServer(new Set(), ['issued-1']);
    const api = createApiClient({
      fetch: f.fetch,
      getGuestId: () => 'old',
      onGuestId: () => {
        throw new Error('cookies blocked');
      },
    });
    const r = await api.request('POST', '/api/users/auth/token', {
      body: { provider: 'kakao', code: 'c' },
      headers: { 'x-guest-user-id': 'old' },
    });
    expect(r).toMatchObject({ ok: true, data: { guest: 'issued-1' } });
    await expect(api.get('/api/carts')).resolves.toEqual({ guest: 'issued-1' });
    expect(f.to(GUEST_ID)).toHaveLength(1);
  });

  it('without onGuestId the 400 is returned as is, and a member is never sent to refresh for it', async () => {
    const f = guestServer(new Set(), ['issued-1']);
    const plain = createApiClient({ fetch: f.fetch, getGuestId: () => 'old' });
    expect(await plain.request('GET', '/api/carts')).toMatchObject({ ok: false, status: 400 });
    expect(f.to(GUEST_ID)).toHaveLength(0);
    const s = session();
    const member = createApiClient({ fetch: f.fetch, ...s, ...store('old') });
    await expect(member.get('/api/carts')).resolves.toEqual({ guest: 'issued-1' });
    expect(f.to(REFRESH)).toHaveLength(0);
    expect(s.onLogout).not.toHaveBeenCalled();
  });
});
