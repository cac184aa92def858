/**
 * The "첫 구매 시" price is a price the shopper can pay (docs/ARCHITECTURE.md, 'Prices'): over every
 * seeded product and a generated set (a price under and over the first-purchase coupon's cap,
 * 10,000 / 7 % ≈ 142,857 won; a running time sale; a price whose 7 % is no whole won), the price
 * GET /api/products/{id}/benefits promises a guest and a newly signed-up member is what
 * POST /api/orders charges that member for one unit of the product alone with the coupons
 * checkout pre-selects (GET /api/orders/best-coupon-combs), shipping aside. The promise is gone
 * after the member's first paid order, and for a member whose coupon has expired; "최대 혜택가" is
 * never below what checkout gives.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  couponPolicies,
  coupons,
  productDisplays,
  productItems,
  timeSaleItems,
  timeSales,
} from '../src/db/schema.ts';
import { seed } from '../src/demo/seed.ts';
import { gatewayOf } from '../src/domains/payments/index.ts';
import type { SandboxGateway } from '../src/domains/payments/sandbox.ts';
import { invalidate } from '../src/platform/cache.ts';
import { mutableClock, signUpViaApi } from './auth-helpers.ts';
import { createTestApp, guestHeader, type TestApp } from './helpers.ts';
import { ADDRESS, call, issueCoupon, makeShop } from './orders-fixtures.ts';

let t: TestApp;
const clock = mutableClock('2026-11-20T03:00:00Z');
const GUEST = () => guestHeader(t.ctx, 'guest-first-price');

type Benefits = { first_discount_price: number | null; best_coupon_price: number; price_discount: number };
type Product = { displayId: number; itemId: number; label: string };
let products: Product[] = [];

async function member() {
  const s = await signUpViaApi(t.app);
  return { headers: { authorization: `Bearer ${s.body.access}` }, id: s.body.user.id };
}

const benefits = async (displayId: number, headers: Record<string, string>) => {
  const r = await call(t.app, 'GET', `/api/products/${displayId}/benefits`, headers);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as unknown as Benefits;
};

/** What checkout charges for one unit of `itemId` alone, with the coupons it pre-selects. */
async function checkout(headers: Record<string, string>, itemId: number) {
  const comb = await call(
    t.app,
    'GET',
    `/api/orders/best-coupon-combs?product_item_ids=${itemId}&quantities=1`,
    headers,
  );
  expect(comb.status, JSON.stringify(comb.body)).toBe(200);
  const best = comb.body.result as {
    lines: { product_item_id: number; coupon_id: number | null }[];
    cart_coupon_ids: number[];
  };
  const order = await call(t.app, 'POST', '/api/orders', headers, {
    items: [{ product_item_id: itemId, quantity: 1 }],
    address: ADDRESS,
    line_coupons: best.lines.flatMap((l) =>
      l.coupon_id === null ? [] : [{ product_item_id: l.product_item_id, coupon_id: l.coupon_id }],
    ),
    cart_coupon_ids: best.cart_coupon_ids,
  });
  expect(order.status, JSON.stringify(order.body)).toBe(200);
  const o = order.body as { id: number; order_id: string; amount: number; shipping_fee: number };
  return { ...o, goods: o.amount - o.shipping_fee };
}

async function generated(label: string, priceDiscount: number, saleprice?: number): Promise<Product> {
  const shop = await makeShop(t.ctx, { stock: 50 });
  await t.ctx.db
    .update(productDisplays)
    .set({ price: priceDiscount + 10_000, price_discount: priceDiscount })
    .where(eq(productDisplays.id, shop.displayId));
  if (saleprice !== undefined) {
    const now = clock.now().getTime();
    const [s] = await t.ctx.db
      .insert(timeSales)
      .values({ title: '타임특가', starts_at: new Date(now - 3600_000), ends_at: new Date(now + 3600_000) })
      .returning();
    await t.ctx.db.insert(timeSaleItems).values({
      time_sale_id: s?.id as number,
      product_display_id: shop.displayId,
      sale_price: saleprice,
      stock_limit: 10,
    });
  }
  return { displayId: shop.displayId, itemId: shop.m, label };
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  await seed(t.ctx.db, { products: 40, now: clock.now() });
  // Every seeded product with a sellable item at the display's own price (no size surcharge).
  const rows = await t.ctx.db
    .select({ displayId: productDisplays.id, itemId: sql<number>`min(${productItems.id})::int` })
    .from(productDisplays)
    .innerJoin(productItems, eq(productItems.product_display_id, productDisplays.id))
    .where(
      and(eq(productDisplays.is_active, true), eq(productItems.extra_price, 0), gt(productItems.stock, 0)),
    )
    .groupBy(productDisplays.id)
    .orderBy(productDisplays.id);
  products = rows.map((r) => ({
    displayId: r.displayId,
    itemId: Number(r.itemId),
    label: `seeded ${r.displayId}`,
  }));
  products.push(
    await generated('under the cap', 53_470),
    await generated('just under the cap', 142_857),
    await generated('just over the cap', 142_858),
    await generated('a coat over the cap', 289_000),
    await generated('7 % not a whole won', 12_345),
    await generated('a running time sale', 60_000, 45_000),
  );
  await invalidate(t.ctx, 'prices.changed');
}, 180_000);
afterAll(() => t?.close());

describe('"첫 구매 시" is what checkout charges a new member', () => {
  it('over every seeded product and the generated set, for a guest and a newly signed-up member', async () => {
    expect(products.length).toBeGreaterThanOrEqual(30);
    const m = await member();
    const [fp] = await t.ctx.db
      .select({ id: coupons.id })
      .from(coupons)
      .innerJoin(couponPolicies, eq(couponPolicies.id, coupons.coupon_policy_id))
      .where(and(eq(coupons.user_id, m.id), eq(couponPolicies.coupon_type, 'FIRST_PURCHASE')));
    expect(fp, 'sign-up gives the first-purchase coupon').toBeDefined();
    let promised = 0;
    for (const p of products) {
      const guest = await benefits(p.displayId, GUEST());
      const mine = await benefits(p.displayId, m.headers);
      // The guest is promised what sign-up's coupon gives: the same as the member who has it.
      expect(mine.first_discount_price, p.label).toBe(guest.first_discount_price);
      const paid = await checkout(m.headers, p.itemId);
      if (guest.first_discount_price === null) {
        // No promise: checkout takes nothing off with the coupon either (a time-sale line: the seeded
        // first-purchase coupon does not allow them).
        expect(paid.goods, p.label).toBe(guest.price_discount);
        const detail = await call(t.app, 'GET', `/api/products/detail/${p.displayId}`, GUEST());
        expect(detail.body.time_sale, p.label).not.toBeNull();
      } else {
        promised += 1;
        expect(paid.goods, p.label).toBe(guest.first_discount_price);
        expect(guest.first_discount_price, p.label).toBeLessThan(guest.price_discount);
      }
      // "최대 혜택가" counts the coupons still free to download too: never above what checkout
      // gives with the coupons held (below it when a download would help; the next test pays it).
      expect(mine.best_coupon_price, p.label).toBeLessThanOrEqual(paid.goods);
    }
    expect(promised).toBeGreaterThanOrEqual(products.length / 2);
  }, 180_000);

  it('"최대 혜택가" is what checkout charges once the coupons it counts are downloaded', async () => {
    for (const p of products.slice(0, 12)) {
      const fresh = await member();
      const shown = (await benefits(p.displayId, fresh.headers)) as Benefits & {
        coupons: { coupon_policy_id: number }[];
      };
      for (const c of shown.coupons) {
        await call(t.app, 'POST', '/api/benefits/download-coupon', fresh.headers, {
          coupon_policy_id: c.coupon_policy_id,
        });
      }
      const paid = await checkout(fresh.headers, p.itemId);
      expect(paid.goods, p.label).toBe(shown.best_coupon_price);
    }
  }, 180_000);

  it('takes the cap, the floor of 7 % and the time-sale rule of the coupon, not 85 %', async () => {
    const at = (label: string) => products.find((p) => p.label === label) as Product;
    const price = async (label: string) =>
      (await benefits(at(label).displayId, GUEST())).first_discount_price;
    expect(await price('under the cap')).toBe(53_470 - 3742);
    expect(await price('just under the cap')).toBe(142_857 - 9999);
    expect(await price('just over the cap')).toBe(142_858 - 10_000);
    expect(await price('a coat over the cap')).toBe(279_000);
    expect(await price('7 % not a whole won')).toBe(12_345 - 864);
    // The seeded first-purchase coupon does not allow time-sale lines: no promise while one runs.
    expect(await price('a running time sale')).toBeNull();
  });
});

describe('who is promised it', () => {
  it('is gone after the member first pays an order, and stays for guests', async () => {
    const m = await member();
    const p = products.find((x) => x.label === 'under the cap') as Product;
    expect((await benefits(p.displayId, m.headers)).first_discount_price).toBe(53_470 - 3742);
    const o = await checkout(m.headers, p.itemId);
    const key = (gatewayOf(t.ctx) as SandboxGateway).authorize(o.order_id, o.amount);
    const confirmed = await call(t.app, 'POST', '/api/orders/confirm-order', m.headers, {
      payment_key: key,
      order_id: o.order_id,
      amount: o.amount,
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const after = await benefits(p.displayId, m.headers);
    expect(after.first_discount_price).toBeNull();
    // And 최대 혜택가 no longer counts the first-purchase coupon checkout would refuse: what a guest
    // could get with the downloadable coupons alone.
    expect(after.best_coupon_price).toBe((await benefits(p.displayId, GUEST())).best_coupon_price);
    const other = products.find((x) => x.label === 'a coat over the cap') as Product;
    expect((await benefits(other.displayId, m.headers)).first_discount_price).toBeNull();
    expect((await benefits(other.displayId, GUEST())).first_discount_price).toBe(279_000);
  });

  it('is gone when the member’s coupon has expired', async () => {
    const m = await member();
    const p = products.find((x) => x.label === 'under the cap') as Product;
    expect((await benefits(p.displayId, m.headers)).first_discount_price).toBe(53_470 - 3742);
    await t.ctx.db
      .update(coupons)
      .set({ expires_at: new Date(clock.now().getTime() - 1000) })
      .where(eq(coupons.user_id, m.id));
    expect((await benefits(p.displayId, m.headers)).first_discount_price).toBeNull();
  });
});

describe('a cart-wide coupon shows what it takes off as applied', () => {
  it("post-coupon3 and best-coupon-combs answer each cart coupon's applied discount, which the order charges", async () => {
    const m = await member();
    const p = products.find((x) => x.label === 'under the cap') as Product;
    // A 5,000 won line coupon on the product: the first-purchase coupon then takes 7 % of 48,470.
    const line = await issueCoupon(t.ctx, m.id, clock.now(), {
      scope: 'PRODUCT_DISPLAY',
      scope_ids: [p.displayId],
      discount_value: 5000,
    });
    const options = await call(
      t.app,
      'GET',
      `/api/orders/products-with-coupons?product_item_ids=${p.itemId}&quantities=1`,
      m.headers,
    );
    expect(options.status, JSON.stringify(options.body)).toBe(200);
    const cart = (options.body.cart_coupons as { coupon_id: number; discount: number }[])[0];
    // The option list previews the coupon on the order alone (7 % of 53,470).
    expect(cart?.discount).toBe(3742);
    const checked = await call(t.app, 'POST', '/api/orders/post-coupon3', m.headers, {
      items: [{ product_item_id: p.itemId, quantity: 1 }],
      line_coupons: [{ product_item_id: p.itemId, coupon_id: line }],
      cart_coupon_ids: [cart?.coupon_id],
    });
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
    expect(checked.body.result).toMatchObject({
      cart_coupons: [{ coupon_id: cart?.coupon_id, discount: 3392 }],
      cart_discount: 3392,
      total_discount: 5000 + 3392,
    });
    const best = await call(
      t.app,
      'GET',
      `/api/orders/best-coupon-combs?product_item_ids=${p.itemId}&quantities=1`,
      m.headers,
    );
    expect((best.body.result as { cart_coupons: unknown }).cart_coupons).toEqual([
      { coupon_id: cart?.coupon_id, discount: 3392 },
    ]);
    // The order charges the applied amount, and the first-purchase price agrees with it.
    const o = await checkout(m.headers, p.itemId);
    expect(o.goods).toBe(53_470 - 5000 - 3392);
    expect((await benefits(p.displayId, m.headers)).first_discount_price).toBe(o.goods);
  });
});
