/**
 * Member look-up in the back office (docs/ARCHITECTURE.md, "Back office"): CS finds a member by
 * phone, e-mail, name or number and sees them masked; revealing the real data is a call of its own
 * that leaves an audit row without copying the data; other roles and shoppers cannot.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, auditLogs, orderItems, orders } from '../src/db/schema.ts';
import { createMember, createTestApp, operatorSession, type TestApp } from './helpers.ts';
import { makeShop, placeOrder } from './orders-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('member look-up', () => {
  it('finds a member masked, and reveals the real data only through an audited call', async () => {
    const m = await createMember(t.ctx, {
      name: '김코디',
      phone: '01077712345',
      email: 'codi.kim@naver.com',
    });
    await t.ctx.db.insert(addresses).values({
      user_id: m.user.id,
      name: '회사',
      recipient: '김코디',
      phone: '01077712345',
      zipcode: '06236',
      main_address: '서울 강남구 테헤란로 123',
      detail_address: '4층',
      is_default: true,
    });
    const other = await createMember(t.ctx, { name: '박정장' });
    const cs = await operatorSession(t, ['CS']);
    const md = await operatorSession(t, ['MD']);
    const get = (url: string, headers: Record<string, string> = cs.headers) => t.app.inject({ url, headers });

    for (const q of ['010-7771-2345', 'codi.kim@naver.com', '김코', String(m.user.id)]) {
      const found = await get(`/api/admin/members?q=${encodeURIComponent(q)}`);
      expect(found.statusCode, q).toBe(200);
      const rows = (found.json() as { result: Record<string, unknown>[] }).result;
      expect(
        rows.map((r) => r.id),
        q,
      ).toContain(m.user.id);
      expect(
        rows.map((r) => r.id),
        q,
      ).not.toContain(other.user.id);
      expect(rows.find((r) => r.id === m.user.id)).toMatchObject({
        name: '김*디',
        phone: '010-****-2345',
        email: 'co******@naver.com',
      });
    }
    // LIKE wildcards in the query are text, not patterns.
    expect((await get('/api/admin/members?q=%25')).json().total).toBe(0);

    const overview = await get(`/api/admin/members/${m.user.id}`);
    expect(overview.statusCode, overview.body).toBe(200);
    expect(overview.json()).toMatchObject({
      name: '김*디',
      phone: '010-****-2345',
      points: 0,
      order_count: 0,
    });
    expect(overview.body).not.toContain('01077712345');
    expect(overview.body).not.toContain('테헤란로');

    expect((await get(`/api/admin/members/${m.user.id}`, md.headers)).statusCode).toBe(403);
    expect((await get(`/api/admin/members/${m.user.id}`, m.headers)).statusCode).toBe(403);
    expect((await get('/api/admin/members/99999999')).statusCode).toBe(404);
    const reveal = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: `/api/admin/members/${m.user.id}/reveal`, headers });
    expect((await reveal(md.headers)).statusCode).toBe(403);
    const shown = await reveal(cs.headers);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({
      name: '김코디',
      phone: '01077712345',
      email: 'codi.kim@naver.com',
      addresses: [{ main_address: '서울 강남구 테헤란로 123', is_default: true }],
    });
    const [audit] = await t.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.operator_id, cs.id), eq(auditLogs.status_code, 200)))
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(audit).toMatchObject({ target_type: 'user', target_id: String(m.user.id) });
    expect(audit?.action).toContain('member.reveal');
    expect(JSON.stringify(audit?.after)).not.toContain('01077712345');
  });

  it("labels the member's orders with their real state (from the items), as the order list does", async () => {
    const shop = await makeShop(t.ctx);
    const m = await createMember(t.ctx, { name: '최배송' });
    const cs = await operatorSession(t, ['CS']);
    const shipped = await placeOrder(t.app, m.headers, [
      { product_item_id: shop.m, quantity: 1 },
      { product_item_id: shop.l, quantity: 1 },
    ]);
    const returned = await placeOrder(t.app, m.headers, [{ product_item_id: shop.m, quantity: 1 }]);
    // Paid orders whose items moved on: one shipping with one item cancelled, one returned.
    await t.ctx.db.update(orders).set({ status: 'PAID' }).where(eq(orders.id, shipped.id));
    await t.ctx.db.update(orders).set({ status: 'PAID' }).where(eq(orders.id, returned.id));
    const items = await t.ctx.db.select().from(orderItems).where(eq(orderItems.order_id, shipped.id));
    await t.ctx.db
      .update(orderItems)
      .set({ status: 'SHIPPING' })
      .where(eq(orderItems.id, items[0]?.id as number));
    await t.ctx.db
      .update(orderItems)
      .set({ status: 'CANCEL' })
      .where(eq(orderItems.id, items[1]?.id as number));
    await t.ctx.db.update(orderItems).set({ status: 'REFUNDED' }).where(eq(orderItems.order_id, returned.id));

    const overview = await t.app.inject({ url: `/api/admin/members/${m.user.id}`, headers: cs.headers });
    expect(overview.statusCode, overview.body).toBe(200);
    const rows = (overview.json() as { orders: { id: number; status_label: string }[] }).orders;
    expect(rows.find((o) => o.id === shipped.id)?.status_label).toBe('배송중 · 부분취소');
    expect(rows.find((o) => o.id === returned.id)?.status_label).toBe('반품완료');
  });
});
