/**
 * /category listing: keyset cursor across every sort (same order as page numbers, no gaps or
 * repeats), and the brand, price, size and colour filters with their facets.
 */
import { fixedClock, type ProductCard } from '@codiroom/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, productDisplays, productItems } from '../src/db/schema.ts';
import { seed } from '../src/demo/seed.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
type Row = typeof productDisplays.$inferSelect & { main: string };
let displays: Row[];

beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock('2026-11-20T03:00:00Z') });
  await seed(t.ctx.db, { products: 150, now: new Date('2026-11-20T00:00:00+09:00') });
  const rows = await t.ctx.db
    .select({ d: productDisplays, main: categories.main })
    .from(productDisplays)
    .innerJoin(categories, eq(categories.id, productDisplays.category_id));
  displays = rows.map((r) => ({ ...r.d, main: r.main })).filter((d) => d.is_active);
});
afterAll(async () => {
  await t?.close();
});

async function get(url: string) {
  const res = await t.app.inject({ url });
  return { status: res.statusCode, body: res.json() };
}
const ids = (xs: { id: number }[]) => xs.map((x) => x.id);

describe('keyset cursor', () => {
  it.each([
    'popular',
    'newest',
    'price_asc',
    'price_desc',
    'discount',
    'reviews',
  ])('sort=%s: following next_cursor walks the same order as the page numbers', async (sort) => {
    const byPages: number[] = [];
    for (let page = 1; ; page++) {
      const { body } = await get(`/api/products/category-products?sort=${sort}&page=${page}`);
      byPages.push(...ids(body.result));
      if (page >= body.total_page) break;
    }
    const byCursor: number[] = [];
    let cursor: string | null = null;
    let calls = 0;
    do {
      const q: string = cursor ? `&cursor=${cursor}` : '';
      const { status, body } = await get(`/api/products/category-products?sort=${sort}${q}`);
      expect(status).toBe(200);
      byCursor.push(...ids(body.result));
      cursor = body.next_cursor;
      calls += 1;
    } while (cursor && calls < 50);
    expect(byCursor).toEqual(byPages);
    expect(new Set(byCursor).size).toBe(displays.length);
  });

  it('a cursor of another sort or garbage is a 400', async () => {
    const { body } = await get('/api/products/category-products?sort=newest');
    expect(body.next_cursor).toEqual(expect.any(String));
    const wrong = await get(`/api/products/category-products?sort=popular&cursor=${body.next_cursor}`);
    expect(wrong.status).toBe(400);
    expect(wrong.body.detail).toContain('cursor');
    expect((await get('/api/products/category-products?cursor=%%%')).status).toBe(400);
  });
});

describe('filters', () => {
  it('brand, price range, colour and size in stock', async () => {
    const brandIds = [...new Set(displays.map((d) => d.brand_id))].slice(0, 2);
    const byBrand = await get(`/api/products/category-products?brand_id=${brandIds.join(',')}`);
    expect(byBrand.body.total_count).toBe(displays.filter((d) => brandIds.includes(d.brand_id)).length);
    for (const c of byBrand.body.result as ProductCard[]) expect(brandIds).toContain(c.brand_id);

    const byPrice = await get(
      '/api/products/category-products?price_min=30000&price_max=60000&sort=price_asc',
    );
    expect(byPrice.body.total_count).toBe(
      displays.filter((d) => d.price_discount >= 30000 && d.price_discount <= 60000).length,
    );
    for (const c of byPrice.body.result as ProductCard[]) {
      expect(c.price_discount).toBeGreaterThanOrEqual(30000);
      expect(c.price_discount).toBeLessThanOrEqual(60000);
    }

    const colour = displays[0]?.color_name as string;
    const byColour = await get(`/api/products/category-products?color=${encodeURIComponent(colour)}`);
    expect(byColour.body.total_count).toBe(displays.filter((d) => d.color_name === colour).length);

    const inStock = await t.ctx.db
      .select({ id: productItems.product_display_id })
      .from(productItems)
      .innerJoin(productDisplays, eq(productDisplays.id, productItems.product_display_id))
      .where(
        and(
          eq(productItems.size_name, 'L'),
          sql`${productItems.stock} > 0`,
          eq(productItems.is_active, true),
          eq(productDisplays.is_active, true),
        ),
      );
    const bySize = await get('/api/products/category-products?size=L');
    expect(bySize.body.total_count).toBe(new Set(inStock.map((r) => r.id)).size);

    const combined = await get(
      `/api/products/category-products?category_main=top&brand_id=${brandIds[0]}&price_max=80000`,
    );
    expect(combined.body.total_count).toBe(
      displays.filter((d) => d.main === 'top' && d.brand_id === brandIds[0] && d.price_discount <= 80000)
        .length,
    );
  });

  it('bad filters are 400s with a detail', async () => {
    for (const q of ['brand_id=abc', 'price_min=-1', 'price_min=50000&price_max=10000', 'price_max=1.5']) {
      const { status, body } = await get(`/api/products/category-products?${q}`);
      expect(status, q).toBe(400);
      expect(typeof body.detail).toBe('string');
    }
  });

  it('category-filters lists the facets of a tab', async () => {
    const { status, body } = await get('/api/products/category-filters?category_main=bottom');
    expect(status).toBe(200);
    const bottoms = displays.filter((d) => d.main === 'bottom');
    expect(body.brands.reduce((s: number, b: { count: number }) => s + b.count, 0)).toBe(bottoms.length);
    expect(body.price).toEqual({
      min: Math.min(...bottoms.map((d) => d.price_discount)),
      max: Math.max(...bottoms.map((d) => d.price_discount)),
    });
    expect(body.colors.reduce((s: number, c: { count: number }) => s + c.count, 0)).toBe(bottoms.length);
    expect(body.sizes.length).toBeGreaterThan(0);
  });
});
