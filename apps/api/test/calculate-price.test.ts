/**
 * POST /api/products/product-displays/{id}/calculate-price never quotes more units than are in
 * stock: a line beyond its item's stock (lines of one item added up) or of a sold-out item answers
 * 400 with the cart's wording and the units left (`{detail, product_item_id, stock, items}`), as
 * POST /api/carts and POST /api/orders refuse the same quantity with 400 (docs/ARCHITECTURE.md,
 * "Orders and payments").
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productItems } from '../src/db/schema.ts';
import { createMember, createTestApp, guestHeader, type TestApp } from './helpers.ts';
import { ADDRESS, call, makeShop } from './orders-fixtures.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t?.close());

const calc = (displayId: number, items: { product_item_id: number; quantity: number }[]) =>
  call(
    t.app,
    'POST',
    `/api/products/product-displays/${displayId}/calculate-price`,
    guestHeader(t.ctx, 'guest-calc-stock'),
    { items },
  );

describe('calculate-price and the stock', () => {
  it('prices a quantity equal to the stock', async () => {
    const shop = await makeShop(t.ctx, { stock: 3 });
    const r = await calc(shop.displayId, [{ product_item_id: shop.m, quantity: 3 }]);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ total_price: 120000, amount: 90000, shipping_fee: 0 });
  });

  it('refuses a quantity beyond the stock with the units left, like the cart and the order', async () => {
    const shop = await makeShop(t.ctx, { stock: 3 });
    const r = await calc(shop.displayId, [{ product_item_id: shop.m, quantity: 4 }]);
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      detail: '재고가 부족합니다. (남은 수량: 3개)',
      product_item_id: shop.m,
      stock: 3,
      items: [{ product_item_id: shop.m, stock: 3 }],
    });
    // The same quantity is refused by the cart (same status and wording) and by the order.
    const { headers } = await createMember(t.ctx);
    const cart = await call(t.app, 'POST', '/api/carts', headers, { product_item_id: shop.m, quantity: 4 });
    expect(cart.status).toBe(400);
    expect(cart.body.detail).toBe(r.body.detail);
    const order = await call(t.app, 'POST', '/api/orders', headers, {
      items: [{ product_item_id: shop.m, quantity: 4 }],
      address: ADDRESS,
    });
    expect(order.status).toBe(400);
    expect(order.body).toMatchObject({ product_item_id: shop.m, stock: 3 });
  });

  it('adds up the lines of one item and names every line short of stock', async () => {
    const shop = await makeShop(t.ctx, { stock: 3 });
    await t.ctx.db.update(productItems).set({ stock: 1 }).where(eq(productItems.id, shop.l));
    const r = await calc(shop.displayId, [
      { product_item_id: shop.other, quantity: 2 },
      { product_item_id: shop.m, quantity: 2 },
      { product_item_id: shop.l, quantity: 2 },
      { product_item_id: shop.m, quantity: 2 },
    ]);
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      detail: '재고가 부족합니다. (남은 수량: 3개)',
      product_item_id: shop.m,
      stock: 3,
      items: [
        { product_item_id: shop.m, stock: 3 },
        { product_item_id: shop.l, stock: 1 },
      ],
    });
  });

  it('refuses a sold-out item', async () => {
    const shop = await makeShop(t.ctx, { stock: 0 });
    const r = await calc(shop.displayId, [{ product_item_id: shop.m, quantity: 1 }]);
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      detail: '품절된 상품입니다.',
      product_item_id: shop.m,
      stock: 0,
      items: [{ product_item_id: shop.m, stock: 0 }],
    });
    // An item no longer for sale has nothing left either.
    const inactive = await makeShop(t.ctx, { stock: 5 });
    await t.ctx.db.update(productItems).set({ is_active: false }).where(eq(productItems.id, inactive.l));
    const off = await calc(inactive.displayId, [{ product_item_id: inactive.l, quantity: 1 }]);
    expect(off.status).toBe(400);
    expect(off.body).toMatchObject({ detail: '품절된 상품입니다.', product_item_id: inactive.l, stock: 0 });
  });
});
