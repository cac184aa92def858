/**
 * Generated hostile input for every operation of the OpenAPI document (docs/ARCHITECTURE.md,
 * "Security"). For each operation, fast-check (fixed seed) generates requests from the operation's
 * own schemas and then breaks them: wrong types, missing and extra fields, huge and negative
 * numbers, empty, 10 KB and odd Unicode strings, deep nesting, wrong content types, as nobody, as
 * a guest, as a member, as an operator, and with another member's ids. Every answer must be below
 * 500, every 4xx must be JSON with a `detail` (and the fields its documented schema requires), no
 * answer may carry the other member's data, the other member's rows must be unchanged, and the
 * server must be healthy afterwards.
 *
 * `npm test` runs HOSTILE_RUNS (default 10) requests per operation with HOSTILE_SEED (default
 * 20261125); `HOSTILE_RUNS=200 npx vitest run apps/api/test/hostile-input.test.ts` is the longer
 * run. With HOSTILE_BASE_URL the same requests go over HTTP to a running server (CI's production
 * pass): as nobody, as a guest and, with HOSTILE_ADMIN_KEY, as an operator.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { desc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { curations, productItems } from '../src/db/schema.ts';
import { seed } from '../src/demo/seed.ts';
import { addQuizPhoto } from '../src/domains/curations/photos.ts';
import { createMember, createTestApp, guestHeader, type TestApp } from './helpers.ts';
import { ADDRESS, makeShop, placeOrder } from './orders-fixtures.ts';

const RUNS = Number(process.env.HOSTILE_RUNS ?? 10);
const SEED = Number(process.env.HOSTILE_SEED ?? 20261125);
const BASE_URL = process.env.HOSTILE_BASE_URL;
const REMOTE_ADMIN_KEY = process.env.HOSTILE_ADMIN_KEY;
const ADMIN_KEY = 'hostile-admin-key-0123456789abcdef';
/** Planted in the other member's rows: no answer to anyone else may contain it. */
const CANARY = '캐너리비밀';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
};
type Parameter = { in: string; name: string; required?: boolean; schema?: JsonSchema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
  security?: Record<string, string[]>[];
};
type OpenApi = { paths: Record<string, Record<string, Operation>> };

type Who = 'nobody' | 'guest' | 'member' | 'admin';
type Req = {
  method: string;
  url: string;
  who: Who;
  contentType?: string;
  body?: string;
};
type Res = { status: number; contentType: string; text: string };

// ───────────── hostile values ─────────────

const HOSTILE_STRINGS = [
  '',
  ' ',
  '0',
  '-1',
  '1.5',
  '1e309',
  'NaN',
  'null',
  'true',
  '[]',
  '{}',
  'x'.repeat(10_240),
  '가'.repeat(5_000),
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF\uD800',
  '\uFFFE\uFFFF',
  '\u202Eevil',
  'e\u0301\u0301\u0301\u0301',
  '𝕳𝖊𝖑𝖑𝖔 🤡🇰🇷',
  '１２３',
  '١٢٣',
  '  42  ',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '%00%2e%2e%2f',
  '\\',
  'ㅅㄹㅅ',
  '010-0000-0000',
  '2026-02-30T25:61:00Z',
];
const HOSTILE_NUMBERS = [
  0,
  -1,
  -0,
  1.5,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  2 ** 53 + 2,
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
];

const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
);
const hostileNumber = fc.oneof(
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const deepArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
/** A JSON text value of any kind, hostile or not. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.constantFrom(null, true, false, [], {}, [[[]]], { a: { b: 1 } }),
  fc.jsonValue({ maxDepth: 3 }),
);

// ───────────── values from a schema ─────────────

function typesOf(s: JsonSchema): string[] {
  if (Array.isArray(s.type)) return s.type;
  if (s.type) return [s.type];
  if (s.properties) return ['object'];
  return [];
}

/** A value the schema accepts (mostly): the base that mutations then break. */
function fromSchema(s: JsonSchema | undefined, pools: Pools, depth = 0): fc.Arbitrary<unknown> {
  if (!s || depth > 6) return hostileValue;
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alts = s.anyOf ?? s.oneOf;
  if (alts?.length) return fc.oneof(...alts.map((a) => fromSchema(a, pools, depth + 1)));
  if (s.allOf?.length) return fromSchema(s.allOf[0], pools, depth + 1);
  const types = typesOf(s);
  if (types.length === 0) return hostileValue;
  return fc.oneof(
    ...types.map((type): fc.Arbitrary<unknown> => {
      switch (type) {
        case 'null':
          return fc.constant(null);
        case 'boolean':
          return fc.boolean();
        case 'integer': {
          const min = s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : (s.minimum ?? -1000);
          const max = Math.min(s.maximum ?? 100_000, Number.MAX_SAFE_INTEGER);
          return fc.oneof(
            { weight: 2, arbitrary: fc.constantFrom(...pools.ids) },
            {
              weight: 2,
              arbitrary: fc.integer({
                min: Math.max(min, -(2 ** 31)),
                max: Math.max(Math.min(max, 2 ** 31 - 1), Math.max(min, -(2 ** 31))),
              }),
            },
            { weight: 1, arbitrary: fc.constantFrom(min, max) },
          );
        }
        case 'number':
          return fc.double({ min: s.minimum ?? -1e6, max: s.maximum ?? 1e6, noNaN: true });
        case 'string': {
          const maxLength = Math.min(s.maxLength ?? 30, 200);
          const minLength = Math.min(s.minLength ?? 0, maxLength);
          return fc.oneof(
            fc.string({ minLength, maxLength }),
            fc.constantFrom(...pools.strings),
            fc.constantFrom(...pools.ids.map(String)),
          );
        }
        case 'array': {
          const maxLength = Math.min(s.maxItems ?? 3, 5);
          return fc.array(fromSchema(s.items, pools, depth + 1), {
            minLength: Math.min(s.minItems ?? 0, maxLength),
            maxLength,
          });
        }
        case 'object': {
          const props = Object.entries(s.properties ?? {});
          const required = new Set(s.required ?? []);
          if (props.length === 0)
            return fc.dictionary(fc.string({ maxLength: 8 }), hostileValue, { maxKeys: 3 });
          return fc.record(Object.fromEntries(props.map(([k, v]) => [k, fromSchema(v, pools, depth + 1)])), {
            requiredKeys: props.map(([k]) => k).filter((k) => required.has(k)),
          });
        }
        default:
          return hostileValue;
      }
    }),
  );
}

/** Breaks a valid-looking object: a field gets a hostile value, a required field goes, a field is added. */
function mutate(base: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(base, fc.nat(), hostileValue, fc.constantFrom('replace', 'drop', 'extra', 'whole', 'nest'))
    .map(([value, pick, bad, how]) => {
      if (how === 'whole') return bad;
      if (value === null || typeof value !== 'object' || Array.isArray(value)) {
        return how === 'nest' ? [[[[value]]]] : bad;
      }
      const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
      const keys = Object.keys(copy);
      const key = keys.length ? (keys[pick % keys.length] as string) : 'x';
      if (how === 'drop') delete copy[key];
      else if (how === 'extra') copy[`extra_${pick % 7}`] = bad;
      else if (how === 'nest') copy[key] = JSON.parse(deepArray(20 + (pick % 30)));
      else copy[key] = bad;
      return copy;
    });
}

// ───────────── requests for one operation ─────────────

type Pools = { ids: number[]; foreignIds: number[]; strings: string[] };

const BOUNDARY_IDS = [
  '0',
  '-1',
  '1',
  '2147483647',
  '2147483648',
  '9007199254740993',
  '1e21',
  '1.5',
  'abc',
  '%20',
  '%00',
  '..%2F..',
  'null',
  '%FF%FE',
  '%C0%AF',
  '%E0%80',
];

/** Percent-encodes the UTF-8 bytes of a string (lone surrogates become U+FFFD). */
const percentEncode = (s: string) =>
  [...new TextEncoder().encode(s)]
    .map((b) =>
      /[A-Za-z0-9._~-]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');

function pathParam(pools: Pools): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...pools.ids.map(String)) },
    {
      weight: 3,
      arbitrary: fc.constantFrom(...(pools.foreignIds.length ? pools.foreignIds : [1]).map(String)),
    },
    { weight: 2, arbitrary: fc.constantFrom(...BOUNDARY_IDS) },
    { weight: 1, arbitrary: hostileString.map((s) => percentEncode(s.slice(0, 190)) || '%20') },
  );
}

function queryValue(p: Parameter, pools: Pools): fc.Arbitrary<string | string[] | undefined> {
  const fromOwn = fromSchema(p.schema, pools).map((v) =>
    v === undefined ? undefined : typeof v === 'string' ? v : JSON.stringify(v),
  );
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant(undefined) },
    { weight: 3, arbitrary: fromOwn },
    { weight: 2, arbitrary: hostileString },
    { weight: 1, arbitrary: fc.array(hostileString, { minLength: 2, maxLength: 4 }) },
  );
}

const WRONG_BODIES: { contentType: string; body: string }[] = [
  { contentType: 'text/plain', body: 'hello' },
  { contentType: 'application/x-www-form-urlencoded', body: 'a=1&b=%00' },
  {
    contentType: 'multipart/form-data; boundary=xyz',
    body: '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--xyz--',
  },
  { contentType: 'application/xml', body: '<a/>' },
  { contentType: 'application/json', body: '{"a":' },
  { contentType: 'application/json', body: '' },
  { contentType: 'application/json', body: 'null' },
  { contentType: 'application/json', body: '"\\ud800"' },
  { contentType: 'application/json', body: deepArray(3_000) },
  { contentType: 'application/json', body: `{"a":${deepArray(40)}}` },
  { contentType: 'application/json', body: '{"__proto__":{"isAdmin":true}}' },
  { contentType: 'application/json; charset=latin1', body: '{}' },
  { contentType: 'application/json', body: JSON.stringify(Array.from({ length: 5_000 }, (_, i) => i)) },
];

function requestsFor(
  method: string,
  path: string,
  op: Operation,
  pools: Pools,
  whos: Who[],
): fc.Arbitrary<Req> {
  const params = op.parameters ?? [];
  // `{*}` is a wildcard path (e.g. GET /api/uploads/{*}): filled like any other path value.
  const pathNames = [...path.matchAll(/\{(\w+|\*)\}/g)].map((m) => m[1] as string);
  const queryParams = params.filter((p) => p.in === 'query');
  const jsonSchema = op.requestBody?.content?.['application/json']?.schema;
  const hasBody = method !== 'get' && method !== 'delete' && method !== 'head';
  const validBody = fromSchema(jsonSchema, pools);
  const body: fc.Arbitrary<{ contentType?: string; body?: string }> = hasBody
    ? fc.oneof(
        {
          weight: 3,
          arbitrary: validBody.map((v) => ({
            contentType: 'application/json',
            body: JSON.stringify(v) ?? 'null',
          })),
        },
        {
          weight: 4,
          arbitrary: mutate(validBody).map((v) => ({
            contentType: 'application/json',
            body: JSON.stringify(v) ?? 'null',
          })),
        },
        { weight: 2, arbitrary: fc.constantFrom(...WRONG_BODIES) },
        { weight: 1, arbitrary: fc.constant({}) },
      )
    : fc.constant({});
  return fc
    .record({
      who: fc.constantFrom(...whos),
      pathValues: fc.tuple(...pathNames.map(() => pathParam(pools))),
      query: fc.record(Object.fromEntries(queryParams.map((p) => [p.name, queryValue(p, pools)]))),
      extra: fc.option(fc.tuple(fc.constantFrom('x', 'page', 'id', 'user_id', '__proto__'), hostileString), {
        nil: undefined,
      }),
      body,
    })
    .map(({ who, pathValues, query, extra, body }) => {
      let url = path;
      pathNames.forEach((name, i) => {
        url = url.replace(`{${name}}`, pathValues[i] as string);
      });
      const qs = new URLSearchParams();
      for (const [k, v] of Object.entries(query)) {
        if (v === undefined) continue;
        for (const x of Array.isArray(v) ? v : [v]) qs.append(k, x);
      }
      if (extra) qs.append(extra[0], extra[1]);
      const search = qs.toString();
      return { method: method.toUpperCase(), url: search ? `${url}?${search}` : url, who, ...body };
    });
}

// ───────────── checks ─────────────

type Failure = { req: Req; status: number; why: string; text: string };

function checkAnswer(req: Req, res: Res, op: Operation, failures: Failure[], canaries: string[]) {
  const fail = (why: string) =>
    failures.push({
      req: { ...req, body: req.body?.slice(0, 200) },
      status: res.status,
      why,
      text: res.text.slice(0, 300),
    });
  if (res.status >= 500) return fail('5xx');
  // A HEAD answer has no body to check.
  if (res.status >= 400 && req.method !== 'HEAD') {
    if (!res.contentType.includes('application/json')) return fail('4xx without JSON');
    let body: unknown;
    try {
      body = JSON.parse(res.text);
    } catch {
      return fail('4xx body is not JSON');
    }
    const detail = (body as { detail?: unknown }).detail;
    if (typeof detail !== 'string' || detail.length === 0) return fail('4xx without detail');
    const documented = op.responses?.[String(res.status)]?.content?.['application/json']?.schema;
    for (const field of documented?.required ?? []) {
      if (!(field in (body as object))) return fail(`4xx without its documented field ${field}`);
    }
  }
  if (req.who !== 'admin' && canaries.some((c) => res.text.includes(c)))
    fail("another member's data in the answer");
}

// ───────────── the run ─────────────

type Sender = (req: Req) => Promise<Res>;

/** Calls that end the member's session or account run last, so the rest runs signed in. */
const LAST = [
  '/api/users/sign-out',
  '/api/users/stop',
  '/api/users/update-password',
  '/api/users/change-password',
  '/api/users/revoke-apple',
];

async function runAll(
  doc: OpenApi,
  send: Sender,
  pools: Pools,
  whos: Who[],
  canaries: string[],
): Promise<{ operations: number; requests: number; byStatus: Record<string, number>; failures: Failure[] }> {
  const failures: Failure[] = [];
  const byStatus: Record<string, number> = {};
  let operations = 0;
  let requests = 0;
  const ops = Object.entries(doc.paths)
    .flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })))
    .sort((a, b) => Number(LAST.includes(a.path)) - Number(LAST.includes(b.path)));
  for (const [index, { path, method, op }] of ops.entries()) {
    operations += 1;
    const samples = fc.sample(requestsFor(method, path, op, pools, whos), {
      seed: SEED + index,
      numRuns: RUNS,
    });
    for (const req of samples) {
      requests += 1;
      let res: Res;
      try {
        res = await send(req);
      } catch (err) {
        failures.push({ req, status: 0, why: `transport error: ${(err as Error).message}`, text: '' });
        continue;
      }
      const klass = `${Math.floor(res.status / 100)}xx`;
      byStatus[klass] = (byStatus[klass] ?? 0) + 1;
      checkAnswer(req, res, op, failures, canaries);
    }
  }
  return { operations, requests, byStatus, failures };
}

function report(r: Awaited<ReturnType<typeof runAll>>, mode: string) {
  const fivexx = r.failures.filter((f) => f.why === '5xx').length;
  console.log(
    `hostile input (${mode}, seed ${SEED}, ${RUNS} per operation): ${r.operations} operations, ${r.requests} requests, ` +
      `${JSON.stringify(r.byStatus)}, ${fivexx} 5xx, ${r.failures.length} failures`,
  );
  const shown = r.failures
    .slice(0, 40)
    .map(
      (f) =>
        `${f.why} ${f.status} ${f.req.who} ${f.req.method} ${f.req.url.slice(0, 160)} ${f.req.contentType ?? ''} ${f.req.body ?? ''} → ${f.text}`,
    );
  expect(shown).toEqual([]);
}

describe.skipIf(!!BASE_URL)('hostile input, every operation (in process)', () => {
  let t: TestApp;
  let member: Record<string, string>;
  let guest: Record<string, string>;
  let pools: Pools;
  let other: {
    headers: Record<string, string>;
    cartLineId: number;
    addressId: number;
    orderId: number;
    photoId: number;
    restockAlertId: number;
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_API_KEY: ADMIN_KEY } });
    await seed(t.ctx.db, { products: 30 });
    member = (await createMember(t.ctx, { name: '에이회원' })).headers;
    guest = guestHeader(t.ctx, 'guest-hostile-0001');
    // The other member: a cart line, an address and an order, with the canary in them.
    const b = await createMember(t.ctx, { name: CANARY, email: `${'canary'}@example.com` });
    const shop = await makeShop(t.ctx, { stock: 50 });
    const itemIds = [shop.m, shop.l];
    const itemId = shop.m;
    const line = await t.app.inject({
      method: 'POST',
      url: '/api/carts',
      headers: b.headers,
      payload: { product_item_id: itemId, quantity: 1 },
    });
    expect(line.statusCode, line.body).toBe(200);
    const cartLineId = (line.json() as { lines: { id: number }[] }).lines[0]?.id as number;
    const addr = await t.app.inject({
      method: 'POST',
      url: '/api/users/post-user-shipping-info',
      headers: b.headers,
      payload: { name: '집', ...ADDRESS, recipient: CANARY, detail_address: `${CANARY} 101호` },
    });
    expect(addr.statusCode, addr.body).toBe(201);
    const addressId = (addr.json() as { id: number }).id;
    const order = await placeOrder(t.app, b.headers, [{ product_item_id: itemId, quantity: 1 }]);
    // A style quiz (its curation request) and a private quiz photo.
    const quiz = await t.app.inject({
      method: 'POST',
      url: '/api/v1/curations/style-quiz',
      headers: b.headers,
      payload: { liked_styles: ['미니멀'], occasions: ['office'] },
    });
    expect(quiz.statusCode, quiz.body).toBe(200);
    // An upload arrives as a temporary file (platform/uploads.ts).
    const photoPath = join(mkdtempSync(join(tmpdir(), 'codiroom-hostile-')), 'photo');
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#345' } })
      .jpeg()
      .toFile(photoPath);
    const photo = await addQuizPhoto(t.ctx, b.user.id, 'FACE', [
      { field: 'photo', path: photoPath, size: 0 },
    ]);
    rmSync(dirname(photoPath), { recursive: true, force: true });
    const [curation] = await t.ctx.db.select().from(curations).where(eq(curations.user_id, b.user.id));
    // A restock alert of a sold-out size (the last seeded one: outside the id pools, so no
    // operator's hostile stock change restocks it).
    const [soldOut] = await t.ctx.db
      .update(productItems)
      .set({ stock: 0 })
      .where(
        eq(
          productItems.id,
          t.ctx.db.select({ id: productItems.id }).from(productItems).orderBy(desc(productItems.id)).limit(1),
        ),
      )
      .returning({ id: productItems.id });
    const alert = await t.app.inject({
      method: 'POST',
      url: '/api/restock-alerts',
      headers: b.headers,
      payload: { product_item_id: soldOut?.id },
    });
    expect(alert.statusCode, alert.body).toBe(200);
    const restockAlertId = (alert.json() as { id: number }).id;
    other = {
      headers: b.headers,
      cartLineId,
      addressId,
      orderId: order.id,
      photoId: photo.id,
      restockAlertId,
    };
    pools = {
      ids: [1, 2, 3, shop.displayId, shop.productId, ...itemIds],
      foreignIds: [
        cartLineId,
        addressId,
        order.id,
        b.user.id,
        photo.id,
        restockAlertId,
        quiz.json().id,
        curation?.id ?? 0,
      ].filter((x) => Number.isSafeInteger(x) && x > 0),
      strings: ['슬랙스', '셔츠', '테헤란로', order.order_id, 'M', 'TOP', '2026-11-20'],
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers below 500, with a detail for every 4xx, without the other member's data, and stays healthy", async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as OpenApi;
    const headersOf = (who: Who): Record<string, string> =>
      who === 'guest'
        ? guest
        : who === 'member'
          ? member
          : who === 'admin'
            ? { 'x-admin-key': ADMIN_KEY }
            : {};
    const send: Sender = async (req) => {
      const res = await t.app.inject({
        method: req.method as 'GET',
        url: req.url,
        headers: { ...headersOf(req.who), ...(req.contentType ? { 'content-type': req.contentType } : {}) },
        ...(req.body !== undefined ? { payload: req.body } : {}),
      });
      return {
        status: res.statusCode,
        contentType: String(res.headers['content-type'] ?? ''),
        text: res.body,
      };
    };
    const result = await runAll(doc, send, pools, ['nobody', 'guest', 'member', 'admin'], [CANARY]);
    expect(result.operations).toBe(Object.values(doc.paths).reduce((n, m) => n + Object.keys(m).length, 0));
    report(result, 'in process');

    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    // The other member's rows are as they were.
    const cart = await t.app.inject({ method: 'GET', url: '/api/carts', headers: other.headers });
    expect(cart.body).toContain(`"id":${other.cartLineId}`);
    const address = await t.app.inject({
      method: 'GET',
      url: `/api/users/get-user-shipping-info/${other.addressId}`,
      headers: other.headers,
    });
    expect(address.statusCode).toBe(200);
    expect(address.body).toContain(CANARY);
    const order = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${other.orderId}/detail`,
      headers: other.headers,
    });
    expect(order.statusCode).toBe(200);
    // Still unpaid and holding its stock: no one else's call (payment-failed, release-pending with its
    // order id, a checkout of theirs) released it.
    expect((order.json() as { status: string }).status).toBe('PENDING');
    const photos = await t.app.inject({ method: 'GET', url: '/api/users/photos', headers: other.headers });
    expect(photos.body).toContain(`"id":${other.photoId}`);
    const alerts = await t.app.inject({ method: 'GET', url: '/api/restock-alerts', headers: other.headers });
    expect(alerts.body).toContain(`"id":${other.restockAlertId}`);
  }, 600_000);
});

describe.skipIf(!BASE_URL)('hostile input, every operation (a running server)', () => {
  it('answers below 500, with a detail for every 4xx, and stays healthy', async () => {
    const base = (BASE_URL as string).replace(/\/$/, '');
    // In production the back office's operations are in the document only for the admin key
    // (platform/openapi.ts): with HOSTILE_ADMIN_KEY they are covered too.
    const doc = (await (
      await fetch(`${base}/api/openapi.json`, {
        headers: REMOTE_ADMIN_KEY ? { 'x-admin-key': REMOTE_ADMIN_KEY } : {},
      })
    ).json()) as OpenApi;
    // A guest id the server issued (guest calls refuse any other).
    const issued = (await (await fetch(`${base}/api/users/guest-id`, { method: 'POST' })).json()) as {
      guest_id: string;
    };
    const guest = { 'x-guest-user-id': issued.guest_id };
    const headersOf = (who: Who): Record<string, string> =>
      who === 'guest'
        ? guest
        : who === 'admin' && REMOTE_ADMIN_KEY
          ? { 'x-admin-key': REMOTE_ADMIN_KEY }
          : {};
    const send: Sender = async (req) => {
      const res = await fetch(`${base}${req.url}`, {
        method: req.method,
        headers: { ...headersOf(req.who), ...(req.contentType ? { 'content-type': req.contentType } : {}) },
        ...(req.body !== undefined ? { body: req.body } : {}),
        redirect: 'manual',
      });
      return {
        status: res.status,
        contentType: res.headers.get('content-type') ?? '',
        text: await res.text(),
      };
    };
    const whos: Who[] = REMOTE_ADMIN_KEY ? ['nobody', 'guest', 'admin'] : ['nobody', 'guest'];
    const pools: Pools = { ids: [1, 2, 3], foreignIds: [], strings: ['슬랙스', '셔츠', 'M', 'TOP'] };
    const result = await runAll(doc, send, pools, whos, []);
    report(result, `over HTTP at ${base}`);
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
  }, 900_000);
});
