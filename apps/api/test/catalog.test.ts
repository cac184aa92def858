/**
 * Read-only catalogue calls: product detail, items, size sheet, colour-ways, similar products,
 * rankings, the category listing and brands — checked against the seeded rows themselves.
 */
import { fixedClock, groupColourways, MESSAGES, type ProductCard } from '@codiroom/shared';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  brands,
  categories,
  productDisplays,
  productItems,
  reviews,
  sizeMeasurements,
} from '../src/db/schema.ts';
import { seed } from '../src/demo/seed.ts';
import { invalidate } from '../src/platform/cache.ts';
import { createTestApp, type TestApp } from './helpers.ts';

const SEED_NOW = new Date('2026-11-20T00:00:00+09:00');
const PAGE_SIZE = 30;

let t: TestApp;
type DisplayRow = typeof productDisplays.$inferSelect & {
  main: string;
  sub: string | null;
  set: string | null;
};
let displays: DisplayRow[];
let byId: Map<number, DisplayRow>;

beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock('2026-11-20T03:00:00Z') });
  await seed(t.ctx.db, { products: 150, now: SEED_NOW });
  const rows = await t.ctx.db
    .select({
      d: productDisplays,
      main: categories.main,
      sub: categories.sub,
      set: categories.measurement_set,
    })
    .from(productDisplays)
    .innerJoin(categories, eq(categories.id, productDisplays.category_id));
  displays = rows.map((r) => ({ ...r.d, main: r.main, sub: r.sub, set: r.set }));
  byId = new Map(displays.map((d) => [d.id, d]));
});

afterAll(async () => {
  await t?.close();
});

async function get(url: string) {
  const res = await t.app.inject({ url });
  return { status: res.statusCode, body: res.json() };
}

function d(id: number): DisplayRow {
  const row = byId.get(id);
  if (!row) throw new Error(`no display ${id}`);
  return row;
}

const ids = (cards: { id: number }[]) => cards.map((c) => c.id);

function expectSortedBy<T>(items: T[], key: (x: T) => number, dir: 'asc' | 'desc') {
  for (let i = 1; i < items.length; i++) {
    const a = key(items[i - 1] as T);
    const b = key(items[i] as T);
    if (dir === 'asc') expect(a).toBeLessThanOrEqual(b);
    else expect(a).toBeGreaterThanOrEqual(b);
  }
}

describe('product detail', () => {
  it('answers the display with brand, category, prices, items and review average', async () => {
    const target = displays.find((x) => x.price_discount < x.price && x.review_count > 0);
    if (!target) throw new Error('seed has no discounted product with reviews');
    const { status, body } = await get(`/api/products/detail/${target.id}`);
    expect(status).toBe(200);
    const [brand] = await t.ctx.db.select().from(brands).where(eq(brands.id, target.brand_id));
    const [cat] = await t.ctx.db.select().from(categories).where(eq(categories.id, target.category_id));
    expect(body).toMatchObject({
      id: target.id,
      product_display_id: target.id,
      product_id: target.product_id,
      brand: { id: brand?.id, name: brand?.name, name_en: brand?.name_en, logo_url: brand?.logo_url },
      category: { code: cat?.code, name: cat?.name, main: cat?.main, sub: cat?.sub },
      name: target.name,
      product_type: target.product_type,
      price: target.price,
      price_discount: target.price_discount,
      discount_rate: Math.floor(((target.price - target.price_discount) * 100) / target.price),
      image_url: target.image_url,
      images: target.images,
      color_name: target.color_name,
      color_hex: target.color_hex,
      review_count: target.review_count,
      like_count: target.like_count,
      is_fast: target.is_fast,
      delivery_category: 'home_delivery',
    });
    // No first-purchase price on the shared detail: it is the viewer's (GET /api/products/{id}/benefits).
    expect(body).not.toHaveProperty('first_discount_price');
    // Average of the stored reviews, one decimal.
    const [avg] = await t.ctx.db
      .select({ a: sql<number>`avg(${reviews.rating})::float` })
      .from(reviews)
      .where(eq(reviews.product_display_id, target.id));
    expect(body.rating).toBe(Math.round(Number(avg?.a) * 10) / 10);
    for (const k of ['material', 'fit', 'season', 'description', 'style_tags'])
      expect(body).toHaveProperty(k);

    // The alias path answers the same body.
    const alias = await get(`/api/products/get-product-display-detail/${target.id}`);
    expect(alias.body).toEqual(body);
  });

  it('rating is null without reviews, and reading the detail increments nothing', async () => {
    const target = displays.find((x) => x.review_count === 0);
    if (!target) throw new Error('seed has no product without reviews');
    await get(`/api/products/detail/${target.id}`);
    const { body } = await get(`/api/products/detail/${target.id}`);
    expect(body.rating).toBeNull();
    const [after] = await t.ctx.db.select().from(productDisplays).where(eq(productDisplays.id, target.id));
    expect(after?.view_count).toBe(target.view_count);
    expect(after?.sales_count).toBe(target.sales_count);
    expect(after?.popularity).toBe(target.popularity);
  });

  it('item flags follow stock: 0 is sold out, 1–3 is low stock; all 0 makes the product sold out', async () => {
    const items = await t.ctx.db.select().from(productItems).orderBy(asc(productItems.id));
    const withMix = displays.find((x) => {
      const mine = items.filter((i) => i.product_display_id === x.id);
      return mine.some((i) => i.stock === 0) && mine.some((i) => i.stock >= 1 && i.stock <= 3);
    });
    if (!withMix) throw new Error('seed has no product with both sold-out and low-stock sizes');
    const { body } = await get(`/api/products/detail/${withMix.id}`);
    const mine = items
      .filter((i) => i.product_display_id === withMix.id)
      .sort((a, b) => a.sort_order - b.sort_order || a.id - b.id);
    expect(body.items.map((i: { id: number }) => i.id)).toEqual(mine.map((i) => i.id));
    for (const item of body.items) {
      expect(item.is_sold_out).toBe(item.stock === 0);
      expect(item.is_low_stock).toBe(item.stock >= 1 && item.stock <= 3);
    }
    expect(body.is_sold_out).toBe(false);
    expect(body.quantity).toBe(mine.reduce((s, i) => s + i.stock, 0));

    const fromItems = await get(`/api/products/product-items/${withMix.id}`);
    expect(fromItems.status).toBe(200);
    expect(fromItems.body).toEqual({ product_display_id: withMix.id, is_sold_out: false, items: body.items });

    // Sell everything out: the product is sold out, then restore the stock.
    await t.ctx.db
      .update(productItems)
      .set({ stock: 0 })
      .where(eq(productItems.product_display_id, withMix.id));
    // The event the product code sends when stock changes (platform/cache.ts).
    await invalidate(t.ctx, 'catalog.changed');
    try {
      const soldOut = await get(`/api/products/detail/${withMix.id}`);
      expect(soldOut.body.is_sold_out).toBe(true);
      expect(soldOut.body.items.every((i: { is_sold_out: boolean }) => i.is_sold_out)).toBe(true);
      expect((await get(`/api/products/product-items/${withMix.id}`)).body.is_sold_out).toBe(true);
    } finally {
      for (const i of mine) {
        await t.ctx.db.update(productItems).set({ stock: i.stock }).where(eq(productItems.id, i.id));
      }
      await invalidate(t.ctx, 'catalog.changed');
    }
  });

  it("missing, inactive and non-numeric ids answer 404 '상품이 없습니다.'", async () => {
    const target = displays[0] as DisplayRow;
    await t.ctx.db.update(productDisplays).set({ is_active: false }).where(eq(productDisplays.id, target.id));
    await invalidate(t.ctx, 'catalog.changed');
    try {
      for (const id of ['999999', 'abc', '1.5', '-1', '0', '1e3', '99999999999', String(target.id)]) {
        for (const path of ['detail', 'get-product-display-detail', 'product-items']) {
          const { status, body } = await get(`/api/products/${path}/${encodeURIComponent(id)}`);
          expect(status, `${path}/${id}`).toBe(404);
          expect(body).toEqual({ detail: '상품이 없습니다.' });
        }
      }
    } finally {
      await t.ctx.db
        .update(productDisplays)
        .set({ is_active: true })
        .where(eq(productDisplays.id, target.id));
      await invalidate(t.ctx, 'catalog.changed');
    }
    expect(MESSAGES.productMissing).toBe('상품이 없습니다.');
  });
});

describe('size grading', () => {
  it("answers the category's field set and its '2' variant, a row per size in item order", async () => {
    const target = displays.find((x) => x.set === 'BOTTOM') ?? displays.find((x) => x.set);
    if (!target?.set) throw new Error('seed has no measured product');
    const { status, body } = await get(`/api/products/size-grading?product_display_id=${target.id}`);
    expect(status).toBe(200);
    expect(body.set.code).toBe(target.set);
    expect(body.set2.code).toBe(`${target.set}2`);
    expect(body.set.fields.length).toBeGreaterThan(0);
    expect(body.set2.fields.map((f: { key: string }) => f.key)).toEqual(
      body.set.fields.map((f: { key: string }) => f.key),
    );
    const sizes = await t.ctx.db
      .select({ size_name: productItems.size_name })
      .from(productItems)
      .where(eq(productItems.product_display_id, target.id))
      .orderBy(asc(productItems.sort_order));
    expect(body.rows.map((r: { size_name: string }) => r.size_name)).toEqual(sizes.map((s) => s.size_name));
    const stored = await t.ctx.db
      .select()
      .from(sizeMeasurements)
      .where(eq(sizeMeasurements.product_id, target.product_id));
    for (const row of body.rows) {
      const base = stored.find((m) => m.size_name === row.size_name && m.set_code === target.set);
      const alt = stored.find((m) => m.size_name === row.size_name && m.set_code === `${target.set}2`);
      expect(row.values).toEqual(base?.values);
      expect(row.values2).toEqual(alt?.values);
      expect(Object.keys(row.values).sort()).toEqual(
        body.set.fields.map((f: { key: string }) => f.key).sort(),
      );
      expect(Object.keys(row.values2).sort()).toEqual(
        body.set2.fields.map((f: { key: string }) => f.key).sort(),
      );
    }
  });

  it('a category without measurements, the null id, a bad id and a missing product', async () => {
    const unmeasured = displays.find((x) => x.set === null);
    if (unmeasured) {
      const { body } = await get(`/api/products/size-grading?product_display_id=${unmeasured.id}`);
      expect(body).toEqual({ product_display_id: unmeasured.id, set: null, set2: null, rows: [] });
    }
    for (const v of ['null', 'undefined']) {
      const { status, body } = await get(`/api/products/size-grading?product_display_id=${v}`);
      expect(status).toBe(200);
      expect(body.rows).toEqual([]);
    }
    expect((await get('/api/products/size-grading?product_display_id=abc')).status).toBe(400);
    expect((await get('/api/products/size-grading')).status).toBe(400);
    const missing = await get('/api/products/size-grading?product_display_id=999999');
    expect(missing).toEqual({ status: 404, body: { detail: '상품이 없습니다.' } });
  });
});

describe('same and similar products', () => {
  it('same-products lists the other colour-ways of the product with their colours', async () => {
    const counts = new Map<number, number>();
    for (const x of displays) counts.set(x.product_id, (counts.get(x.product_id) ?? 0) + 1);
    const target = displays.find((x) => (counts.get(x.product_id) ?? 0) >= 2) as DisplayRow;
    const { status, body } = await get(`/api/products/same-products?product_display_id=${target.id}`);
    expect(status).toBe(200);
    const expected = displays.filter((x) => x.product_id === target.product_id && x.id !== target.id);
    expect(ids(body.result).sort((a, b) => a - b)).toEqual(ids(expected).sort((a, b) => a - b));
    for (const c of body.result) {
      expect(c.color_name).toBe(d(c.id).color_name);
      expect(c.color_hex).toBe(d(c.id).color_hex);
    }
    const single = displays.find((x) => counts.get(x.product_id) === 1) as DisplayRow;
    expect((await get(`/api/products/same-products?product_display_id=${single.id}`)).body.result).toEqual(
      [],
    );
    expect((await get('/api/products/same-products?product_display_id=null')).body).toEqual({ result: [] });
    expect((await get('/api/products/same-products?product_display_id=x1')).status).toBe(400);
    expect((await get('/api/products/same-products?product_display_id=999999')).status).toBe(404);
  });

  it('similar-products: same category, other products, the 12 closest in price, popular first', async () => {
    const perCategory = new Map<number, number>();
    for (const x of displays) perCategory.set(x.category_id, (perCategory.get(x.category_id) ?? 0) + 1);
    const target = [...displays].sort(
      (a, b) => (perCategory.get(b.category_id) ?? 0) - (perCategory.get(a.category_id) ?? 0),
    )[0] as DisplayRow;
    const { status, body } = await get(`/api/products/similar-products?product_display_id=${target.id}`);
    expect(status).toBe(200);
    const candidates = displays.filter(
      (x) => x.category_id === target.category_id && x.product_id !== target.product_id,
    );
    expect(body.result.length).toBe(Math.min(12, candidates.length));
    expect(body.result.length).toBeGreaterThan(0);
    const diff = (x: DisplayRow) => Math.abs(x.price_discount - target.price_discount);
    const chosen = new Set(ids(body.result));
    const worstChosen = Math.max(...[...chosen].map((id) => diff(d(id))));
    for (const c of candidates) {
      if (!chosen.has(c.id)) expect(diff(c)).toBeGreaterThanOrEqual(worstChosen);
    }
    for (const c of body.result as ProductCard[]) {
      expect(d(c.id).category_id).toBe(target.category_id);
      expect(d(c.id).product_id).not.toBe(target.product_id);
    }
    expectSortedBy(body.result as ProductCard[], (c) => d(c.id).popularity, 'desc');
  });
});

describe('rankings', () => {
  const popular = () => [...displays].sort((a, b) => b.popularity - a.popularity || b.id - a.id);
  /** The realtime ranking: one entry per product (its best colourway), by summed popularity. */
  const ranked = () =>
    groupColourways(
      displays
        .filter((x) => x.is_active)
        .map((x) => ({ product_id: x.product_id, display_id: x.id, score: x.popularity })),
    ).map((e) => d(e.display_id));

  it('ranking-items pages 30 products at a time (colourways grouped) with correct pagination numbers', async () => {
    const all = ranked();
    expect(all.length).toBeLessThan(displays.length);
    expect(new Set(all.map((x) => x.product_id)).size).toBe(all.length);
    const total = all.length;
    const totalPage = Math.ceil(total / PAGE_SIZE);
    const first = await get('/api/products/ranking-items');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      page: 1,
      count: PAGE_SIZE,
      total_count: total,
      total_page: totalPage,
    });
    expect(ids(first.body.result)).toEqual(ids(all.slice(0, PAGE_SIZE)));
    expect(first.body.period).toBe('realtime');
    expect(first.body.result.map((c: { rank: number }) => c.rank)).toEqual(
      Array.from({ length: PAGE_SIZE }, (_, i) => i + 1),
    );
    // Each card names its colour and how many colourways its product has on sale.
    for (const c of first.body.result as { id: number; color_name: string; colourway_count: number }[]) {
      expect(c.color_name).toBe(d(c.id).color_name);
      expect(c.colourway_count).toBe(
        displays.filter((x) => x.is_active && x.product_id === d(c.id).product_id).length,
      );
    }

    const second = await get('/api/products/ranking-items?page=2');
    expect(second.body.page).toBe(2);
    expect(ids(second.body.result)).toEqual(ids(all.slice(PAGE_SIZE, 2 * PAGE_SIZE)));
    expect(second.body.result[0].rank).toBe(PAGE_SIZE + 1);

    const last = await get(`/api/products/ranking-items?page=${totalPage}`);
    expect(last.body.count).toBe(total - PAGE_SIZE * (totalPage - 1));
    expect(last.body.result.length).toBe(last.body.count);

    const beyond = await get(`/api/products/ranking-items?page=${totalPage + 1}`);
    expect(beyond.body).toMatchObject({ page: totalPage + 1, count: 0, total_count: total, result: [] });
  });

  it('filters by category_main, category_sub and is_fast', async () => {
    for (const main of ['top', 'bottom', 'shoes', 'accessories']) {
      const { body } = await get(`/api/products/ranking-items?category_main=${main}`);
      const expected = ranked().filter((x) => x.main === main);
      expect(body.total_count).toBe(expected.length);
      expect(body.total_page).toBe(Math.ceil(expected.length / PAGE_SIZE));
      expect(ids(body.result)).toEqual(ids(expected.slice(0, PAGE_SIZE)));
    }
    const sub = (displays.find((x) => x.main === 'bottom' && x.sub) as DisplayRow).sub as string;
    const bySub = await get(`/api/products/ranking-items?category_main=bottom&category_sub=${sub}`);
    const expectedSub = ranked().filter((x) => x.main === 'bottom' && x.sub === sub);
    expect(bySub.body.total_count).toBe(expectedSub.length);
    expect(ids(bySub.body.result)).toEqual(ids(expectedSub.slice(0, PAGE_SIZE)));

    for (const [q, v] of [
      ['true', true],
      ['1', true],
      ['false', false],
    ] as const) {
      // A product is in the fast-delivery tab when the colourway it is shown in ships fast.
      const { body } = await get(`/api/products/ranking-items?is_fast=${q}`);
      const expected = ranked().filter((x) => x.is_fast === v);
      expect(body.total_count).toBe(expected.length);
      expect(ids(body.result)).toEqual(ids(expected.slice(0, PAGE_SIZE)));
    }
    const combined = await get('/api/products/ranking-items?category_main=top&is_fast=true');
    expect(combined.body.total_count).toBe(ranked().filter((x) => x.main === 'top' && x.is_fast).length);
    const none = await get('/api/products/ranking-items?category_sub=nosuchsub');
    expect(none.body).toMatchObject({ count: 0, total_count: 0, total_page: 0, result: [] });
  });

  it('bad ranking parameters are 400s with a detail', async () => {
    for (const q of [
      'page=0',
      'page=abc',
      'page=1.5',
      'page=100001',
      'category_main=women',
      'is_fast=maybe',
      'category_sub=DROP%20TABLE',
    ]) {
      const { status, body } = await get(`/api/products/ranking-items?${q}`);
      expect(status, q).toBe(400);
      expect(typeof body.detail).toBe('string');
    }
  });

  it('main-ranking-items: top 10 overall, then the top 6 of each shop tab', async () => {
    const { status, body } = await get('/api/products/main-ranking-items');
    expect(status).toBe(200);
    const mains = body.sections.map((s: { category_main: string }) => s.category_main);
    expect(mains).toEqual(['all', 'outer', 'top', 'bottom', 'shoes', 'bag', 'accessories', 'sports']);
    expect(ids(body.sections[0].products)).toEqual(ids(popular().slice(0, 10)));
    for (const s of body.sections.slice(1)) {
      expect(typeof s.title).toBe('string');
      expect(ids(s.products)).toEqual(
        ids(
          popular()
            .filter((x) => x.main === s.category_main)
            .slice(0, 6),
        ),
      );
    }
  });
});

describe('category listing (addition)', () => {
  const rate = (x: DisplayRow) => (x.price - x.price_discount) / Math.max(x.price, 1);
  const sorts: [string, (x: DisplayRow) => number, 'asc' | 'desc'][] = [
    ['popular', (x) => x.popularity, 'desc'],
    ['newest', (x) => x.created_at.getTime(), 'desc'],
    ['price_asc', (x) => x.price_discount, 'asc'],
    ['price_desc', (x) => x.price_discount, 'desc'],
    ['discount', rate, 'desc'],
    ['reviews', (x) => x.review_count, 'desc'],
  ];

  it.each(sorts)('sort=%s is actually sorted across pages', async (sort, key, dir) => {
    const all: ProductCard[] = [];
    const first = await get(`/api/products/category-products?sort=${sort}`);
    expect(first.status).toBe(200);
    all.push(...first.body.result);
    for (let p = 2; p <= first.body.total_page; p++) {
      all.push(...(await get(`/api/products/category-products?sort=${sort}&page=${p}`)).body.result);
    }
    expect(all.length).toBe(displays.length);
    expect(new Set(ids(all)).size).toBe(displays.length);
    expectSortedBy(all, (c) => key(d(c.id)), dir);
  });

  it('filters by shop tab and sub-category and validates the sort', async () => {
    const { body } = await get('/api/products/category-products?category_main=outer&sort=price_asc');
    const outer = displays.filter((x) => x.main === 'outer');
    expect(body.total_count).toBe(outer.length);
    expect(body.result.every((c: ProductCard) => d(c.id).main === 'outer')).toBe(true);
    expectSortedBy(body.result as ProductCard[], (c) => c.price_discount, 'asc');
    expect((await get('/api/products/category-products?sort=cheapest')).status).toBe(400);
  });

  it('the category tree counts products per shop tab and sub-category', async () => {
    const { body } = await get('/api/products/categories');
    const total = body.result.reduce((s: number, m: { product_count: number }) => s + m.product_count, 0);
    expect(total).toBe(displays.length);
    const top = body.result.find((m: { main: string }) => m.main === 'top');
    expect(top.product_count).toBe(displays.filter((x) => x.main === 'top').length);
  });
});

describe('brands', () => {
  it('simple-brand-data lists every brand with its product count, in Korean name order', async () => {
    const { status, body } = await get('/api/brands/simple-brand-data');
    expect(status).toBe(200);
    const all = await t.ctx.db.select().from(brands);
    expect(body.result.length).toBe(all.length);
    const names = body.result.map((b: { name: string }) => b.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('ko').compare));
    for (const b of body.result) {
      expect(b.product_count).toBe(displays.filter((x) => x.brand_id === b.id).length);
      expect(Object.keys(b).sort()).toEqual(['id', 'logo_url', 'name', 'name_en', 'product_count']);
    }
  });

  it('category-tab-brand lists brands with products in the tab, most popular first', async () => {
    const { body } = await get('/api/brands/category-tab-brand?category_main=bottom');
    const inTab = displays.filter((x) => x.main === 'bottom');
    const score = new Map<number, number>();
    for (const x of inTab) score.set(x.brand_id, (score.get(x.brand_id) ?? 0) + x.popularity);
    expect(body.category_main).toBe('bottom');
    expect(ids(body.result).sort((a, b) => a - b)).toEqual([...score.keys()].sort((a, b) => a - b));
    expectSortedBy(body.result as { id: number }[], (b) => score.get(b.id) ?? 0, 'desc');
    for (const b of body.result)
      expect(b.product_count).toBe(inTab.filter((x) => x.brand_id === b.id).length);
    expect((await get('/api/brands/category-tab-brand?category_main=kids')).status).toBe(400);
  });

  it('brand contents: the brand and its products, sorted and filtered', async () => {
    const counts = new Map<number, number>();
    for (const x of displays) counts.set(x.brand_id, (counts.get(x.brand_id) ?? 0) + 1);
    const brandId = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] as number;
    const mine = displays.filter((x) => x.brand_id === brandId);
    const [brand] = await t.ctx.db.select().from(brands).where(eq(brands.id, brandId));
    const { status, body } = await get(`/api/brands/${brandId}/contents?sort=price_desc`);
    expect(status).toBe(200);
    expect(body.brand).toEqual({
      id: brandId,
      name: brand?.name,
      name_en: brand?.name_en,
      description: brand?.description,
      logo_url: brand?.logo_url,
      like_count: brand?.like_count,
      product_count: mine.length,
      banner_url: `/api/images/brand-banner/${brand?.slug}.svg`,
    });
    expect(body.products).toMatchObject({ page: 1, total_count: mine.length });
    expect(body.products.result.every((c: ProductCard) => c.brand_id === brandId)).toBe(true);
    expectSortedBy(body.products.result as ProductCard[], (c) => c.price_discount, 'desc');

    const colour = (mine[0] as DisplayRow).color_name;
    const byColour = await get(`/api/brands/${brandId}/contents?color=${encodeURIComponent(colour)}`);
    expect(byColour.body.products.total_count).toBe(mine.filter((x) => x.color_name === colour).length);
    const mid = (mine[0] as DisplayRow).price_discount;
    const byPrice = await get(`/api/brands/${brandId}/contents?price_min=${mid}&price_max=${mid}`);
    expect(byPrice.body.products.total_count).toBe(mine.filter((x) => x.price_discount === mid).length);

    // The brand page's category chips: category codes from /filters narrow the products.
    const filters = await get(`/api/brands/${brandId}/filters`);
    const cats = filters.body.categories as { code: string; count: number }[];
    expect(cats.length).toBeGreaterThan(1);
    for (const cat of cats) {
      const [row] = await t.ctx.db.select().from(categories).where(eq(categories.code, cat.code));
      const expected = mine.filter((x) => x.is_active && x.category_id === row?.id);
      const byCat = await get(`/api/brands/${brandId}/contents?category=${cat.code}`);
      expect(byCat.body.products.total_count, cat.code).toBe(expected.length);
      expect(byCat.body.products.total_count).toBe(cat.count);
      expect(ids(byCat.body.products.result).sort()).toEqual(
        ids(
          expected.slice(0, PAGE_SIZE).length === expected.length ? expected : byCat.body.products.result,
        ).sort(),
      );
    }
    const none = await get(`/api/brands/${brandId}/contents?category=no_such_category`);
    expect(none.status).toBe(200);
    expect(none.body.products.total_count).toBe(0);
  });

  it("brand filters: categories, price range, sizes and colours of the brand's products", async () => {
    const brandId = (displays[0] as DisplayRow).brand_id;
    const mine = displays.filter((x) => x.brand_id === brandId);
    const { status, body } = await get(`/api/brands/${brandId}/filters`);
    expect(status).toBe(200);
    expect(body.brand_id).toBe(brandId);
    expect(body.categories.reduce((s: number, c: { count: number }) => s + c.count, 0)).toBe(mine.length);
    expect(body.price).toEqual({
      min: Math.min(...mine.map((x) => x.price_discount)),
      max: Math.max(...mine.map((x) => x.price_discount)),
    });
    expect(body.colors.reduce((s: number, c: { count: number }) => s + c.count, 0)).toBe(mine.length);
    const items = await t.ctx.db
      .select({ id: productItems.product_display_id, size: productItems.size_name })
      .from(productItems)
      .where(
        inArray(
          productItems.product_display_id,
          mine.map((x) => x.id),
        ),
      );
    const sizes = new Map<string, Set<number>>();
    for (const i of items) sizes.set(i.size, (sizes.get(i.size) ?? new Set()).add(i.id));
    expect(body.sizes.length).toBe(sizes.size);
    for (const s of body.sizes) expect(s.count).toBe(sizes.get(s.size_name)?.size);

    // A size filter on the contents agrees with the facet count.
    const size = body.sizes[0];
    const bySize = await get(`/api/brands/${brandId}/contents?size=${encodeURIComponent(size.size_name)}`);
    expect(bySize.body.products.total_count).toBe(size.count);
  });

  it("missing or non-numeric brand ids answer 404 '브랜드가 존재하지 않습니다'", async () => {
    for (const id of ['99999', 'abc', '0', '12x']) {
      for (const tail of ['contents', 'filters']) {
        const { status, body } = await get(`/api/brands/${id}/${tail}`);
        expect(status, `${id}/${tail}`).toBe(404);
        expect(body).toEqual({ detail: '브랜드가 존재하지 않습니다' });
      }
    }
    expect((await get('/api/brands/1/contents?sort=random')).status).toBe(400);
    expect((await get('/api/brands/1/contents?price_min=-5')).status).toBe(400);
  });
});

describe('OpenAPI', () => {
  it('lists the catalogue paths with their response schemas', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    for (const path of [
      '/api/products/detail/{id}',
      '/api/products/get-product-display-detail/{id}',
      '/api/products/product-items/{id}',
      '/api/products/size-grading',
      '/api/products/same-products',
      '/api/products/similar-products',
      '/api/products/ranking-items',
      '/api/products/main-ranking-items',
      '/api/products/category-products',
      '/api/brands/simple-brand-data',
      '/api/brands/category-tab-brand',
      '/api/brands/{id}/contents',
      '/api/brands/{id}/filters',
    ]) {
      expect(doc.paths[path]?.get?.responses?.['200'], path).toBeDefined();
    }
    expect(doc.paths['/api/products/category-products'].get.summary).toMatch(/addition/);
    const params = doc.paths['/api/products/ranking-items'].get.parameters.map(
      (p: { name: string }) => p.name,
    );
    expect(params.sort()).toEqual(['category_main', 'category_sub', 'is_fast', 'page', 'period']);
    const { validate } = await import('@readme/openapi-parser');
    await expect(validate(structuredClone(doc))).resolves.toMatchObject({ valid: true });
  });
});
