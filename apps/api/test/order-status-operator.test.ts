/**
 * The order-item status call for operators with the admin key (platform/access.ts, `operator`):
 * automation moves a paid item to preparing and shipping without a member session; the key does
 * not open other token routes, and a wrong key is refused.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders } from '../src/db/schema.ts';
import { createMember, createTestApp, type TestApp } from './helpers.ts';
import { call, makeShop, type Shop } from './orders-fixtures.ts';

const KEY = 'operator-status-key-operator-status-key';
let t: TestApp;
let shop: Shop;

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_API_KEY: KEY } });
  shop = await makeShop(t.ctx);
});
afterAll(() => t?.close());

async function paidItem(userId: number) {
  const [o] = await t.ctx.db
    .insert(orders)
    .values({
      order_no: `op-status-${Math.random().toString(36).slice(2, 10)}`,
      user_id: userId,
      status: 'PAID',
      order_name: '옥스포드 셔츠',
      total_price: 40000,
      amount: 30000,
      expires_at: t.ctx.clock.now(),
    })
    .returning();
  const [i] = await t.ctx.db
    .insert(orderItems)
    .values({
      order_id: o?.id as number,
      product_item_id: shop.m,
      product_display_id: shop.displayId,
      brand_id: shop.brandId,
      name: '옥스포드 셔츠',
      size_name: 'M',
      color_name: '화이트',
      quantity: 1,
      price: 40000,
      price_discount: 30000,
      paid_amount: 30000,
      status: 'PAID',
    })
    .returning();
  return i?.id as number;
}

describe('order-item status with the admin key', () => {
  it('moves a paid item to preparing and shipping; a wrong key or a member cannot', async () => {
    const m = await createMember(t.ctx);
    const id = await paidItem(m.user.id);
    const url = `/api/orders/order-items/${id}/status`;
    expect((await call(t.app, 'POST', url, { 'x-admin-key': 'wrong' }, { status: 'PREPARING' })).status).toBe(
      401,
    );
    expect((await call(t.app, 'POST', url, m.headers, { status: 'PREPARING' })).status).toBe(403);
    expect((await call(t.app, 'POST', url, { 'x-admin-key': KEY }, { status: 'PREPARING' })).status).toBe(
      200,
    );
    expect((await call(t.app, 'POST', url, { 'x-admin-key': KEY }, { status: 'SHIPPING' })).status).toBe(200);
    const [row] = await t.ctx.db.select().from(orderItems).where(eq(orderItems.id, id));
    expect(row?.status).toBe('SHIPPING');
    // The member confirms arrival with their own session.
    expect((await call(t.app, 'POST', url, m.headers, { status: 'COMPLETE' })).status).toBe(200);
    // The key opens no other token route.
    expect((await call(t.app, 'GET', '/api/orders/order-list-simple', { 'x-admin-key': KEY })).status).toBe(
      401,
    );
  });
});
