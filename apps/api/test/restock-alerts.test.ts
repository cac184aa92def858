/**
 * Restock alerts (docs/ARCHITECTURE.md, "Restock alerts"): a member asks for a sold-out size, sees
 * and cancels their own; another member's alert is unreachable; when an MD raises the size's stock
 * from nothing (PATCH /api/admin/products/items/:id or the stock CSV) every member who asked gets
 * one GENERAL notification and the alert closes; another raise tells nobody again.
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, productDisplays, productItems, restockAlerts } from '../src/db/schema.ts';
import { seed } from '../src/demo/seed.ts';
import { invalidate } from '../src/platform/cache.ts';
import { ADMIN_KEY_HEADERS, createMember, createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
type Item = { id: number; d: number };
let items: Item[];

beforeAll(async () => {
  t = await createTestApp();
  await seed(t.ctx.db, { products: 20 });
  items = await t.ctx.db
    .select({ id: productItems.id, d: productItems.product_display_id })
    .from(productItems)
    .innerJoin(productDisplays, eq(productDisplays.id, productItems.product_display_id))
    .where(eq(productDisplays.is_active, true))
    .orderBy(asc(productItems.id));
  await t.ctx.db.update(productItems).set({ stock: 20, is_active: true });
  await invalidate(t.ctx, 'catalog.changed');
}, 120_000);
afterAll(() => t?.close());

async function call(
  method: 'GET' | 'POST' | 'DELETE' | 'PATCH',
  url: string,
  headers: object,
  payload?: object,
) {
  const r = await t.app.inject({ method, url, headers: headers as Record<string, string>, payload });
  return { status: r.statusCode, body: r.json() };
}

async function soldOut(itemId: number) {
  await t.ctx.db.update(productItems).set({ stock: 0, is_active: true }).where(eq(productItems.id, itemId));
}

const restockNotes = (userId: number) =>
  t.ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.user_id, userId), eq(notifications.title, '재입고 알림')));

describe('restock alerts', () => {
  it('ask, list, refuse in-stock sizes, guests and unknown ids', async () => {
    const m = await createMember(t.ctx);
    const item = items[0] as Item;
    await soldOut(item.id);
    const inStock = items[1] as Item;
    expect((await call('POST', '/api/restock-alerts', {}, { product_item_id: item.id })).status).toBe(401);
    const refused = await call('POST', '/api/restock-alerts', m.headers, { product_item_id: inStock.id });
    expect(refused).toEqual({
      status: 400,
      body: { detail: '재고가 있는 상품은 재입고 알림을 신청할 수 없습니다.' },
    });
    const unknown = await call('POST', '/api/restock-alerts', m.headers, { product_item_id: 99_999_999 });
    expect(unknown.status).toBe(404);
    const asked = await call('POST', '/api/restock-alerts', m.headers, { product_item_id: item.id });
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ product_item_id: item.id, product_display_id: item.d });
    // Asking again answers the same open alert: one per member and item.
    const again = await call('POST', '/api/restock-alerts', m.headers, { product_item_id: item.id });
    expect(again.body.id).toBe(asked.body.id);
    const list = await call('GET', `/api/restock-alerts?product_display_id=${item.d}`, m.headers);
    expect(list.body.count).toBe(1);
    expect(list.body.result[0].id).toBe(asked.body.id);
    expect((await call('GET', '/api/restock-alerts', {})).status).toBe(401);
  });

  it("another member's alert is unreachable; the owner cancels it", async () => {
    const m = await createMember(t.ctx);
    const other = await createMember(t.ctx);
    const item = items[2] as Item;
    await soldOut(item.id);
    const asked = await call('POST', '/api/restock-alerts', m.headers, { product_item_id: item.id });
    const id = asked.body.id as number;
    expect((await call('GET', '/api/restock-alerts', other.headers)).body).toEqual({ result: [], count: 0 });
    const foreign = await call('DELETE', `/api/restock-alerts/${id}`, other.headers);
    expect(foreign).toEqual({ status: 404, body: { detail: '재입고 알림을 찾을 수 없습니다.' } });
    expect((await call('GET', '/api/restock-alerts', m.headers)).body.count).toBe(1);
    expect((await call('DELETE', `/api/restock-alerts/${id}`, m.headers)).body).toEqual({ deleted: id });
    expect((await call('GET', '/api/restock-alerts', m.headers)).body.count).toBe(0);
    expect((await call('DELETE', `/api/restock-alerts/${id}`, m.headers)).status).toBe(404);
    expect((await call('DELETE', '/api/restock-alerts/abc', m.headers)).status).toBe(404);
  });

  it('an MD restock notifies every member who asked, once, and closes the alerts', async () => {
    const a = await createMember(t.ctx, { is_app_alert: true, is_benefit_alert: true });
    const b = await createMember(t.ctx);
    const bystander = await createMember(t.ctx);
    const item = items[3] as Item;
    await soldOut(item.id);
    for (const m of [a, b]) {
      expect(
        (await call('POST', '/api/restock-alerts', m.headers, { product_item_id: item.id })).status,
      ).toBe(200);
    }
    // A change that leaves it sold out tells nobody.
    const price = await call('PATCH', `/api/admin/products/items/${item.id}`, ADMIN_KEY_HEADERS, {
      extra_price: 0,
    });
    expect(price.status).toBe(200);
    expect(await restockNotes(a.user.id)).toHaveLength(0);

    const raised = await call('PATCH', `/api/admin/products/items/${item.id}`, ADMIN_KEY_HEADERS, {
      stock: 5,
    });
    expect(raised.status).toBe(200);
    for (const m of [a, b]) {
      const notes = await restockNotes(m.user.id);
      expect(notes).toHaveLength(1);
      expect(notes[0]).toMatchObject({ kind: 'GENERAL', link: `/product/${item.d}` });
      expect(notes[0]?.body).toContain('재입고되었어요');
      expect((await call('GET', '/api/restock-alerts', m.headers)).body.count).toBe(0);
    }
    expect(await restockNotes(bystander.user.id)).toHaveLength(0);
    const closed = await t.ctx.db
      .select()
      .from(restockAlerts)
      .where(eq(restockAlerts.product_item_id, item.id));
    expect(closed.every((r) => r.notified_at !== null)).toBe(true);
    // The member's list shows it.
    const list = await call('GET', '/api/users/notifications', a.headers);
    expect(list.body.result.some((n: { title: string }) => n.title === '재입고 알림')).toBe(true);

    // Sold out and restocked again: the closed alerts tell nobody twice.
    await call('PATCH', `/api/admin/products/items/${item.id}`, ADMIN_KEY_HEADERS, { stock: 0 });
    await call('PATCH', `/api/admin/products/items/${item.id}`, ADMIN_KEY_HEADERS, { stock: 3 });
    expect(await restockNotes(a.user.id)).toHaveLength(1);
    expect(await restockNotes(b.user.id)).toHaveLength(1);
    // Raising stock that was already there is no restock either.
    await call('PATCH', `/api/admin/products/items/${item.id}`, ADMIN_KEY_HEADERS, { stock: 9 });
    expect(await restockNotes(a.user.id)).toHaveLength(1);

    // A new alert after the restock (sold out again) is a new request, told again.
    await call('PATCH', `/api/admin/products/items/${item.id}`, ADMIN_KEY_HEADERS, { stock: 0 });
    expect((await call('POST', '/api/restock-alerts', a.headers, { product_item_id: item.id })).status).toBe(
      200,
    );
    await call('PATCH', `/api/admin/products/items/${item.id}`, ADMIN_KEY_HEADERS, { stock: 1 });
    expect(await restockNotes(a.user.id)).toHaveLength(2);
    expect(await restockNotes(b.user.id)).toHaveLength(1);
  });

  it('the stock CSV restocks too; a size put back on sale with stock counts', async () => {
    const m = await createMember(t.ctx);
    const [csvItem, offItem] = [items[4] as Item, items[5] as Item];
    await soldOut(csvItem.id);
    await soldOut(offItem.id);
    for (const i of [csvItem, offItem]) {
      await call('POST', '/api/restock-alerts', m.headers, { product_item_id: i.id });
    }
    const csv = await call('POST', '/api/admin/catalog/csv', ADMIN_KEY_HEADERS, {
      csv: `product_item_id,stock\n${csvItem.id},4\n`,
      dry_run: false,
    });
    expect(csv.body).toMatchObject({ applied: 1, refused: 0 });
    expect(await restockNotes(m.user.id)).toHaveLength(1);
    // Off sale with stock, then on sale: a restock.
    await call('PATCH', `/api/admin/products/items/${offItem.id}`, ADMIN_KEY_HEADERS, {
      stock: 2,
      is_active: false,
    });
    expect(await restockNotes(m.user.id)).toHaveLength(1);
    await call('PATCH', `/api/admin/products/items/${offItem.id}`, ADMIN_KEY_HEADERS, { is_active: true });
    expect(await restockNotes(m.user.id)).toHaveLength(2);
  });
});
