/**
 * What the order pages promise (SPEC.md, 'Orders'): the order reads as its items' state on the
 * shop and in the back office; the shipping address changes before shipping (member and
 * operator, audited) and never after; a made-to-order item is cancelled with its own call only
 * before production; the product page says an item is made to order.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, orderItems } from '../src/db/schema.ts';
import { gatewayOf } from '../src/domains/payments/index.ts';
import type { SandboxGateway } from '../src/domains/payments/sandbox.ts';
import { createMember, createTestApp, operatorSession, type TestApp } from './helpers.ts';
import { call, makeShop, placeOrder } from './orders-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function paidOrder(opts: { despoke?: boolean; quantity?: number } = {}) {
  const shop = await makeShop(t.ctx, { stock: 10, despoke: opts.despoke ?? false });
  const m = await createMember(t.ctx);
  const lines = Array.from({ length: opts.quantity ?? 1 }, () => ({ product_item_id: shop.m, quantity: 1 }));
  const placed = await placeOrder(t.app, m.headers, lines);
  const key = (gatewayOf(t.ctx) as SandboxGateway).authorize(placed.order_id, placed.amount);
  const paid = await call(t.app, 'POST', '/api/orders/confirm-order', m.headers, {
    payment_key: key,
    order_id: placed.order_id,
    amount: placed.amount,
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  const items = await t.ctx.db
    .select()
    .from(orderItems)
    .where(eq(orderItems.order_id, placed.id))
    .orderBy(orderItems.id);
  return { shop, m, placed, items };
}

const NEW_ADDRESS = {
  recipient: '이배송',
  phone: '010-2222-3333',
  zipcode: '04524',
  main_address: '서울 중구 세종대로 110',
  detail_address: '2층',
};

describe('the order state', () => {
  it('follows delivery and 구매확정 on the member detail, the member list and the back office list', async () => {
    const { m, placed, items } = await paidOrder({ quantity: 2 });
    const [a, b] = items;
    if (!a || !b) throw new Error('two items expected');
    const cs = await operatorSession(t, ['CS']);
    const stateOf = async () => {
      const d = await call(t.app, 'GET', `/api/orders/${placed.id}/detail`, m.headers);
      const list = await call(t.app, 'GET', '/api/orders/order-list-simple', m.headers);
      const row = (list.body.result as { id: number; state_label: string }[]).find((o) => o.id === placed.id);
      const admin = await t.app.inject({
        url: `/api/admin/orders?q=${placed.order_id}`,
        headers: cs.headers,
      });
      const adminRow = (admin.json() as { result: { id: number; state_label: string }[] }).result[0];
      const one = await t.app.inject({ url: `/api/admin/orders/${placed.id}`, headers: cs.headers });
      expect(row?.state_label).toBe(d.body.state_label);
      expect(adminRow?.state_label).toBe(d.body.state_label);
      expect((one.json() as { state_label: string }).state_label).toBe(d.body.state_label);
      return d.body.state_label;
    };
    expect(await stateOf()).toBe('결제완료');
    await t.ctx.db.update(orderItems).set({ status: 'SHIPPING' }).where(eq(orderItems.order_id, placed.id));
    expect(await stateOf()).toBe('배송중');
    await t.ctx.db.update(orderItems).set({ status: 'COMPLETE' }).where(eq(orderItems.order_id, placed.id));
    expect(await stateOf()).toBe('배송완료');
    await t.ctx.db.update(orderItems).set({ status: 'CONFIRMED' }).where(eq(orderItems.id, a.id));
    expect(await stateOf()).toBe('배송완료');
    await t.ctx.db.update(orderItems).set({ status: 'CONFIRMED' }).where(eq(orderItems.id, b.id));
    expect(await stateOf()).toBe('구매확정');
    await t.ctx.db.update(orderItems).set({ status: 'REFUNDED' }).where(eq(orderItems.order_id, placed.id));
    expect(await stateOf()).toBe('반품완료');
  });
});

describe('changing the shipping address before shipping', () => {
  it('the member changes the whole address; another member cannot; after shipping it is refused', async () => {
    const { m, placed, items } = await paidOrder();
    const other = await createMember(t.ctx);
    const mine = await call(t.app, 'PUT', `/api/orders/${placed.id}/detail2`, m.headers, {
      address: NEW_ADDRESS,
    });
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body.address).toMatchObject({ recipient: '이배송', phone: '01022223333', zipcode: '04524' });
    const theirs = await call(t.app, 'PUT', `/api/orders/${placed.id}/detail2`, other.headers, {
      address: NEW_ADDRESS,
    });
    expect(theirs.status).toBe(404);
    await t.ctx.db
      .update(orderItems)
      .set({ status: 'SHIPPING' })
      .where(eq(orderItems.id, items[0]?.id ?? 0));
    const late = await call(t.app, 'PUT', `/api/orders/${placed.id}/detail2`, m.headers, {
      address: { ...NEW_ADDRESS, detail_address: '3층' },
    });
    expect(late.status).toBe(400);
    expect(late.body.detail).toBe('배송이 시작된 주문은 배송지를 변경할 수 없습니다.');
    const d = await call(t.app, 'GET', `/api/orders/${placed.id}/detail`, m.headers);
    expect(d.body.is_address_editable).toBe(false);
  });

  it('a CS operator changes it (audited, without the values); MD and members cannot; not after shipping', async () => {
    const { m, placed, items } = await paidOrder();
    const cs = await operatorSession(t, ['CS']);
    const md = await operatorSession(t, ['MD']);
    const put = (headers: Record<string, string>, payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/admin/orders/${placed.id}/address`, headers, payload });
    expect((await put(md.headers, { address: NEW_ADDRESS })).statusCode).toBe(403);
    expect((await put(m.headers, { address: NEW_ADDRESS })).statusCode).toBe(403);
    const ok = await put(cs.headers, { address: NEW_ADDRESS, delivery_request: '경비실에 맡겨주세요' });
    expect(ok.statusCode, ok.body).toBe(200);
    // The operator's answer stays masked.
    expect(ok.json()).toMatchObject({
      address: { recipient: '이*송', zipcode: '04524', delivery_request: '경비실에 맡겨주세요' },
    });
    const mine = await call(t.app, 'GET', `/api/orders/${placed.id}/detail`, m.headers);
    expect(mine.body.address).toMatchObject({ recipient: '이배송', main_address: '서울 중구 세종대로 110' });
    const [audit] = await t.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.operator_id, cs.id), eq(auditLogs.target_id, String(placed.id))))
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(audit?.action).toMatch(/^order\.address/);
    expect(JSON.stringify(audit?.after)).not.toContain('이배송');
    expect((await put(cs.headers, { address: NEW_ADDRESS })).statusCode).toBe(200);
    expect((await put(cs.headers, {})).statusCode).toBe(200);
    expect((await put(cs.headers, { address: { ...NEW_ADDRESS, zipcode: 'abc' } })).statusCode).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/admin/orders/99999999/address',
          headers: cs.headers,
          payload: { address: NEW_ADDRESS },
        })
      ).statusCode,
    ).toBe(404);
    await t.ctx.db
      .update(orderItems)
      .set({ status: 'SHIPPING' })
      .where(eq(orderItems.id, items[0]?.id ?? 0));
    const late = await put(cs.headers, { address: NEW_ADDRESS });
    expect(late.statusCode).toBe(400);
    expect(late.json().detail).toBe('배송이 시작된 주문은 배송지를 변경할 수 없습니다.');
  });
});

describe('made-to-order items', () => {
  it('the product says so; the item is cancelled with cancel-despoke only before production', async () => {
    const { shop, m, items } = await paidOrder({ despoke: true, quantity: 2 });
    const [a, b] = items;
    if (!a || !b) throw new Error('two items expected');
    expect(a.is_despoke).toBe(true);
    const product = await call(t.app, 'GET', `/api/products/detail/${shop.displayId}`, {});
    expect(product.status).toBe(200);
    expect(product.body.is_made_to_order).toBe(true);
    const plain = await makeShop(t.ctx);
    expect(
      (await call(t.app, 'GET', `/api/products/detail/${plain.displayId}`, {})).body.is_made_to_order,
    ).toBe(false);
    // The ordinary cancel refuses it; another member's id is not found.
    expect((await call(t.app, 'POST', `/api/orders/order-items/${a.id}/cancel`, m.headers, {})).status).toBe(
      400,
    );
    const other = await createMember(t.ctx);
    expect(
      (await call(t.app, 'POST', `/api/orders/order-items/${a.id}/cancel-despoke`, other.headers, {})).status,
    ).toBe(404);
    const ok = await call(t.app, 'POST', `/api/orders/order-items/${a.id}/cancel-despoke`, m.headers, {
      reason: '단순 변심',
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    await t.ctx.db.update(orderItems).set({ status: 'PREPARING' }).where(eq(orderItems.id, b.id));
    const late = await call(t.app, 'POST', `/api/orders/order-items/${b.id}/cancel-despoke`, m.headers, {});
    expect(late.status).toBe(400);
    expect(late.body.detail).toBe('제작이 시작된 맞춤 제작 상품은 취소할 수 없습니다.');
  });
});
