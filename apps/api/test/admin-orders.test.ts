/**
 * Orders in the back office (docs/ARCHITECTURE.md, "Back office"): a CS operator finds an order by
 * its number or the phone, ships an item with a carrier and a tracking number in that carrier's
 * shape; the shopper's order then carries the carrier, number and tracking link, and a
 * notification; the change is in the audit log. Other roles cannot.
 */

import { orderNumber } from '@codiroom/shared';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, exchanges, notifications, orderItems, payments, productItems } from '../src/db/schema.ts';
import { gatewayOf } from '../src/domains/payments/index.ts';
import type { SandboxGateway } from '../src/domains/payments/sandbox.ts';
import { createMember, createTestApp, operatorSession, type TestApp } from './helpers.ts';
import { ADDRESS, call, makeShop, placeOrder } from './orders-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('personal data in the back office', () => {
  it("one order shows the orderer's and recipient's names and phones masked; their values only through the audited reveal", async () => {
    const shop = await makeShop(t.ctx, { stock: 10 });
    const m = await createMember(t.ctx, { name: '박주문' });
    const placed = await placeOrder(t.app, m.headers, [{ product_item_id: shop.m, quantity: 1 }]);
    const cs = await operatorSession(t, ['CS']);
    const md = await operatorSession(t, ['MD']);
    const detail = await t.app.inject({ url: `/api/admin/orders/${placed.id}`, headers: cs.headers });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      id: placed.id,
      orderer: { name: '박*문', phone: expect.stringMatching(/^010-\*+-\d{4}$/) },
      address: { recipient: '김*디', phone: '010-****-5678', main_address: ADDRESS.main_address },
    });
    const reveal = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: `/api/admin/orders/${placed.id}/reveal`, headers });
    expect((await reveal(md.headers)).statusCode).toBe(403);
    const shown = await reveal(cs.headers);
    expect(shown.statusCode).toBe(200);
    const values = shown.json() as {
      orderer: { name: string; phone: string };
      address: { recipient: string; phone: string };
    };
    expect(values).toMatchObject({ orderer: { name: '박주문' }, address: { recipient: '김코디' } });
    for (const v of [
      values.orderer.name,
      values.orderer.phone,
      values.address.recipient,
      values.address.phone,
    ])
      expect(detail.body).not.toContain(v);
    const [row] = await t.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.operator_id, cs.id), eq(auditLogs.target_id, String(placed.id))))
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(row).toMatchObject({ target_type: 'order', status_code: 200 });
    expect(row?.action).toMatch(/^order\.reveal/);
    // What was shown, not its values.
    expect(JSON.stringify(row?.after)).not.toContain(values.orderer.phone);
  });
});

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
    // The readable number the shopper reads on their order page finds it too; another day's does not.
    const detailBody = (await call(t.app, 'GET', `/api/orders/${placed.id}/detail`, m.headers)).body;
    const readable = orderNumber({ id: placed.id, created_at: detailBody.created_at as string });
    const byReadable = await t.app.inject({ url: `/api/admin/orders?q=${readable}`, headers: cs.headers });
    expect(byReadable.json()).toMatchObject({ total: 1, result: [{ id: placed.id }] });
    const otherDay = readable.replace(/^(\d{4})/, (y) => String(Number(y) - 1));
    expect(
      (await t.app.inject({ url: `/api/admin/orders?q=${otherDay}`, headers: cs.headers })).json(),
    ).toMatchObject({ total: 0 });
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
    expect(note?.body).toContain('CJ대한통운 송장번호 654321098765');
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

describe('claims in the back office', () => {
  async function deliveredItem(stock = 10) {
    const shop = await makeShop(t.ctx, { stock });
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
    if (!item) throw new Error('no item');
    const cs = await operatorSession(t, ['CS']);
    const move = (status: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/items/${item.id}/status`,
        headers: cs.headers,
        payload: { status },
      });
    // Delivered before it ships is not a move; then preparing → shipped → delivered.
    expect((await move('COMPLETE')).statusCode).toBe(400);
    expect((await move('PREPARING')).json()).toMatchObject({ status: 'PREPARING' });
    const ship = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/items/${item.id}/ship`,
      headers: cs.headers,
      payload: { carrier_code: 'CJ', tracking_number: '654321098765' },
    });
    expect(ship.statusCode, ship.body).toBe(200);
    expect((await move('COMPLETE')).json()).toMatchObject({ status: 'COMPLETE' });
    return { shop, m, placed, item, cs };
  }
  const decide = (headers: Record<string, string>, itemId: number, body: object) =>
    t.app.inject({ method: 'POST', url: `/api/admin/orders/items/${itemId}/claim`, headers, payload: body });

  it('approving a return refunds the paid amount less the return cost through the gateway', async () => {
    const { m, placed, item, cs } = await deliveredItem();
    // No open return yet.
    expect((await decide(cs.headers, item.id, { kind: 'refund', decision: 'approve' })).statusCode).toBe(404);
    const req = await call(t.app, 'POST', '/api/orders/refunds', m.headers, {
      order_item_ids: [item.id],
      reason_type: 'CHANGE_OF_MIND',
      reason: '마음이 바뀜',
    });
    expect(req.status).toBe(200);

    const queue = await t.app.inject({
      url: '/api/admin/claims?kind=refund&status=REQUESTED',
      headers: cs.headers,
    });
    expect(queue.statusCode, queue.body).toBe(200);
    const row = (queue.json() as { result: Record<string, unknown>[] }).result.find(
      (r) => r.order_item_id === item.id,
    );
    expect(row).toMatchObject({ order_id: placed.id, paid_amount: 30000, amount: 27000, return_cost: 3000 });

    const md = await operatorSession(t, ['MD']);
    expect((await decide(md.headers, item.id, { kind: 'refund', decision: 'approve' })).statusCode).toBe(403);
    expect((await decide(m.headers, item.id, { kind: 'refund', decision: 'approve' })).statusCode).toBe(403);
    // An exchange decision on a return request finds nothing to decide.
    expect((await decide(cs.headers, item.id, { kind: 'exchange', decision: 'approve' })).statusCode).toBe(
      404,
    );

    // Not refunded before it was collected and inspected (반품 접수 → 회수 완료 → 검수 완료 → 환불).
    const early = await decide(cs.headers, item.id, { kind: 'refund', decision: 'approve' });
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toBe('회수와 검수가 끝난 반품만 환불할 수 있습니다.');
    const step = (s: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/items/${item.id}/return-step`,
        headers: cs.headers,
        payload: { step: s },
      });
    expect((await step('INSPECTED')).statusCode).toBe(409);
    expect((await step('COLLECTED')).json()).toMatchObject({ step: 'COLLECTED', step_label: '회수 완료' });
    expect((await decide(cs.headers, item.id, { kind: 'refund', decision: 'approve' })).statusCode).toBe(409);
    // The older refund call holds to the same rule.
    const refundId = row?.id as number;
    const direct = await t.app.inject({
      method: 'POST',
      url: `/api/orders/refunds/${refundId}/complete`,
      headers: cs.headers,
    });
    expect(direct.statusCode, direct.body).toBe(409);
    expect(direct.json().detail).toBe('회수와 검수가 끝난 반품만 환불할 수 있습니다.');
    // Collected: the parcel is with the shop, so the member can no longer withdraw the return.
    const withdraw = await call(t.app, 'POST', `/api/orders/order-items/${item.id}/status`, m.headers, {
      status: 'COMPLETE',
    });
    expect(withdraw.status).toBe(400);
    expect(withdraw.body.detail).toBe(
      '상품이 이미 회수되어 반품을 철회할 수 없어요. 고객센터로 문의해주세요.',
    );
    expect((await step('INSPECTED')).json()).toMatchObject({ step: 'INSPECTED', step_label: '검수 완료' });
    const preview = await t.app.inject({
      url: `/api/admin/orders/items/${item.id}/refund-preview`,
      headers: cs.headers,
    });
    expect(preview.json()).toMatchObject({ refundable: true, refund_amount: 27000, return_cost: 3000 });
    const [before] = await t.ctx.db.select().from(payments).where(eq(payments.order_id, placed.id));
    const ok = await decide(cs.headers, item.id, { kind: 'refund', decision: 'approve' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'REFUNDED', decision: 'approve' });
    const [after] = await t.ctx.db.select().from(payments).where(eq(payments.order_id, placed.id));
    expect((before?.balance_amount ?? 0) - (after?.balance_amount ?? 0)).toBe(27000);
    // Twice is not a second refund.
    expect((await decide(cs.headers, item.id, { kind: 'refund', decision: 'approve' })).statusCode).toBe(404);

    const detail = await call(t.app, 'GET', `/api/orders/${placed.id}/detail`, m.headers);
    expect((detail.body.items as { status: string }[])[0]?.status).toBe('REFUNDED');
    const notes = await t.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.user_id, m.user.id))
      .orderBy(desc(notifications.id));
    expect(notes[0]).toMatchObject({ title: '반품 환불이 완료됐어요', link: `/mypage/orders/${placed.id}` });
    expect(notes[0]?.body).toContain('27,000원 환불 (반품 배송비 3,000원 차감)');
    const [audit] = await t.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.operator_id, cs.id), eq(auditLogs.status_code, 200)))
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(audit?.action).toContain('claim.refund.approve');
    const done = await t.app.inject({
      url: '/api/admin/claims?kind=refund&status=COMPLETED',
      headers: cs.headers,
    });
    expect(
      (done.json() as { result: { order_item_id: number }[] }).result.map((r) => r.order_item_id),
    ).toContain(item.id);
  });

  it('rejecting an exchange needs a reason, releases the held size and tells the member why', async () => {
    const { shop, m, item, cs } = await deliveredItem();
    const ex = await call(t.app, 'POST', '/api/orders/exchanges', m.headers, {
      order_item_id: item.id,
      new_product_item_id: shop.l,
      reason: '사이즈가 작아요',
    });
    expect(ex.status, JSON.stringify(ex.body)).toBe(200);
    const stockL = async () =>
      (await t.ctx.db.select().from(productItems).where(eq(productItems.id, shop.l)))[0]?.stock;
    const held = await stockL();
    const queue = await t.app.inject({ url: '/api/admin/claims?kind=exchange', headers: cs.headers });
    const row = (queue.json() as { result: Record<string, unknown>[] }).result.find(
      (r) => r.order_item_id === item.id,
    );
    expect(row).toMatchObject({ status: 'REQUESTED', exchange_to: expect.stringContaining('L') });

    const noReason = await decide(cs.headers, item.id, { kind: 'exchange', decision: 'reject', note: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().detail).toBe('거절 사유를 적어주세요.');
    const ok = await decide(cs.headers, item.id, {
      kind: 'exchange',
      decision: 'reject',
      note: '착용 흔적이 있어 교환이 어려워요',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'COMPLETE' });
    expect(await stockL()).toBe((held ?? 0) + 1);
    const [claim] = await t.ctx.db.select().from(exchanges).where(eq(exchanges.order_item_id, item.id));
    expect(claim).toMatchObject({ status: 'REJECTED', decision_note: '착용 흔적이 있어 교환이 어려워요' });
    const [note] = await t.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.user_id, m.user.id))
      .orderBy(desc(notifications.id))
      .limit(1);
    expect(note).toMatchObject({ title: '교환 요청이 거절됐어요' });
    expect(note?.body).toContain('사유: 착용 흔적이 있어 교환이 어려워요');
    // Hostile or unknown input is a 4xx.
    expect((await decide(cs.headers, item.id, { kind: 'gift', decision: 'approve' })).statusCode).toBe(400);
    expect(
      (await t.app.inject({ url: '/api/admin/claims?status=NOPE', headers: cs.headers })).statusCode,
    ).toBe(400);
  });
});

describe('bulk shipping by CSV', () => {
  it('previews every row, refuses the bad ones and ships the rest with notifications', async () => {
    const shop = await makeShop(t.ctx, { stock: 10 });
    const m = await createMember(t.ctx);
    const items: number[] = [];
    for (let i = 0; i < 3; i++) {
      const placed = await placeOrder(t.app, m.headers, [{ product_item_id: shop.m, quantity: 1 }]);
      const key = (gatewayOf(t.ctx) as SandboxGateway).authorize(placed.order_id, placed.amount);
      const paid = await call(t.app, 'POST', '/api/orders/confirm-order', m.headers, {
        payment_key: key,
        order_id: placed.order_id,
        amount: placed.amount,
      });
      expect(paid.status).toBe(200);
      const [row] = await t.ctx.db.select().from(orderItems).where(eq(orderItems.order_id, placed.id));
      items.push(row?.id as number);
    }
    const unpaid = await placeOrder(t.app, m.headers, [{ product_item_id: shop.l, quantity: 1 }]);
    const [pending] = await t.ctx.db.select().from(orderItems).where(eq(orderItems.order_id, unpaid.id));
    const [a, b, c] = items as [number, number, number];
    const csv = [
      'order_item_id,carrier_code,tracking_number',
      `${a},CJ,6543-2109-8701`,
      `${c},POST,12`,
      `${pending?.id},HANJIN,123456789012`,
      `${a},CJ,654321098702`,
      '99999999,CJ,654321098703',
      `${b},DHL,654321098704`,
      `${b},LOTTE,123456789012`,
    ].join('\r\n');
    const cs = await operatorSession(t, ['CS']);
    const md = await operatorSession(t, ['MD']);
    const send = (headers: Record<string, string>, dry_run: boolean) =>
      t.app.inject({ method: 'POST', url: '/api/admin/orders/ship-csv', headers, payload: { csv, dry_run } });
    expect((await send(md.headers, true)).statusCode).toBe(403);
    const preview = await send(cs.headers, true);
    expect(preview.statusCode, preview.body).toBe(200);
    const p = preview.json() as {
      rows: { line: number; error: string | null }[];
      applied: number;
      refused: number;
    };
    expect(p.rows.map((r) => [r.line, r.error === null])).toEqual([
      [2, true],
      [3, false],
      [4, false],
      [5, false],
      [6, false],
      [7, false],
      // An item met earlier in the file, even on a refused row, is refused again: a file that
      // names an item twice is ambiguous.
      [8, false],
    ]);
    expect(p.rows[1]?.error).toContain('우체국택배 송장번호 형식이 아닙니다');
    expect(p.rows[2]?.error).toContain('결제완료 또는 상품준비중');
    expect(p.rows[3]?.error).toContain('두 번');
    expect(p.rows[5]?.error).toContain('알 수 없는 택배사');
    expect(p.rows[6]?.error).toContain('두 번');
    expect(p).toMatchObject({ applied: 0, refused: 6 });
    const [still] = await t.ctx.db.select().from(orderItems).where(eq(orderItems.id, a));
    expect(still?.status).toBe('PAID');

    const applied = await send(cs.headers, false);
    expect(applied.json()).toMatchObject({ applied: 1, refused: 6 });
    const shipped = await t.ctx.db.select().from(orderItems).where(eq(orderItems.product_item_id, shop.m));
    expect(shipped.map((i) => [i.id, i.status, i.carrier_code, i.tracking_number]).sort()).toEqual(
      [
        [a, 'SHIPPING', 'CJ', '654321098701'],
        [b, 'PAID', null, null],
        [c, 'PAID', null, null],
      ].sort(),
    );
    const notes = await t.ctx.db.select().from(notifications).where(eq(notifications.user_id, m.user.id));
    expect(notes.filter((n) => n.title === '주문하신 상품이 출발했어요')).toHaveLength(1);
    // Sent again: both are shipped already, nothing ships twice.
    expect((await send(cs.headers, false)).json()).toMatchObject({ applied: 0, refused: 7 });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/orders/ship-csv',
      headers: cs.headers,
      payload: { csv: 'id,carrier\n1,CJ', dry_run: true },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain('order_item_id,carrier_code,tracking_number');
  });
});
