/**
 * GET /api/orders/claim-list (취소·반품·교환 내역, /mypage/claims): the member's orders with a
 * cancelled, returned or exchanged item, each listing those items alone; never another member's.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems } from '../src/db/schema.ts';
import { gatewayOf } from '../src/domains/payments/index.ts';
import type { SandboxGateway } from '../src/domains/payments/sandbox.ts';
import { createMember, createTestApp, type TestApp } from './helpers.ts';
import { call, makeShop, placeOrder } from './orders-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function paidOrder(
  headers: Record<string, string>,
  lines: { product_item_id: number; quantity: number }[],
) {
  const placed = await placeOrder(t.app, headers, lines);
  const key = (gatewayOf(t.ctx) as SandboxGateway).authorize(placed.order_id, placed.amount);
  const ok = await call(t.app, 'POST', '/api/orders/confirm-order', headers, {
    payment_key: key,
    order_id: placed.order_id,
    amount: placed.amount,
  });
  expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  return placed;
}

describe('GET /api/orders/claim-list', () => {
  it('lists only orders with a claimed item, with only those items, and only the caller’s', async () => {
    const shop = await makeShop(t.ctx, { stock: 10 });
    const m = await createMember(t.ctx);
    const other = await createMember(t.ctx);
    const kept = await paidOrder(m.headers, [{ product_item_id: shop.m, quantity: 1 }]);
    const mixed = await paidOrder(m.headers, [
      { product_item_id: shop.m, quantity: 1 },
      { product_item_id: shop.l, quantity: 1 },
    ]);
    const items = await t.ctx.db.select().from(orderItems).where(eq(orderItems.order_id, mixed.id));
    const cancelled = items.find((i) => i.product_item_id === shop.l);
    const cancel = await call(
      t.app,
      'POST',
      `/api/orders/order-items/${cancelled?.id}/cancel`,
      m.headers,
      {},
    );
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);

    type List = { total_count: number; result: { id: number; items: unknown[] }[] };
    const res = (await call(t.app, 'GET', '/api/orders/claim-list', m.headers)) as {
      status: number;
      body: List;
    };
    expect(res.status).toBe(200);
    expect(res.body.total_count).toBe(1);
    expect(res.body.result.map((o: { id: number }) => o.id)).toEqual([mixed.id]);
    expect(res.body.result[0]?.items).toEqual([
      expect.objectContaining({ id: cancelled?.id, status: 'CANCEL', status_label: expect.any(String) }),
    ]);
    // The plain order list still has both orders with all their items.
    const all = (await call(t.app, 'GET', '/api/orders/order-list-simple', m.headers)) as unknown as {
      body: List;
    };
    expect(all.body.result.map((o: { id: number }) => o.id).sort()).toEqual([kept.id, mixed.id].sort());
    // Another member sees none of it.
    const theirs = await call(t.app, 'GET', '/api/orders/claim-list', other.headers);
    expect(theirs.body).toMatchObject({ total_count: 0, result: [] });
    expect((await t.app.inject({ url: '/api/orders/claim-list' })).statusCode).toBe(401);
  });
});
