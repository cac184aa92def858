/**
 * Product page extras (shipping-info with the KST cut-offs, live viewers, image-main, product-box,
 * recommend-style, matchup-products, ai-similar-products, user-preferred-product-displays)
 * and rankings from real signals (recompute, rising, brands).
 */
import { API_ROUTES, fixedClock, kstDate, MESSAGES, type ProductCard } from '@codiroom/shared';
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  brands,
  cartLines,
  carts,
  codiItems,
  codiSets,
  likes,
  productDisplays,
  productItems,
  productSignals,
  products,
} from '../src/db/schema.ts';
import { seed } from '../src/demo/seed.ts';
import { ResponseCache, responseCache } from '../src/domains/catalog/response-cache.ts';
import { rankingJob, recomputeRankings } from '../src/domains/catalog/signals.ts';
import { createMember, createTestApp, guestIdOf, type TestApp } from './helpers.ts';

const SEED_NOW = new Date('2026-11-20T00:00:00+09:00');
let t: TestApp;
type Row = typeof productDisplays.$inferSelect;
let displays: Row[];

beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock('2026-11-20T03:00:00Z') });
  await seed(t.ctx.db, { products: 150, now: SEED_NOW });
  displays = await t.ctx.db.select().from(productDisplays).orderBy(asc(productDisplays.id));
});
afterAll(async () => {
  await t?.close();
});

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ url, headers });
  return { status: res.statusCode, body: res.json() };
}

/** Runs `fn` with a database handle that fails the test on any use. */
async function withoutDatabase<T>(fn: () => Promise<T>): Promise<T> {
  const real = t.ctx.db;
  t.ctx.db = new Proxy({} as typeof real, {
    get() {
      throw new Error('database used');
    },
  });
  try {
    return await fn();
  } finally {
    t.ctx.db = real;
  }
}

const active = () => displays.filter((d) => d.is_active);
const first = () => active()[0] as Row;

async function setBrandShipping(
  brandId: number,
  v: { today_shipping: boolean; fast_shipping_cutoff: number | null },
) {
  await t.ctx.db.update(brands).set(v).where(eq(brands.id, brandId));
}

describe('shipping-info (SPEC.md §9)', () => {
  // 2026-11-18 is a Wednesday (weekday), 2026-11-20 a Friday (weekend).
  it('today_shipping brand: 11:59 KST leaves today, 12:00 tomorrow — on a weekday and on the weekend', async () => {
    const p = first();
    await setBrandShipping(p.brand_id, { today_shipping: true, fast_shipping_cutoff: null });
    const [brand] = await t.ctx.db.select().from(brands).where(eq(brands.id, p.brand_id));
    const url = `/api/products/shipping-info?product_display_id=${p.id}`;

    t.ctx.clock = fixedClock(kstDate(2026, 11, 18, 11, 59));
    let r = await get(url);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      product_display_id: p.id,
      brand_id: p.brand_id,
      shipping_fee: brand?.shipping_fee,
      free_shipping_min: brand?.free_shipping_min,
      delivery_category: 'home_delivery',
      shipping_type: 'today',
      cutoff_hour: 12,
      is_weekend: false,
      is_before_cutoff: true,
      dispatch_date: '2026-11-18',
      arrival_date: '2026-11-19',
      label: '오늘출발',
    });
    t.ctx.clock = fixedClock(kstDate(2026, 11, 18, 12, 0));
    r = await get(url);
    // The badge follows the dispatch day: after 12:00 it no longer says 오늘출발.
    expect(r.body).toMatchObject({
      is_before_cutoff: false,
      dispatch_date: '2026-11-19',
      cutoff_at: null,
      label: '내일출발',
    });

    t.ctx.clock = fixedClock(kstDate(2026, 11, 20, 11, 59));
    r = await get(url);
    expect(r.body).toMatchObject({
      is_weekend: true,
      is_before_cutoff: true,
      dispatch_date: '2026-11-20',
      arrival_date: '2026-11-23',
    });
    t.ctx.clock = fixedClock(kstDate(2026, 11, 20, 12, 0));
    r = await get(url);
    expect(r.body).toMatchObject({ is_weekend: true, is_before_cutoff: false, dispatch_date: '2026-11-23' });
  });

  it('fast_shipping brand with the 11:00 cut-off, a forced product id, and standard shipping', async () => {
    const p = first();
    await setBrandShipping(p.brand_id, { today_shipping: false, fast_shipping_cutoff: 11 });
    const url = `/api/products/shipping-info?product_display_id=${p.id}`;
    t.ctx.clock = fixedClock(kstDate(2026, 11, 18, 10, 59));
    expect((await get(url)).body).toMatchObject({
      shipping_type: 'fast',
      cutoff_hour: 11,
      is_before_cutoff: true,
    });
    t.ctx.clock = fixedClock(kstDate(2026, 11, 18, 11, 0));
    expect((await get(url)).body).toMatchObject({ shipping_type: 'fast', is_before_cutoff: false });

    await setBrandShipping(p.brand_id, { today_shipping: false, fast_shipping_cutoff: null });
    t.ctx.clock = fixedClock(kstDate(2026, 11, 18, 11, 59));
    expect((await get(url)).body).toMatchObject({
      shipping_type: 'standard',
      cutoff_hour: null,
      dispatch_date: '2026-11-20',
    });

    await t.ctx.db
      .update(productDisplays)
      .set({ force_today_shipping: true })
      .where(eq(productDisplays.id, p.id));
    expect((await get(url)).body).toMatchObject({
      shipping_type: 'today',
      is_before_cutoff: true,
      dispatch_date: '2026-11-18',
    });
    await t.ctx.db
      .update(productDisplays)
      .set({ force_today_shipping: p.force_today_shipping })
      .where(eq(productDisplays.id, p.id));
    t.ctx.clock = fixedClock('2026-11-20T03:00:00Z');
  });

  it("'null' and 'undefined' give the standard terms without a database call; missing is 404, junk 400", async () => {
    for (const v of ['null', 'undefined']) {
      const r = await withoutDatabase(() => get(`/api/products/shipping-info?product_display_id=${v}`));
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ product_display_id: null, brand_id: null, shipping_type: 'standard' });
    }
    const missing = await get('/api/products/shipping-info?product_display_id=999999');
    expect(missing).toEqual({ status: 404, body: { detail: MESSAGES.productMissing } });
    const bad = await get('/api/products/shipping-info?product_display_id=abc');
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toContain('product_display_id');
  });
});

describe("SPEC.md §5: 'null' / 'undefined' display ids", () => {
  it('every product call taking product_display_id answers empty without touching the database', async () => {
    for (const v of ['null', 'undefined']) {
      const q = `product_display_id=${v}`;
      await withoutDatabase(async () => {
        expect((await get(`/api/products/same-products?${q}`)).body).toEqual({ result: [] });
        expect((await get(`/api/products/similar-products?${q}`)).body).toEqual({ result: [] });
        expect((await get(`/api/products/size-grading?${q}`)).body).toMatchObject({ rows: [], set: null });
        expect((await get(`/api/products/matchup-products?${q}`)).body).toEqual({ result: [] });
        expect((await get(`/api/v1/products/ai-similar-products?${q}`)).body.result).toEqual([]);
        expect((await get(`/api/products/image-main?${q}`)).body.images).toEqual([]);
        expect((await get(`/api/products/current-view-count?${q}`)).body.count).toBe(0);
        expect((await get(`/api/products/recommend-style?${q}`)).body.codis).toEqual([]);
        expect((await get(`/api/products/product-display-list?product_display_list=${v},${v}`)).body).toEqual(
          {
            result: [],
          },
        );
      });
    }
  });
});

describe('current-view-count', () => {
  it('counts distinct viewers of the detail page over the last 5 minutes', async () => {
    const p = active()[1] as Row;
    t.ctx.clock = fixedClock('2026-11-20T03:00:10Z');
    const url = `/api/products/current-view-count?product_display_id=${p.id}`;
    expect((await get(url)).body).toEqual({ product_display_id: p.id, count: 0, window_minutes: 5 });
    const view = (guest: string) =>
      t.app.inject({ url: `/api/products/detail/${p.id}`, headers: { 'x-guest-user-id': guest } });
    // Public route: the guest header is not parsed, so viewers are told apart by address.
    await t.app.inject({ url: `/api/products/detail/${p.id}`, remoteAddress: '10.0.0.1' });
    await t.app.inject({ url: `/api/products/detail/${p.id}`, remoteAddress: '10.0.0.1' });
    await t.app.inject({ url: `/api/products/detail/${p.id}`, remoteAddress: '10.0.0.2' });
    await view(guestIdOf(t.ctx, 'guest-aaaaaaaa'));
    await new Promise((r) => setTimeout(r, 20));
    const now = await get(url);
    expect(now.body.count).toBeGreaterThanOrEqual(2);
    expect(now.body.count).toBeLessThanOrEqual(3);
    // Ten minutes later the window has moved past them.
    t.ctx.clock = fixedClock('2026-11-20T03:10:10Z');
    expect((await get(url)).body.count).toBe(0);
    t.ctx.clock = fixedClock('2026-11-20T03:00:00Z');
  });

  it('null id → 0 without a database call; missing → 404', async () => {
    const r = await withoutDatabase(() => get('/api/products/current-view-count?product_display_id=null'));
    expect(r.body).toEqual({ product_display_id: null, count: 0, window_minutes: 5 });
    expect((await get('/api/products/current-view-count?product_display_id=999999')).body.detail).toBe(
      MESSAGES.productMissing,
    );
  });
});

describe('image-main and product-box', () => {
  it('image-main answers the gallery, the first image as main', async () => {
    const p = first();
    const r = await get(`/api/products/image-main?product_display_id=${p.id}`);
    expect(r.status).toBe(200);
    const images = p.images.length ? p.images : [p.image_url];
    expect(r.body).toEqual({ product_display_id: p.id, image_url: images[0], images });
    const empty = await withoutDatabase(() => get('/api/products/image-main?product_display_id=undefined'));
    expect(empty.body).toEqual({ product_display_id: null, image_url: null, images: [] });
    expect((await get('/api/products/image-main?product_display_id=999999')).status).toBe(404);
  });

  it('product-box answers the card, colour and sizes with sold-out flags', async () => {
    const p = first();
    const items = await t.ctx.db
      .select()
      .from(productItems)
      .where(and(eq(productItems.product_display_id, p.id), eq(productItems.is_active, true)))
      .orderBy(asc(productItems.sort_order), asc(productItems.id));
    await t.ctx.db
      .update(productItems)
      .set({ stock: 0 })
      .where(eq(productItems.id, (items[0] as { id: number }).id));
    const r = await get(`/api/products/product-box/${p.id}`);
    expect(r.status).toBe(200);
    expect(r.body.result).toMatchObject({ id: p.id, name: p.name, color_name: p.color_name });
    const firstSize = r.body.result.sizes[0];
    expect(firstSize.size_name).toBe(items[0]?.size_name);
    const sameSize = items.filter((i) => i.size_name === items[0]?.size_name && i.id !== items[0]?.id);
    expect(firstSize.is_sold_out).toBe(!sameSize.some((i) => i.stock > 0));
    await t.ctx.db
      .update(productItems)
      .set({ stock: items[0]?.stock ?? 0 })
      .where(eq(productItems.id, (items[0] as { id: number }).id));
    for (const bad of ['999999', 'abc', 'null']) {
      expect(await get(`/api/products/product-box/${bad}`)).toEqual({
        status: 404,
        body: { detail: MESSAGES.productMissing },
      });
    }
  });
});

describe('codi: recommend-style and matchup-products', () => {
  async function productInCodi() {
    const [row] = await t.ctx.db
      .select({ id: codiItems.product_display_id, codi_id: codiItems.codi_id })
      .from(codiItems)
      .innerJoin(codiSets, eq(codiSets.id, codiItems.codi_id))
      .innerJoin(productDisplays, eq(productDisplays.id, codiItems.product_display_id))
      .where(and(eq(codiSets.is_active, true), eq(productDisplays.is_active, true)))
      .limit(1);
    if (!row) throw new Error('seed has no codi items');
    return row;
  }

  it('recommend-style lists the codi sets containing the product and their styles', async () => {
    const { id, codi_id } = await productInCodi();
    const r = await get(`/api/products/recommend-style?product_display_id=${id}`);
    expect(r.status).toBe(200);
    expect(r.body.codis.map((c: { id: number }) => c.id)).toContain(codi_id);
    for (const c of r.body.codis) expect(c.products.map((x: ProductCard) => x.id)).toContain(id);
    const [codi] = await t.ctx.db.select().from(codiSets).where(eq(codiSets.id, codi_id));
    if (codi?.style_id) expect(r.body.styles.map((s: { id: number }) => s.id)).toContain(codi.style_id);
    const empty = await withoutDatabase(() => get('/api/products/recommend-style?product_display_id=null'));
    expect(empty.body).toEqual({ product_display_id: null, styles: [], codis: [] });
    expect((await get('/api/products/recommend-style?product_display_id=999999')).body.detail).toBe(
      MESSAGES.productMissing,
    );
  });

  it('matchup-products: items of its codi sets first (never its own type), then complements', async () => {
    const { id, codi_id } = await productInCodi();
    const me = displays.find((d) => d.id === id) as Row;
    const r = await get(`/api/products/matchup-products?product_display_id=${id}`);
    expect(r.status).toBe(200);
    const result = r.body.result as (ProductCard & { codi_id: number | null; reason: string })[];
    expect(result.length).toBeGreaterThan(0);
    expect(result.length).toBeLessThanOrEqual(12);
    expect(result.map((x) => x.id)).not.toContain(id);
    for (const x of result) expect(x.product_type).not.toBe(me.product_type);
    const partners = await t.ctx.db
      .select({ id: codiItems.product_display_id })
      .from(codiItems)
      .where(and(eq(codiItems.codi_id, codi_id), ne(codiItems.product_display_id, id)));
    const sameCodi = result.filter((x) => x.reason === 'same_codi');
    const firstComplement = result.findIndex((x) => x.reason === 'complement');
    if (firstComplement >= 0) expect(sameCodi.length).toBeLessThanOrEqual(firstComplement);
    const pairedTypes = displays.filter(
      (d) => partners.some((p) => p.id === d.id) && d.is_active && d.product_type !== me.product_type,
    );
    if (pairedTypes.length) expect(sameCodi.length).toBeGreaterThan(0);
    const empty = await withoutDatabase(() =>
      get('/api/products/matchup-products?product_display_id=undefined'),
    );
    expect(empty.body).toEqual({ result: [] });
  });
});

describe('ai-similar-products', () => {
  it('ranks by weighted features; the closest colour-way twin of another product wins', async () => {
    const p = first();
    const [meta] = await t.ctx.db.select().from(products).where(eq(products.id, p.product_id));
    // A product made to match on every feature (same category, tags, fit, colour, price).
    const [twinProduct] = await t.ctx.db
      .insert(products)
      .values({
        brand_id: p.brand_id,
        category_id: p.category_id,
        name: '유사 테스트 상품',
        product_type: p.product_type,
        fit: meta?.fit ?? null,
        style_tags: meta?.style_tags ?? [],
      })
      .returning();
    const [twin] = await t.ctx.db
      .insert(productDisplays)
      .values({
        product_id: twinProduct?.id as number,
        brand_id: p.brand_id,
        category_id: p.category_id,
        name: '유사 테스트 상품',
        product_type: p.product_type,
        price: p.price,
        price_discount: p.price_discount,
        color_name: p.color_name,
        color_hex: p.color_hex,
        image_url: p.image_url,
        popularity: -1,
      })
      .returning();
    const r = await get(`/api/v1/products/ai-similar-products?product_display_id=${p.id}`);
    expect(r.status).toBe(200);
    expect(r.body.method).toContain('category');
    const result = r.body.result as (ProductCard & { score: number; reasons: string[] })[];
    expect(result[0]?.id).toBe(twin?.id);
    expect(result[0]?.reasons).toEqual(expect.arrayContaining(['category', 'colour', 'price']));
    for (let i = 1; i < result.length; i++)
      expect(result[i - 1]?.score).toBeGreaterThanOrEqual(result[i]?.score as number);
    expect(result.map((x) => x.id)).not.toContain(p.id);
    const sameProduct = displays.filter((d) => d.product_id === p.product_id).map((d) => d.id);
    for (const x of result) expect(sameProduct).not.toContain(x.id);
    await t.ctx.db
      .update(productDisplays)
      .set({ is_active: false })
      .where(eq(productDisplays.id, twin?.id as number));
  });

  it('co-likes add the co-signal weight (0.10) to a product and move it up', async () => {
    const p = first();
    type Item = { id: number; score: number; reasons: string[] };
    const before = (await get(`/api/v1/products/ai-similar-products?product_display_id=${p.id}`)).body
      .result as Item[];
    const target = before[before.length - 1] as Item;
    expect(target.reasons).not.toContain('co_signal');
    const rows = [];
    for (let i = 0; i < 6; i++) {
      const g = `cosignal-guest-${i}`;
      rows.push(
        { guest_id: g, like_type: 'PRODUCT' as const, like_id: p.id },
        { guest_id: g, like_type: 'PRODUCT' as const, like_id: target.id },
      );
    }
    await t.ctx.db.insert(likes).values(rows);
    const after = (await get(`/api/v1/products/ai-similar-products?product_display_id=${p.id}`)).body
      .result as Item[];
    const hit = after.find((x) => x.id === target.id) as Item;
    expect(hit.reasons).toContain('co_signal');
    expect(hit.score).toBeCloseTo(target.score + 0.1, 2);
    expect(after.findIndex((x) => x.id === target.id)).toBeLessThan(before.length - 1);
    await t.ctx.db.delete(likes).where(sql`${likes.guest_id} like 'cosignal-guest-%'`);
  });

  it('null id → empty without a database call; missing → 404', async () => {
    const r = await withoutDatabase(() =>
      get('/api/v1/products/ai-similar-products?product_display_id=null'),
    );
    expect(r.body.result).toEqual([]);
    expect((await get('/api/v1/products/ai-similar-products?product_display_id=999999')).status).toBe(404);
  });
});

describe('user-preferred-product-displays', () => {
  it('guests without history get the 10 most popular; the guest header or a token is required', async () => {
    const none = await get('/api/products/user-preferred-product-displays');
    expect(none.status).toBe(401);
    const r = await get('/api/products/user-preferred-product-displays', {
      'x-guest-user-id': guestIdOf(t.ctx, 'fresh-guest-1'),
    });
    expect(r.status).toBe(200);
    const popular = active()
      .sort((a, b) => b.popularity - a.popularity || b.id - a.id)
      .slice(0, 10);
    expect(r.body.result.map((c: ProductCard) => c.id)).toEqual(popular.map((d) => d.id));
    expect(
      (
        await get('/api/products/user-preferred-product-displays?limit=0', {
          'x-guest-user-id': guestIdOf(t.ctx, 'fresh-guest-1'),
        })
      ).status,
    ).toBe(400);
  });

  it("follows the brands of the caller's likes and cart and leaves out what they already have", async () => {
    const p = active()[5] as Row;
    const guestId = guestIdOf(t.ctx, 'pref-guest-1');
    await t.ctx.db.insert(likes).values({ guest_id: guestId, like_type: 'PRODUCT', like_id: p.id });
    const r = await get('/api/products/user-preferred-product-displays?limit=5', {
      'x-guest-user-id': guestId,
    });
    expect(r.status).toBe(200);
    const result = r.body.result as ProductCard[];
    expect(result).toHaveLength(5);
    expect(result.map((c) => c.id)).not.toContain(p.id);
    const sameBrand = active().filter((d) => d.brand_id === p.brand_id && d.id !== p.id);
    if (sameBrand.length >= 1) expect(result[0]?.brand_id).toBe(p.brand_id);

    const member = await createMember(t.ctx);
    const [cart] = await t.ctx.db.insert(carts).values({ user_id: member.user.id }).returning();
    const [item] = await t.ctx.db
      .select()
      .from(productItems)
      .where(eq(productItems.product_display_id, p.id))
      .limit(1);
    await t.ctx.db.insert(cartLines).values({
      cart_id: cart?.id as number,
      product_item_id: item?.id as number,
      product_display_id: p.id,
      quantity: 1,
    });
    const m = await get('/api/products/user-preferred-product-displays', member.headers);
    expect(m.body.result).toHaveLength(10);
    expect(m.body.result.map((c: ProductCard) => c.id)).not.toContain(p.id);
  });
});

describe('rankings from signals', () => {
  it('recompute turns views, likes and cart adds with time decay into popularity', async () => {
    t.ctx.clock = fixedClock('2026-11-20T03:00:00Z');
    await recomputeRankings(t.ctx);
    const base = await get('/api/products/ranking-items');
    const baseIds = base.body.result.map((c: ProductCard) => c.id) as number[];
    const low = [...active()].filter((d) => !baseIds.includes(d.id));
    const fresh = low[0] as Row;
    const stale = low[1] as Row;
    const now = t.ctx.clock.now();
    const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
    // Same amount of activity: fresh now, stale 12 days ago.
    const views = (id: number, at: Date) =>
      Array.from({ length: 40 }, () => ({
        product_display_id: id,
        signal: 'view',
        weight: 1,
        created_at: at,
      }));
    await t.ctx.db
      .insert(productSignals)
      .values([...views(fresh.id, hoursAgo(1)), ...views(stale.id, hoursAgo(12 * 24))]);
    await t.ctx.db.insert(likes).values(
      Array.from({ length: 5 }, (_, i) => ({
        guest_id: `rank-guest-${i}`,
        like_type: 'PRODUCT' as const,
        like_id: fresh.id,
        created_at: hoursAgo(2),
      })),
    );
    const res = await recomputeRankings(t.ctx);
    expect(res.updated).toBeGreaterThan(0);
    const after = await get('/api/products/ranking-items');
    const afterIds = after.body.result.map((c: ProductCard) => c.id) as number[];
    expect(afterIds[0]).toBe(fresh.id);
    const [f] = await t.ctx.db.select().from(productDisplays).where(eq(productDisplays.id, fresh.id));
    const [s] = await t.ctx.db.select().from(productDisplays).where(eq(productDisplays.id, stale.id));
    expect(f?.popularity).toBeGreaterThan(s?.popularity as number);
    // Recomputing with nothing new changes nothing.
    expect((await recomputeRankings(t.ctx)).updated).toBe(0);
    // Two weeks later the burst has decayed out of the lookback.
    t.ctx.clock = fixedClock('2026-12-05T03:00:00Z');
    await recomputeRankings(t.ctx);
    const later = await get('/api/products/ranking-items');
    expect(later.body.result[0].id).not.toBe(fresh.id);
    t.ctx.clock = fixedClock('2026-11-20T03:00:00Z');
    await recomputeRankings(t.ctx);
  });

  it("'rising' compares the last 24 hours with the 24 before", async () => {
    const now = t.ctx.clock.now();
    const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
    const [grower, steady] = active().slice(20, 22) as [Row, Row];
    const views = (id: number, at: Date, n: number) =>
      Array.from({ length: n }, () => ({
        product_display_id: id,
        signal: 'view',
        weight: 1,
        created_at: at,
      }));
    await t.ctx.db
      .insert(productSignals)
      .values([
        ...views(grower.id, hoursAgo(30), 2),
        ...views(grower.id, hoursAgo(3), 30),
        ...views(steady.id, hoursAgo(30), 50),
        ...views(steady.id, hoursAgo(3), 50),
      ]);
    const { rising } = await recomputeRankings(t.ctx);
    expect(rising).toContain(grower.id);
    expect(rising).not.toContain(steady.id);
    const r = await get('/api/products/ranking-items?category_main=rising');
    expect(r.status).toBe(200);
    expect(r.body.result[0].id).toBe(rising[0]);
    expect(r.body.result.map((c: ProductCard) => c.id)).not.toContain(steady.id);
  });

  it("the storefront's product page views are view signals that the recompute reads", async () => {
    const p = active()[40] as Row;
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/loggers/batch',
        payload: {
          session_id: `view_signal_${i}`,
          events: [{ kind: 'page_view', path: `/product/${p.id}`, product_display_id: p.id }],
        },
      });
      expect(res.statusCode).toBe(200);
    }
    await recomputeRankings(t.ctx);
    const [{ n } = { n: 0 }] = await t.ctx.db
      .select({ n: sql<number>`sum(${productSignals.weight})::int` })
      .from(productSignals)
      .where(and(eq(productSignals.product_display_id, p.id), eq(productSignals.signal, 'view')));
    expect(n).toBe(3);
  });

  it('the rankings job recomputes popularity', async () => {
    const p = active()[60] as Row;
    await t.ctx.db.insert(productSignals).values(
      Array.from({ length: 500 }, () => ({
        product_display_id: p.id,
        signal: 'view',
        weight: 1,
        created_at: t.ctx.clock.now(),
      })),
    );
    await rankingJob.run(t.ctx);
    const top = await get('/api/products/ranking-items');
    expect(top.body.result[0].id).toBe(p.id);
  });

  it("the 'brands' tab ranks brands by their products' popularity with their top 3", async () => {
    const r = await get('/api/products/ranking-brands');
    expect(r.status).toBe(200);
    const result = r.body.result as { id: number; rank: number; score: number; products: ProductCard[] }[];
    expect(result.length).toBeGreaterThan(0);
    result.forEach((b, i) => {
      expect(b.rank).toBe(i + 1);
      if (i > 0) expect(result[i - 1]?.score).toBeGreaterThanOrEqual(b.score);
      expect(b.products.length).toBeLessThanOrEqual(3);
      for (const c of b.products) expect(c.brand_id).toBe(b.id);
    });
    const sums = await t.ctx.db
      .select({
        brand_id: productDisplays.brand_id,
        s: sql<number>`sum(${productDisplays.popularity})::float`,
      })
      .from(productDisplays)
      .where(eq(productDisplays.is_active, true))
      .groupBy(productDisplays.brand_id)
      .orderBy(desc(sql`sum(${productDisplays.popularity})`))
      .limit(1);
    expect(result[0]?.id).toBe(sums[0]?.brand_id);
  });

  it('bad ranking tabs are 400s', async () => {
    expect((await get('/api/products/ranking-items?category_main=brands')).status).toBe(400);
    expect((await get('/api/products/ranking-items?category_main=rising&page=0')).status).toBe(400);
  });
});

describe('response cache of the hot reads', () => {
  it('serves the same JSON for a few seconds, never caches errors, and is on in tests as in production', async () => {
    const p = active()[7] as Row;
    const cache = responseCache(t.ctx);
    expect(cache.enabled).toBe(true);
    const url = `/api/products/detail/${p.id}`;
    cache.clear();
    try {
      const first = await t.app.inject({ url });
      expect(first.headers['content-type']).toContain('application/json');
      expect(first.json().name).toBe(p.name);
      await t.ctx.db.update(productDisplays).set({ name: '캐시 확인용' }).where(eq(productDisplays.id, p.id));
      const second = await t.app.inject({ url });
      expect(second.body).toBe(first.body);
      cache.clear();
      expect((await t.app.inject({ url })).json().name).toBe('캐시 확인용');
      const missing = await t.app.inject({ url: '/api/products/detail/999999' });
      expect(missing.statusCode).toBe(404);
      expect(cache.size).toBe(1);
      const listing = await t.app.inject({ url: '/api/products/category-products?sort=newest' });
      expect((await t.app.inject({ url: '/api/products/category-products?sort=newest' })).body).toBe(
        listing.body,
      );
    } finally {
      await t.ctx.db.update(productDisplays).set({ name: p.name }).where(eq(productDisplays.id, p.id));
      cache.clear();
    }
  });

  it('entries go stale after their time to live and are dropped 30 s later', () => {
    let now = 0;
    const c = new ResponseCache(true, () => now);
    c.set('k', '{"a":1}', 5000);
    now = 4999;
    expect(c.lookup('k')).toEqual({ body: '{"a":1}', fresh: true });
    now = 5000;
    expect(c.get('k')).toBeNull();
    expect(c.lookup('k')).toEqual({ body: '{"a":1}', fresh: false });
    now = 35_000;
    expect(c.lookup('k')).toBeNull();
  });

  it('a stale entry is answered at once and refreshed once in the background', async () => {
    let now = 0;
    const c = new ResponseCache(true, () => now);
    c.set('k', 'old', 1000);
    now = 2000;
    let calls = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const refresh = async () => {
      calls += 1;
      await gate;
      c.set('k', 'new', 1000);
    };
    c.revalidate('k', refresh);
    c.revalidate('k', refresh);
    expect(c.lookup('k')?.body).toBe('old');
    release();
    await new Promise((r) => setTimeout(r, 0));
    expect(calls).toBe(1);
    expect(c.lookup('k')).toEqual({ body: 'new', fresh: true });
    // A failing refresh drops the entry instead of serving it forever.
    now = 5000;
    c.revalidate('k', async () => {
      throw new Error('gone');
    });
    await new Promise((r) => setTimeout(r, 0));
    expect(c.lookup('k')).toBeNull();
  });
});

describe('OpenAPI', () => {
  it('every products, brands and contents call of API-CATALOGUE.md has a route with its access level', async () => {
    const doc = (await get('/api/openapi.json')).body;
    // Search and benefits have their own issues (contents/search, contents/keywords, benefits, coupons).
    const others = new Set([
      'GET /api/contents/search',
      'GET /api/contents/keywords',
      'GET /api/products/{id}/benefits',
      'GET /api/products/product-displays/{id}/coupons',
      'POST /api/products/product-displays/{id}/calculate-price',
      // The reviews domain answers it, for anyone (WIDENED_ACCESS).
      'GET /api/products/recommended-size/{id}',
    ]);
    const mine = Object.entries(API_ROUTES).filter(
      ([k]) =>
        /^\w+ \/api\/(products|brands|contents|v1\/products|admin\/contents)\//.test(k) && !others.has(k),
    );
    expect(mine.length).toBe(41);
    const missing: string[] = [];
    for (const [key, access] of mine) {
      const [method, path] = key.split(' ') as [string, string];
      const op = doc.paths[path]?.[method.toLowerCase()];
      if (!op?.responses?.['200']) missing.push(key);
      else if (access !== 'public') expect(op.security, key).toBeTruthy();
      else expect(op.security, key).toBeUndefined();
    }
    expect(missing).toEqual([]);
  });

  it('lists the new product paths', async () => {
    const doc = (await get('/api/openapi.json')).body;
    for (const path of [
      '/api/products/shipping-info',
      '/api/products/current-view-count',
      '/api/products/image-main',
      '/api/products/product-box/{id}',
      '/api/products/recommend-style',
      '/api/products/matchup-products',
      '/api/v1/products/ai-similar-products',
      '/api/products/user-preferred-product-displays',
      '/api/products/recommended-size/{id}',
    ]) {
      expect(doc.paths[path]?.get?.responses?.['200'], path).toBeTruthy();
    }
  });
});
