/**
 * The back office dashboard (docs/ARCHITECTURE.md, "Back office"): today's and the 30 days' sales,
 * orders, average order value, sessions and conversion, cancels, best sellers, the searches and the
 * searches that found nothing, and the sizes running out — from the rows the shop wrote.
 */
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { brands, orderItems, searchStats } from '../src/db/schema.ts';
import { averageOrderValue, conversionRate } from '../src/domains/admin/dashboard.ts';
import { gatewayOf } from '../src/domains/payments/index.ts';
import type { SandboxGateway } from '../src/domains/payments/sandbox.ts';
import { reindexProducts } from '../src/domains/search/index.ts';
import { countSearch, SEARCH_STATS } from '../src/domains/search/stats.ts';
import { createMember, createTestApp, guestIdOf, operatorSession, type TestApp } from './helpers.ts';
import { call, makeShop, placeOrder } from './orders-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('dashboard rules', () => {
  it('conversion is orders over sessions; the average order value is rounded won', () => {
    expect(conversionRate(2, 3)).toBe(0.6667);
    expect(conversionRate(5, 0)).toBe(0);
    expect(averageOrderValue(100_001, 2)).toBe(50_001);
    expect(averageOrderValue(0, 0)).toBe(0);
  });
});

describe('GET /api/admin/dashboard', () => {
  it('counts what the shop did today', async () => {
    const shop = await makeShop(t.ctx, { stock: 4 });
    await reindexProducts(t.ctx.db, [shop.displayId]);
    const m = await createMember(t.ctx);
    const paid: { id: number; amount: number }[] = [];
    for (const quantity of [1, 2]) {
      const placed = await placeOrder(t.app, m.headers, [{ product_item_id: shop.m, quantity }]);
      const key = (gatewayOf(t.ctx) as SandboxGateway).authorize(placed.order_id, placed.amount);
      const ok = await call(t.app, 'POST', '/api/orders/confirm-order', m.headers, {
        payment_key: key,
        order_id: placed.order_id,
        amount: placed.amount,
      });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      paid.push({ id: placed.id, amount: placed.amount });
    }
    // A third order is placed but never paid: not a sale.
    await placeOrder(t.app, m.headers, [{ product_item_id: shop.l, quantity: 1 }]);
    const [first] = await t.ctx.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.order_id, paid[0]?.id ?? 0));
    expect(
      (await call(t.app, 'POST', `/api/orders/order-items/${first?.id}/cancel`, m.headers, {})).status,
    ).toBe(200);
    // Three visitors (one of them twice).
    const visit = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/loggers/active-user-log', headers, payload: { path: '/' } });
    const g1 = { 'x-guest-user-id': guestIdOf(t.ctx, 'dash-1') };
    const g2 = { 'x-guest-user-id': guestIdOf(t.ctx, 'dash-2') };
    for (const h of [g1, g1, g2, m.headers]) expect((await visit(h)).statusCode).toBe(200);
    // Searches: one that finds the shirt twice, one that finds nothing.
    for (const q of ['옥스포드 셔츠', '옥스포드 셔츠', 'zzqxv']) {
      expect(
        (await t.app.inject({ url: `/api/v1/search/product?query=${encodeURIComponent(q)}` })).statusCode,
      ).toBe(200);
    }

    const cs = await operatorSession(t, ['CS']);
    const curator = await operatorSession(t, ['CURATOR']);
    expect((await t.app.inject({ url: '/api/admin/dashboard', headers: curator.headers })).statusCode).toBe(
      403,
    );
    const res = await t.app.inject({ url: '/api/admin/dashboard', headers: cs.headers });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json();
    const sales = paid.reduce((s, p) => s + p.amount, 0);
    expect(d.today).toMatchObject({
      orders: 2,
      sales,
      average_order_value: Math.round(sales / 2),
      sessions: 3,
      conversion: 0.6667,
      cancelled_items: 1,
      returns: 0,
    });
    expect(d.today.refunded_amount).toBeGreaterThan(0);
    expect(d.last_30_days.orders).toBe(2);
    expect(d.daily).toHaveLength(30);
    expect(d.daily.at(-1)).toMatchObject({ day: '2026-11-20', orders: 2, sales, sessions: 3 });
    expect(d.daily[0].day).toBe('2026-10-22');
    // The cancelled line is not a best seller; the two-piece order is.
    expect(d.top_products).toEqual([expect.objectContaining({ display_id: shop.displayId, quantity: 2 })]);
    // The best seller carries its brand's name (the catalogue's, by the line's brand id).
    const [brand] = await t.ctx.db
      .select({ name: brands.name })
      .from(brands)
      .where(eq(brands.id, shop.brandId));
    expect(d.top_products[0].brand_name).toBe(brand?.name);
    expect(brand?.name).toMatch(/^브랜드/);
    expect(d.top_searches).toEqual(expect.arrayContaining([{ keyword: '옥스포드 셔츠', searches: 2 }]));
    expect(d.zero_result_searches).toEqual([{ keyword: 'zzqxv', searches: 1 }]);
    expect(d.low_stock.map((r: { product_item_id: number }) => r.product_item_id)).toContain(shop.m);
  });
});

describe('search counts', () => {
  it('are tallied in memory and written in one batch, off the search, when the tally fills', async () => {
    const batch = async () =>
      (
        await t.ctx.db
          .select({
            n: sql<number>`count(*)::int`,
            zero: sql<number>`coalesce(sum(${searchStats.zero_results}), 0)::int`,
          })
          .from(searchStats)
          .where(like(searchStats.keyword, '배치검색%'))
      )[0];
    for (let i = 0; i < SEARCH_STATS.FLUSH_AT - 1; i++) countSearch(t.ctx, `배치검색${i}`, i % 2);
    expect((await batch())?.n).toBe(0);
    countSearch(t.ctx, `배치검색${SEARCH_STATS.FLUSH_AT - 1}`, 1);
    await vi.waitFor(async () =>
      expect(await batch()).toEqual({ n: SEARCH_STATS.FLUSH_AT, zero: SEARCH_STATS.FLUSH_AT / 2 }),
    );
  });
});
