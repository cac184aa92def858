import { gzipSync } from 'node:zlib';
/**
 * Input bounds (docs/ARCHITECTURE.md, "Security"): deep, wide or long JSON and query strings are
 * refused with a 400 and a `detail` before any handler runs, and never take the database down.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_INPUT_LIMITS,
  inputBoundsProblem,
  jsonDepthExceeds,
  parseBoundedJson,
  queryBoundsProblem,
} from '../src/platform/input-limits.ts';
import { createMember, createTestApp, guestHeader, type TestApp } from './helpers.ts';

async function guestHeaders(t: TestApp): Promise<Record<string, string>> {
  return guestHeader(t.ctx, 'guest-limits-0001');
}

const nested = (depth: number, inner = '1') => '['.repeat(depth) + inner + ']'.repeat(depth);

describe('bounds, as pure functions', () => {
  it('jsonDepthExceeds counts brackets outside strings only, escapes included', () => {
    expect(jsonDepthExceeds(nested(32), 32)).toBe(false);
    expect(jsonDepthExceeds(nested(33), 32)).toBe(true);
    expect(jsonDepthExceeds(JSON.stringify({ a: '[[[[[[[[[[' }), 2)).toBe(false);
    expect(jsonDepthExceeds(JSON.stringify({ a: 'x\\"[[[[[[' }), 2)).toBe(false);
    expect(jsonDepthExceeds('{"a":{"b":{"c":1}}}', 2)).toBe(true);
  });

  it('inputBoundsProblem names the bound broken', () => {
    const limits = { ...DEFAULT_INPUT_LIMITS, keys: 3, array: 3, string: 5, values: 20, depth: 3 };
    expect(inputBoundsProblem({ a: [1, 2, 3], b: 'abcde' }, limits)).toBeNull();
    expect(inputBoundsProblem({ a: 1, b: 2, c: 3, d: 4 }, limits)).toMatch(/more than 3 keys/);
    expect(inputBoundsProblem([1, 2, 3, 4], limits)).toMatch(/more than 3 elements/);
    expect(inputBoundsProblem({ a: 'abcdef' }, limits)).toMatch(/longer than 5/);
    expect(inputBoundsProblem({ abcdef: 1 }, limits)).toMatch(/key longer than 5/);
    expect(inputBoundsProblem([[[[1]]]], limits)).toMatch(/deeper than 3/);
    expect(inputBoundsProblem([[[1]]], limits)).toBeNull();
    expect(
      inputBoundsProblem(
        [
          [1, 2, 3],
          [1, 2, 3],
          [1, 2, 3],
        ],
        { ...limits, values: 10 },
      ),
    ).toMatch(/more than 10 values/);
    expect(inputBoundsProblem(JSON.parse('{"a":["\\ud800"]}'))).toMatch(/lone UTF-16 surrogate/);
    expect(inputBoundsProblem(JSON.parse('{"\\udfff":1}'))).toMatch(/lone UTF-16 surrogate/);
    expect(inputBoundsProblem({ a: '😀 한글' })).toBeNull();
    expect(inputBoundsProblem(JSON.parse('{"__proto__":{"x":1}}'))).toMatch(/__proto__/);
    expect(inputBoundsProblem(JSON.parse('{"constructor":{"prototype":{}}}'))).toMatch(/constructor/);
  });

  it('parseBoundedJson refuses a body far deeper than the JSON parser can recurse, without throwing a RangeError', () => {
    const huge = nested(1_000_000);
    expect(() => parseBoundedJson(huge, DEFAULT_INPUT_LIMITS)).toThrow(/deeper than 32/);
    expect(() => parseBoundedJson('', DEFAULT_INPUT_LIMITS)).toThrow(/empty/);
    expect(() => parseBoundedJson('{"a":', DEFAULT_INPUT_LIMITS)).toThrow(/Malformed JSON/);
  });

  it('queryBoundsProblem bounds parameters, repeats, names and values', () => {
    expect(queryBoundsProblem({ a: '1', b: ['1', '2'] })).toBeNull();
    expect(
      queryBoundsProblem(Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`p${i}`, '1']))),
    ).toMatch(/more than 64 parameters/);
    expect(queryBoundsProblem({ a: Array.from({ length: 101 }, () => 'x') })).toMatch(/repeated/);
    expect(queryBoundsProblem({ ['k'.repeat(129)]: '1' })).toMatch(/name longer/);
    expect(queryBoundsProblem({ q: 'x'.repeat(4_097) })).toMatch(/longer than 4096/);
    expect(queryBoundsProblem({ q: '\ud800' })).toMatch(/not valid Unicode/);
  });
});

describe('bounds at the HTTP layer', () => {
  let t: TestApp;
  let member: { authorization: string };
  let guest: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    member = (await createMember(t.ctx)).headers;
    guest = await guestHeaders(t);
  });
  afterAll(async () => {
    await t.close();
  });

  let listening = 0;
  async function listenOnce(): Promise<number> {
    if (!listening) {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      listening = (t.app.server.address() as { port: number }).port;
    }
    return listening;
  }

  const post = (url: string, payload: string, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { 'content-type': 'application/json', ...headers },
    });

  async function expectHealthy() {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  }

  it('a 4 KB, 2,000-deep array sent as a guest to page-log is a 400, and the shop keeps serving', async () => {
    const body = `{"name":"home","data":${nested(2_000)}}`;
    expect(body.length).toBeLessThan(4_200);
    const res = await post('/api/loggers/page-log', body, guest);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/nested deeper than 32 levels/);
    await expectHealthy();
    const ok = await post('/api/loggers/page-log', JSON.stringify({ name: 'home' }), guest);
    expect(ok.statusCode).toBe(200);
  });

  it('request bodies are never inflated: a gzip-encoded body, even a valid one, is a 4xx', async () => {
    // Inflated, this would be a valid page log (200); a 100-byte gzip body can hold megabytes.
    const zipped = gzipSync(JSON.stringify({ name: 'home' }));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/loggers/page-log',
      payload: zipped,
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', ...guest },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(typeof res.json().detail).toBe('string');
    await expectHealthy();
  });

  it('a multipart body is a 415 before any handler on a route that does not declare uploads', async () => {
    const body = '--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\nhome\r\n--xyz--\r\n';
    for (const type of [
      'multipart/form-data; boundary=xyz',
      'Multipart/Form-Data; boundary=xyz',
      'multipart/mixed; boundary=xyz',
    ]) {
      const res = await post('/api/loggers/page-log', body, { ...guest, 'content-type': type });
      expect(res.statusCode, type).toBe(415);
      expect(res.json().detail).toMatch(/does not take multipart\/form-data/);
    }
    await expectHealthy();
  });

  it('the same body to ses-selected is a 400, and a normal selection is still stored afterwards', async () => {
    const res = await post('/api/users/ses-selected', `{"ses_selected":${nested(2_000)}}`, member);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/deeper/);
    await expectHealthy();
    const ok = await post('/api/users/ses-selected', JSON.stringify({ ses_selected: { a: [1] } }), member);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ses_selected: { a: [1] } });
  });

  it('deep nesting on every logger route and on codi-to-cart is a 400, never a 500', async () => {
    for (const path of ['active-user-log', 'page-log', 'error-log', 'section-log']) {
      const res = await post(`/api/loggers/${path}`, `{"x":${nested(40)}}`, guest);
      expect(res.statusCode, path).toBe(400);
      expect(typeof res.json().detail).toBe('string');
    }
    const codi = await post('/api/carts/codi-to-cart', `{"codi_id":1,"items":${nested(5_000)}}`, guest);
    expect(codi.statusCode).toBe(400);
    expect(codi.json().detail).toMatch(/deeper/);
  });

  it('wide and long bodies are refused before the handler', async () => {
    const wide = JSON.stringify(Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`k${i}`, 1])));
    const res = await post('/api/loggers/page-log', wide, guest);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/more than 200 keys/);
    const long = JSON.stringify({ name: 'x'.repeat(16_385) });
    const res2 = await post('/api/loggers/page-log', long, guest);
    expect(res2.statusCode).toBe(400);
    expect(res2.json().detail).toMatch(/longer than 16384/);
    const poisoned = await post('/api/loggers/page-log', '{"__proto__":{"admin":true}}', guest);
    expect(poisoned.statusCode).toBe(400);
    // A lone surrogate cannot be stored as text or jsonb: refused, not a 500 from the database.
    for (const path of ['active-user-log', 'page-log', 'error-log', 'section-log']) {
      const res = await post(`/api/loggers/${path}`, '{"name":"x","a":"\\ud800"}', guest);
      expect(res.statusCode, path).toBe(400);
      expect(res.json().detail).toMatch(/surrogate/);
    }
  });

  it('issue-by-serial answers any invalid body with a 400, its detail and result: error', async () => {
    for (const payload of ['{}', '{"serial":123}', '[]', '{"serial":"x","extra":1}', 'null']) {
      const res = await post('/api/benefits/issue-by-serial', payload, member);
      expect(res.statusCode, payload).toBe(400);
      const body = res.json();
      expect(typeof body.detail, payload).toBe('string');
      expect(body.result, payload).toBe('error');
    }
    const longQuery = await t.app.inject({
      method: 'POST',
      url: `/api/benefits/issue-by-serial?x=${'a'.repeat(5_000)}`,
      payload: { serial: 'ABC' },
      headers: member,
    });
    expect(longQuery.statusCode).toBe(400);
    expect(longQuery.json().result).toBe('error');
  });

  it('a URL or headers too large for the HTTP parser answer 431 with a JSON detail', async () => {
    const { createConnection } = await import('node:net');
    const port = await listenOnce();
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = createConnection({ port, host: '127.0.0.1' }, () => {
        socket.write(`GET /api/health?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
      });
      let data = '';
      socket.on('data', (d) => {
        data += d.toString();
      });
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 431 /);
    expect(raw).toContain('application/json');
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)).detail).toMatch(/too large/);
  });

  it('query strings past their bounds are a 400 on the API and on pages', async () => {
    const many = Array.from({ length: 65 }, (_, i) => `p${i}=1`).join('&');
    for (const url of [`/api/v1/search/product?${many}`, `/search?${many}`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().detail).toMatch(/more than 64 parameters/);
    }
    const long = await t.app.inject({
      method: 'GET',
      url: `/api/v1/search/product?query=${'가'.repeat(4_097)}`,
    });
    expect(long.statusCode).toBe(400);
  });
});
