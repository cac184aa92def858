/**
 * Likes (API-CATALOGUE.md Likes) and the AddToWishlist ad-conversion event (SPEC.md §9): idempotent
 * like/unlike with like_count, 404s, every endpoint, guest and member isolation, the dev sink and
 * the real adapter against a local fake server.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fixedClock } from '@codiroom/shared';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, codiSets, likes, posts, productDisplays, styles } from '../src/db/schema.ts';
import { seed } from '../src/demo/seed.ts';
import {
  type AdConversionEvent,
  addToCartEvent,
  adSenderFor,
  DevAdSink,
  GraphAdSender,
  setAdSender,
} from '../src/domains/ads/conversion.ts';
import { createMember, createTestApp, guestHeader, type TestApp } from './helpers.ts';

const SEED_NOW = new Date('2026-11-20T00:00:00+09:00');
let t: TestApp;
let sink: DevAdSink;
let products: (typeof productDisplays.$inferSelect)[];
let guestSeq = 0;
const newGuest = () => guestHeader(t.ctx, `guest-likes-${String(++guestSeq).padStart(4, '0')}`);

type Json = Record<string, unknown>;
async function call(
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: Json,
) {
  const res = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.json() as Json & { result?: Json[] } };
}
const postLike = (h: Record<string, string>, like_type: string, like_id: number) =>
  call('POST', '/api/likes/post-like', h, { like_type, like_id });
const likeCountOf = async (id: number) =>
  (await t.ctx.db.select().from(productDisplays).where(eq(productDisplays.id, id)))[0]?.like_count;

/** Waits for fire-and-forget work started by a request. */
const settle = () => new Promise((r) => setTimeout(r, 50));
/** Waits until the fire-and-forget ad events have arrived (up to 5 s: CI machines can be slow). */
const until = async (done: () => boolean) => {
  for (let i = 0; i < 250 && !done(); i++) await new Promise((r) => setTimeout(r, 20));
};

beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock('2026-11-20T03:00:00Z') });
  await seed(t.ctx.db, { products: 30, now: SEED_NOW });
  products = await t.ctx.db.select().from(productDisplays).orderBy(asc(productDisplays.id));
  sink = new DevAdSink();
  setAdSender(t.ctx, sink);
});

afterAll(async () => {
  await t?.close();
});

describe('post-like / unlike', () => {
  it('is idempotent and moves like_count once', async () => {
    const g = newGuest();
    const p = products[0]!;
    const before = await likeCountOf(p.id);
    const a = await postLike(g, 'PRODUCT', p.id);
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({
      liked: true,
      like_type: 'PRODUCT',
      like_id: p.id,
      like_count: before! + 1,
    });
    const b = await postLike(g, 'PRODUCT', p.id);
    expect(b.status).toBe(200);
    expect(b.body.id).toBe(a.body.id);
    expect(await likeCountOf(p.id)).toBe(before! + 1);
    const rows = await t.ctx.db.select().from(likes).where(eq(likes.like_id, p.id));
    expect(rows.filter((r) => r.guest_id === g['x-guest-user-id'])).toHaveLength(1);

    const d1 = await call('DELETE', '/api/likes', g, { like_type: 'PRODUCT', id: p.id });
    expect(d1.status).toBe(200);
    expect(d1.body).toMatchObject({ liked: false, like_count: before });
    const d2 = await call('DELETE', '/api/likes', g, { like_type: 'PRODUCT', id: p.id });
    expect(d2.status).toBe(200);
    expect(await likeCountOf(p.id)).toBe(before);
  });

  it('never decrements below 0', async () => {
    const g = newGuest();
    const p = products[1]!;
    await postLike(g, 'PRODUCT', p.id);
    await t.ctx.db.update(productDisplays).set({ like_count: 0 }).where(eq(productDisplays.id, p.id));
    await call('DELETE', '/api/likes', g, { like_type: 'PRODUCT', id: p.id });
    expect(await likeCountOf(p.id)).toBe(0);
  });

  it('answers 404 for unknown targets and 400 for bad payloads', async () => {
    const g = newGuest();
    for (const type of ['PRODUCT', 'BRAND', 'STYLE', 'CODI', 'CONTENT']) {
      const r = await postLike(g, type, 99_999_999);
      expect(r.status).toBe(404);
      expect(typeof r.body.detail).toBe('string');
    }
    expect((await postLike(g, 'SHOE', products[0]!.id)).status).toBe(400);
    expect((await call('POST', '/api/likes/post-like', g, { like_type: 'PRODUCT' })).status).toBe(400);
    expect((await call('GET', '/api/likes/count-likes?like_type=PRODUCT&like_id=99999999', {})).status).toBe(
      404,
    );
  });

  it('needs a token or a guest id', async () => {
    expect((await postLike({}, 'PRODUCT', products[0]!.id)).status).toBe(401);
    expect((await call('GET', '/api/likes/latest-like-type', {})).status).toBe(401);
  });

  it('likes every target type and moves its like_count', async () => {
    const g = newGuest();
    const [brand] = await t.ctx.db.select().from(brands).limit(1);
    const [style] = await t.ctx.db.select().from(styles).limit(1);
    const [codi] = await t.ctx.db.select().from(codiSets).limit(1);
    const [post] = await t.ctx.db.select().from(posts).limit(1);
    const cases = [
      ['BRAND', brand!],
      ['STYLE', style!],
      ['CODI', codi!],
      ['CONTENT', post!],
    ] as const;
    for (const [type, row] of cases) {
      const before = row.like_count;
      const r = await postLike(g, type, row.id);
      expect(r.status).toBe(200);
      expect(r.body.like_count).toBe(before + 1);
      const c = await call('GET', `/api/likes/count-likes?like_type=${type}&like_id=${row.id}`, {});
      expect(c).toEqual({ status: 200, body: { count: before + 1 } });
      const list = await call('GET', `/api/likes/likes?like_type=${type}&page=1`, g);
      expect(list.status).toBe(200);
      expect(list.body.total_count).toBe(1);
      expect(list.body.result?.[0]).toMatchObject({ id: row.id, like_count: before + 1 });
      expect(typeof list.body.result?.[0]?.name).toBe('string');
    }
    expect((await call('GET', '/api/likes/latest-like-type', g)).body).toEqual({ like_type: 'CONTENT' });
  });
});

describe('reads', () => {
  it('get-like, likes, product-like-list and latest-like-type', async () => {
    const g = newGuest();
    expect((await call('GET', '/api/likes/latest-like-type', g)).body).toEqual({ like_type: null });
    const [p1, p2, p3] = [products[2]!, products[3]!, products[4]!];
    for (const p of [p1, p2, p3]) expect((await postLike(g, 'PRODUCT', p.id)).status).toBe(200);

    const s = await call('GET', `/api/likes/get-like?like_type=PRODUCT&like_id=${p1.id}`, g);
    expect(s.body).toMatchObject({ liked: true, like_type: 'PRODUCT', like_id: p1.id });
    const n = await call('GET', `/api/likes/get-like?like_type=PRODUCT&like_id=${products[10]!.id}`, g);
    expect(n.body).toMatchObject({ liked: false, id: null });

    const list = await call('GET', '/api/likes/product-like-list?page=1', g);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ page: 1, count: 3, total_count: 3, total_page: 1 });
    expect(new Set(list.body.result?.map((c) => c.product_display_id))).toEqual(
      new Set([p1.id, p2.id, p3.id]),
    );
    expect(list.body.result?.[0]).toHaveProperty('brand_name');

    const paged = await call('GET', '/api/likes/product-like-list?page=2&page_size=2', g);
    expect(paged.body).toMatchObject({ page: 2, count: 1, total_count: 3, total_page: 2 });

    const typed = await call('GET', '/api/likes/product-like-list?page=1&like_type=BRAND', g);
    expect(typed.body).toMatchObject({ total_count: 0, result: [] });

    const viaLikes = await call('GET', '/api/likes/likes?like_type=PRODUCT&page=1', g);
    expect(viaLikes.body.total_count).toBe(3);
    expect((await call('GET', '/api/likes/likes?page=1', g)).status).toBe(400);
    expect((await call('GET', '/api/likes/latest-like-type', g)).body).toEqual({ like_type: 'PRODUCT' });
  });

  it("pages through more than 20 likes: 20 on the first page (the 좋아요 tab's page), the rest after", async () => {
    const g = newGuest();
    const liked = products.slice(0, 25);
    for (const p of liked) expect((await postLike(g, 'PRODUCT', p.id)).status).toBe(200);
    const first = await call('GET', '/api/likes/product-like-list?page=1&like_type=PRODUCT', g);
    expect(first.body).toMatchObject({ page: 1, count: 20, total_count: 25, total_page: 2 });
    const second = await call('GET', '/api/likes/product-like-list?page=2&like_type=PRODUCT', g);
    expect(second.body).toMatchObject({ page: 2, count: 5, total_count: 25, total_page: 2 });
    const seen = [...(first.body.result ?? []), ...(second.body.result ?? [])].map(
      (c) => c.product_display_id,
    );
    expect(new Set(seen)).toEqual(new Set(liked.map((p) => p.id)));
  });

  it('lists liked posts under CONTENT (the 콘텐츠 tab)', async () => {
    const g = newGuest();
    const [post] = await t.ctx.db.select().from(posts).limit(1);
    expect((await postLike(g, 'CONTENT', post!.id)).status).toBe(200);
    const list = await call('GET', '/api/likes/product-like-list?page=1&like_type=CONTENT', g);
    expect(list.body).toMatchObject({ total_count: 1, result: [{ id: post!.id, name: post!.title }] });
  });
});

describe('isolation', () => {
  it("nobody reads or removes another guest's or member's likes", async () => {
    const a = newGuest();
    const b = newGuest();
    const member = await createMember(t.ctx);
    const p = products[5]!;
    const before = await likeCountOf(p.id);
    const la = await postLike(a, 'PRODUCT', p.id);
    const lm = await postLike(member.headers, 'PRODUCT', p.id);
    expect(lm.body.id).not.toBe(la.body.id);
    expect(await likeCountOf(p.id)).toBe(before! + 2);

    expect((await call('GET', `/api/likes/get-like?like_type=PRODUCT&like_id=${p.id}`, b)).body.liked).toBe(
      false,
    );
    expect((await call('GET', '/api/likes/product-like-list?page=1', b)).body.total_count).toBe(0);
    expect((await call('DELETE', `/api/likes/${la.body.id}`, b)).status).toBe(404);
    expect((await call('DELETE', `/api/likes/${lm.body.id}`, a)).status).toBe(404);
    expect((await call('DELETE', `/api/likes/${la.body.id}`, member.headers)).status).toBe(404);
    expect((await call('DELETE', '/api/likes/abc', a)).status).toBe(404);
    // Unlike by target only touches the caller's own row.
    await call('DELETE', '/api/likes', b, { like_type: 'PRODUCT', id: p.id });
    expect(await likeCountOf(p.id)).toBe(before! + 2);

    const own = await call('DELETE', `/api/likes/${la.body.id}`, a);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({
      liked: false,
      like_type: 'PRODUCT',
      like_id: p.id,
      like_count: before! + 1,
    });
    expect((await call('DELETE', `/api/likes/${la.body.id}`, a)).status).toBe(404);
    expect(await likeCountOf(p.id)).toBe(before! + 1);
    const m = await call('GET', '/api/likes/product-like-list?page=1', member.headers);
    expect(m.body.result?.map((c) => c.id)).toEqual([p.id]);
  });
});

describe('AddToWishlist', () => {
  it('records the event in the dev sink with price_discount, falling back to price', async () => {
    expect(adSenderFor(t.ctx)).toBe(sink);
    const g = newGuest();
    const p = products[6]!;
    sink.events.length = 0;
    await t.app.inject({
      method: 'POST',
      url: '/api/likes/post-like',
      headers: { ...g, 'user-agent': 'UA-test', cookie: '_fbp=fb.1.2.3; _fbc=fb.1.2.abc' },
      payload: { like_type: 'PRODUCT', like_id: p.id },
    });
    await until(() => sink.events.length >= 1);
    expect(sink.events).toHaveLength(1);
    const e = sink.events[0]!;
    expect(e).toMatchObject({
      event_name: 'AddToWishlist',
      event_time: Math.floor(Date.parse('2026-11-20T03:00:00Z') / 1000),
      action_source: 'website',
      user_data: { client_user_agent: 'UA-test', fbp: 'fb.1.2.3', fbc: 'fb.1.2.abc' },
      custom_data: {
        value: p.price_discount,
        currency: 'KRW',
        contents: [{ id: String(p.id), quantity: 1, item_price: p.price_discount }],
        content_ids: [String(p.id)],
        content_type: 'product',
      },
    });

    // A repeated like and non-product likes send nothing.
    await postLike(g, 'PRODUCT', p.id);
    const [brand] = await t.ctx.db.select().from(brands).limit(1);
    await postLike(g, 'BRAND', brand!.id);
    await settle();
    expect(sink.events).toHaveLength(1);

    const q = products[7]!;
    await t.ctx.db.update(productDisplays).set({ price_discount: 0 }).where(eq(productDisplays.id, q.id));
    await postLike(g, 'PRODUCT', q.id);
    await until(() => sink.events.length >= 2);
    expect(sink.events[1]?.custom_data).toMatchObject({
      value: q.price,
      contents: [{ item_price: q.price }],
    });
  });

  it("carries a member's hashed e-mail in em", async () => {
    const m = await createMember(t.ctx, { email: ' Kim@Example.com ' });
    sink.events.length = 0;
    await postLike(m.headers, 'PRODUCT', products[11]!.id);
    await until(() => sink.events.length >= 1);
    expect(sink.events[0]?.user_data.em).toEqual([
      createHash('sha256').update('kim@example.com').digest('hex'),
    ]);
  });

  it('exports addToCartEvent for the carts domain', () => {
    const e = addToCartEvent(
      [{ product_display_id: 7, quantity: 2, price: 10_000 }],
      new Date(1_700_000_000_500),
    );
    expect(e).toMatchObject({
      event_name: 'AddToCart',
      event_time: 1_700_000_000,
      custom_data: {
        value: 20_000,
        currency: 'KRW',
        contents: [{ id: '7', quantity: 2, item_price: 10_000 }],
      },
    });
  });
});

describe('GraphAdSender', () => {
  let server: Server;
  let base: string;
  let status = 200;
  const received: { url: string; body: { data: AdConversionEvent[] } }[] = [];

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res) => {
      let raw = '';
      req.on('data', (c) => {
        raw += c;
      });
      req.on('end', () => {
        received.push({ url: req.url ?? '', body: JSON.parse(raw || '{}') });
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(status === 200 ? '{"events_received":1}' : '{"error":{"message":"bad"}}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    setAdSender(t.ctx, sink);
  });

  it('posts {data: [events]} to /v18.0/{pixel}/events with the access token', async () => {
    setAdSender(
      t.ctx,
      new GraphAdSender({ baseUrl: `${base}/`, pixelId: '1234567890', accessToken: 'tok en' }),
    );
    const g = newGuest();
    const p = products[8]!;
    const r = await postLike(g, 'PRODUCT', p.id);
    expect(r.status).toBe(200);
    await until(() => received.length >= 1);
    expect(received).toHaveLength(1);
    const got = received[0]!;
    const url = new URL(got.url, base);
    expect(url.pathname).toBe('/v18.0/1234567890/events');
    expect(url.searchParams.get('access_token')).toBe('tok en');
    expect(got.body.data).toHaveLength(1);
    expect(got.body.data[0]).toMatchObject({
      event_name: 'AddToWishlist',
      action_source: 'website',
      custom_data: { currency: 'KRW', content_type: 'product', content_ids: [String(p.id)] },
    });
    expect(Object.keys(got.body.data[0]!.user_data).sort()).toEqual(
      ['client_ip_address', 'client_user_agent', 'em', 'fbc', 'fbp'].sort(),
    );
  });

  it('a failing or unreachable service does not fail the like', async () => {
    status = 500;
    // A 5xx is tried twice more (no waiting here): 1 + 3 requests reach the fake service.
    setAdSender(
      t.ctx,
      new GraphAdSender({ baseUrl: base, pixelId: '1', accessToken: 'x', sleep: async () => {} }),
    );
    const g = newGuest();
    const r = await postLike(g, 'PRODUCT', products[9]!.id);
    expect(r.status).toBe(200);
    expect(r.body.liked).toBe(true);
    await until(() => received.length >= 4);
    await settle();
    expect(received).toHaveLength(4);
    await expect(
      new GraphAdSender({ baseUrl: base, pixelId: '1', accessToken: 'x' }).send([]),
    ).resolves.toBeUndefined();
    setAdSender(
      t.ctx,
      new GraphAdSender({
        baseUrl: 'http://127.0.0.1:1',
        pixelId: '1',
        accessToken: 'x',
        sleep: async () => {},
      }),
    );
    const r2 = await postLike(g, 'PRODUCT', products[10]!.id);
    expect(r2.status).toBe(200);
    await settle();
  });

  it('is chosen by config', async () => {
    const { createAdSender } = await import('../src/domains/ads/conversion.ts');
    const { loadConfig } = await import('../src/config.ts');
    expect(createAdSender(loadConfig({ NODE_ENV: 'test' })).kind).toBe('dev');
    // The dev sink is a stand-in: never in production, where no keys means no events.
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      SOLAPI_API_KEY: 'k',
      SOLAPI_API_SECRET: 's',
      SOLAPI_SENDER: '0200000000',
      PUBLIC_ORIGIN: 'https://codiroom.example',
    };
    expect(createAdSender(loadConfig(production)).kind).toBe('off');
    expect(createAdSender(loadConfig({ ...production, AD_PIXEL_ID: '42', AD_ACCESS_TOKEN: 'k' })).kind).toBe(
      'graph',
    );
    expect(
      createAdSender(loadConfig({ NODE_ENV: 'test', AD_PIXEL_ID: '42', AD_ACCESS_TOKEN: 'k' })).kind,
    ).toBe('graph');
    expect(() => loadConfig({ NODE_ENV: 'test', AD_PIXEL_ID: '42' })).toThrow(/AD_ACCESS_TOKEN/);
  });
});
