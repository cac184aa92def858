/**
 * Orders in the back office (docs/ARCHITECTURE.md, "Back office"): a CS operator finds an order by
 * its number or the phone, ships an item with a carrier and a tracking number in that carrier's
 * shape; the shopper's order then carries the carrier, number and tracking link, and a
 * notification; the change is in the audit log. Other roles cannot.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, notifications, orderItems } from '../src/db/schema.ts';
import { gatewayOf } from '../src/domains/payments/index.ts';
import type { SandboxGateway } from '../src/domains/payments/sandbox.ts';
import { createMember, createTestApp, operatorSession, type TestApp } from './helpers.ts';
import { call, makeShop, placeOrder } from './orders-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('shipping from the back office', () => {
  it('a CS operator ships a paid item with a CJ tracking number; the shopper sees the link and a notification', async () => {
    const shop = await makeShop(t.ctx, { stock: 10 });
    const m = await createMember(t.ctx);
    const placed = await placeOrder(t.app, m.headers, [{ product_item_id: shop.m, quantity: 1 }]);
    const key = (gatewayOf(t.ctx) as SandboxGateway).authorize(placed.order_id, placed.amount);
    const paid = await call(t.app, 'POST', '/api/orders/confirm-order', m.headers, {
      payment_key: key,
      order_id: placed.order_id,
      amount: placed.amount,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const [item] = await t.ctx.db.select().from(orderItems).where(eq(orderItems.order_id, placed.id));
    const cs = await operatorSession(t, ['CS']);
    const md = await operatorSession(t, ['MD']);

    const list = await t.app.inject({ url: `/api/admin/orders?q=${placed.order_id}`, headers: cs.headers });
    expect(list.json()).toMatchObject({ total: 1, result: [{ id: placed.id, status: 'PAID' }] });
    const byPhone = await t.app.inject({
      url: '/api/admin/orders?q=010-1234-5678&status=PAID',
      headers: cs.headers,
    });
    expect((byPhone.json() as { result: { id: number }[] }).result.map((o) => o.id)).toContain(placed.id);
    expect(
      (await t.app.inject({ url: '/api/admin/orders?from=2026-13-01', headers: cs.headers })).statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ url: `/api/admin/orders/${placed.id}`, headers: cs.headers })).json(),
    ).toMatchObject({
      id: placed.id,
    });

    const ship = (headers: Record<string, string>, body: unknown) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/items/${item?.id}/ship`,
        headers,
        payload: body as object,
      });
    expect((await ship(md.headers, { carrier_code: 'CJ', tracking_number: '654321098765' })).statusCode).toBe(
      403,
    );
    const bad = await ship(cs.headers, { carrier_code: 'CJ', tracking_number: '12-34' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain('CJ대한통운');
    expect(
      (await ship(cs.headers, { carrier_code: 'DHL', tracking_number: '654321098765' })).statusCode,
    ).toBe(400);
    const ok = await ship(cs.headers, { carrier_code: 'CJ', tracking_number: '6543-2109-8765' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'SHIPPING' });
    // Twice is not a move.
    expect((await ship(cs.headers, { carrier_code: 'CJ', tracking_number: '654321098765' })).statusCode).toBe(
      400,
    );

    const detail = await call(t.app, 'GET', `/api/orders/${placed.id}/detail`, m.headers);
    const shipped = (detail.body.items as Record<string, unknown>[])[0];
    expect(shipped).toMatchObject({
      status: 'SHIPPING',
      carrier_code: 'CJ',
      carrier_name: 'CJ대한통운',
      tracking_number: '654321098765',
      tracking_url: 'https://trace.cjlogistics.com/next/tracking.html?wblNo=654321098765',
    });
    const [note] = await t.ctx.db.select().from(notifications).where(eq(notifications.user_id, m.user.id));
    expect(note).toMatchObject({ title: '주문하신 상품이 출발했어요', link: `/mypage/orders/${placed.id}` });
    expect(note?.body).toContain('CJ대한통운 654321098765');
    const [audit] = await t.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.operator_id, cs.id), eq(auditLogs.status_code, 200)))
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(audit).toMatchObject({ target_type: 'order_item', target_id: String(item?.id) });
    expect(audit?.action).toContain('order.ship');
  });
});
