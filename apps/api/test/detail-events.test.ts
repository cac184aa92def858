/**
 * The product page's detail kept per display (apps/api/src/web/reads.ts PRODUCT_DETAIL_CACHE):
 * longer than the API's 5 s, because what it shows that moves without a catalogue change — the
 * sizes' stock, time-sale units sold, the like count — is announced per display once committed
 * (`display.changed`, catalog `displaysChanged`): an order, a released attempt, a like or an unlike
 * shows on the page's next read, and only on that display's.
 */
import type { Clock } from '@codiroom/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productItems } from '../src/db/schema.ts';
import { storefrontReads } from '../src/web/reads.ts';
import { createMember, createTestApp, guestHeader, type TestApp } from './helpers.ts';
import { call, makeShop, placeOrder, type Shop } from './orders-fixtures.ts';

let nowMs = Date.parse('2026-11-24T03:00:00Z');
const clock: Clock = { now: () => new Date(nowMs) };
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t?.close();
});

const detail = (id: number) => storefrontReads(t.ctx, '127.0.0.1').product.detail(id, null);
const stockOf = async (shop: Shop, item: number) =>
  (await detail(shop.displayId)).items.find((i) => i.id === item)?.stock;
/** Lets a stale-while-revalidate refresh started by a read finish. */
const settle = () => new Promise((r) => setTimeout(r, 50));

/** A change no event announces: the stock of one size, written straight to the table. */
const setStockSilently = (item: number, stock: number) =>
  t.ctx.db.update(productItems).set({ stock }).where(eq(productItems.id, item));

describe('the product page keeps a display detail until that display changes', () => {
  it('is kept past the API time to live while nothing is announced', async () => {
    const shop = await makeShop(t.ctx, { stock: 5 });
    expect(await stockOf(shop, shop.m)).toBe(5);
    await setStockSilently(shop.m, 4);
    nowMs += 20_000;
    expect(await stockOf(shop, shop.m)).toBe(5);
    await settle();
    expect(await stockOf(shop, shop.m)).toBe(5);
  });

  it('an order and a released attempt show on the next read, another display stays kept', async () => {
    const shop = await makeShop(t.ctx, { stock: 5 });
    const other = await makeShop(t.ctx, { stock: 5 });
    const member = await createMember(t.ctx);
    expect(await stockOf(shop, shop.m)).toBe(5);
    expect(await stockOf(other, other.m)).toBe(5);
    await setStockSilently(other.m, 1);

    await placeOrder(t.app, member.headers, [{ product_item_id: shop.m, quantity: 2 }]);
    expect(await stockOf(shop, shop.m)).toBe(3);
    // The order's event names its display only.
    expect(await stockOf(other, other.m)).toBe(5);

    const released = await call(t.app, 'POST', '/api/orders/release-pending', member.headers, {});
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    expect(await stockOf(shop, shop.m)).toBe(5);
  });

  it('a like and an unlike move the count on the next read', async () => {
    const shop = await makeShop(t.ctx);
    const guest = guestHeader(t.ctx, 'detail-events-liker');
    expect((await detail(shop.displayId)).like_count).toBe(0);
    const liked = await call(t.app, 'POST', '/api/likes/post-like', guest, {
      like_type: 'PRODUCT',
      like_id: shop.displayId,
    });
    expect(liked.status, JSON.stringify(liked.body)).toBe(200);
    expect((await detail(shop.displayId)).like_count).toBe(1);
    const unliked = await t.app.inject({
      method: 'DELETE',
      url: '/api/likes',
      headers: guest,
      payload: { like_type: 'PRODUCT', id: shop.displayId },
    });
    expect(unliked.statusCode, unliked.body).toBe(200);
    expect((await detail(shop.displayId)).like_count).toBe(0);
  });
});
