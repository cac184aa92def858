/**
 * SPEC.md §9 "Shipping rules": colourways flagged almost sold-out (품절임박) within a window. The
 * back office sets and clears the window (both ends, start first, audited); the product page says
 * is_almost_sold_out while the window holds on the app's KST clock, and never for a sold-out one.
 */
import { kstDate } from '@codiroom/shared';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, productItems } from '../src/db/schema.ts';
import { createTestApp, operatorSession, type TestApp } from './helpers.ts';
import { makeShop } from './orders-fixtures.ts';

// Inside the SPEC.md window: 2024-08-09 15:00 KST.
let now = kstDate(2024, 8, 9, 15, 0);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => new Date(now) } });
});
afterAll(() => t?.close());

const detail = async (id: number) =>
  (await t.app.inject({ url: `/api/products/detail/${id}` })).json() as {
    is_almost_sold_out?: boolean;
    almost_sold_out_from?: string | null;
    almost_sold_out_until?: string | null;
  };

describe('almost sold-out (품절임박)', () => {
  it('an MD flags a colourway for the window; the product page says so only inside it', async () => {
    const shop = await makeShop(t.ctx, { stock: 2 });
    const md = await operatorSession(t, ['MD']);
    const patch = (body: object, headers = md.headers) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/admin/products/displays/${shop.displayId}`,
        headers,
        payload: body,
      });
    expect((await detail(shop.displayId)).is_almost_sold_out).toBe(false);

    const res = await patch({
      almost_sold_out_from: '2024-08-08T10:00:00+09:00',
      almost_sold_out_until: '2024-08-11T11:59:00+09:00',
    });
    expect(res.statusCode, res.body).toBe(200);
    // The cached product page follows at once.
    expect(await detail(shop.displayId)).toMatchObject({
      is_almost_sold_out: true,
      almost_sold_out_from: '2024-08-08T01:00:00.000Z',
      almost_sold_out_until: '2024-08-11T02:59:00.000Z',
    });
    const [audit] = await t.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.operator_id, md.id), eq(auditLogs.target_type, 'product_display')))
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(audit?.action).toContain('product.display.update');
    expect(audit?.after).toMatchObject({ almost_sold_out_until: '2024-08-11T02:59:00.000Z' });

    // The window's last minute counts; 12:00 KST is past it (the detail's cache is 5 s).
    now = kstDate(2024, 8, 11, 11, 59);
    expect((await detail(shop.displayId)).is_almost_sold_out).toBe(true);
    now = new Date(kstDate(2024, 8, 11, 12, 0).getTime() + 60_000);
    expect((await detail(shop.displayId)).is_almost_sold_out).toBe(false);

    // Sold out is 품절, not 품절임박.
    now = kstDate(2024, 8, 9, 15, 0);
    await t.ctx.db
      .update(productItems)
      .set({ stock: 0 })
      .where(eq(productItems.product_display_id, shop.displayId));
    await patch({ price_discount: 29000 }); // any change drops the cached page
    expect((await detail(shop.displayId)).is_almost_sold_out).toBe(false);

    // Cleared with both ends null.
    await t.ctx.db
      .update(productItems)
      .set({ stock: 2 })
      .where(eq(productItems.product_display_id, shop.displayId));
    expect((await patch({ almost_sold_out_from: null, almost_sold_out_until: null })).statusCode).toBe(200);
    expect(await detail(shop.displayId)).toMatchObject({
      is_almost_sold_out: false,
      almost_sold_out_from: null,
    });
  });

  it('refuses half a window, an end before its start, and a CS operator', async () => {
    const shop = await makeShop(t.ctx);
    const md = await operatorSession(t, ['MD']);
    const cs = await operatorSession(t, ['CS']);
    const patch = (body: object, headers = md.headers) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/admin/products/displays/${shop.displayId}`,
        headers,
        payload: body,
      });
    for (const body of [
      { almost_sold_out_from: '2024-08-08T10:00:00+09:00' },
      { almost_sold_out_from: '2024-08-08T10:00:00+09:00', almost_sold_out_until: null },
      {
        almost_sold_out_from: '2024-08-11T10:00:00+09:00',
        almost_sold_out_until: '2024-08-08T10:00:00+09:00',
      },
      { almost_sold_out_from: 'tomorrow', almost_sold_out_until: '2024-08-08T10:00:00+09:00' },
    ]) {
      const res = await patch(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof res.json().detail).toBe('string');
    }
    const window = {
      almost_sold_out_from: '2024-08-08T10:00:00+09:00',
      almost_sold_out_until: '2024-08-11T11:59:00+09:00',
    };
    expect((await patch(window, cs.headers)).statusCode).toBe(403);
  });
});
