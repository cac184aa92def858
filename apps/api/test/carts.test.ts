/**
 * Carts: guest and member carts, increments, stock limits (concurrent adds included), sold-out
 * lines, codi-to-cart normalisation and validation, size changes, deletes, cross-owner 404s and
 * the money rules (per-brand shipping, totals). Stock, prices and brand shipping rules are set
 * per test on seeded rows so the figures are exact.
 */
import type { CartList } from '@codiroom/shared';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  brands,
  cartLines,
  carts,
  codiItems,
  codiSets,
  productDisplays,
  productItems,
} from '../src/db/schema.ts';
import { seed } from '../src/demo/seed.ts';
import { createMember, createTestApp, guestHeader, type TestApp } from './helpers.ts';

let t: TestApp;
type Display = { id: number; brand_id: number; items: { id: number; size_name: string }[] };
let displays: Display[];
let seq = 0;

const newGuest = () => {
  seq += 1;
  return guestHeader(t.ctx, `guest-cart-${String(seq).padStart(4, '0')}`);
};

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
async function call(method: Method, url: string, headers: Record<string, string>, payload?: unknown) {
  const r = await t.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: r.statusCode, body: r.json() };
}

async function setStock(itemId: number, stock: number) {
  await t.ctx.db.update(productItems).set({ stock, is_active: true }).where(eq(productItems.id, itemId));
}

/** A display of its own brand, with items having >= 2 sizes. */
function pick(n: number): Display {
  const d = displays.filter((x) => x.items.length >= 2)[n];
  if (!d) throw new Error('not enough seeded displays');
  return d;
}

beforeAll(async () => {
  t = await createTestApp();
  await seed(t.ctx.db, { products: 40 });
  const ds = await t.ctx.db
    .select({ id: productDisplays.id, brand_id: productDisplays.brand_id })
    .from(productDisplays)
    .where(eq(productDisplays.is_active, true))
    .orderBy(asc(productDisplays.id));
  const items = await t.ctx.db
    .select({ id: productItems.id, d: productItems.product_display_id, size_name: productItems.size_name })
    .from(productItems)
    .orderBy(asc(productItems.id));
  displays = ds.map((d) => ({ ...d, items: items.filter((i) => i.d === d.id) }));
  // Every item active with plenty of stock unless a test says otherwise.
  await t.ctx.db.update(productItems).set({ stock: 50, is_active: true });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('access', () => {
  it('answers 401 without a token or guest id', async () => {
    const r = await call('GET', '/api/carts', {});
    expect(r.status).toBe(401);
    expect(r.body.detail).toContain('x-guest-user-id');
  });

  it('an unknown guest has an empty cart', async () => {
    const g = newGuest();
    const r = await call('GET', '/api/carts', g);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      result: [],
      count: 0,
      brands: [],
      totals: { total_price: 0, total_discount: 0, shipping_fee: 0, total: 0 },
    });
    expect((await call('GET', '/api/carts/product-count', g)).body).toEqual({ count: 0 });
    expect((await call('GET', '/api/carts/cart-product-ids', g)).body).toEqual({
      product_display_ids: [],
      product_item_ids: [],
    });
  });
});

describe('adding', () => {
  it('a guest adds an item, and adding it again increments the same line', async () => {
    const g = newGuest();
    const d = pick(0);
    const item = d.items[0]!;
    const a = await call('POST', '/api/carts', g, { product_item_id: item.id, quantity: 2 });
    expect(a.status).toBe(200);
    expect(a.body.count).toBe(1);
    const b = await call('POST', '/api/carts', g, { product_item_id: item.id, quantity: '3' });
    expect(b.status).toBe(200);
    expect(b.body.lines[0]).toMatchObject({ id: a.body.lines[0].id, quantity: 5, codi_id: null });
    expect(b.body.count).toBe(1);

    const list = (await call('GET', '/api/carts', g)).body as CartList;
    expect(list.result).toHaveLength(1);
    expect(list.result[0]?.type).toBe('product');
    const line = list.result[0]?.product_list[0] as CartList['result'][number]['product_list'][number];
    expect(line).toMatchObject({
      quantity: 5,
      product_item_id: item.id,
      product_display_id: d.id,
      size_name: item.size_name,
      stock: 50,
      is_sold_out: false,
      is_low_stock: false,
      max_quantity: 50,
    });
    expect((await call('GET', '/api/carts/cart-product-ids', g)).body).toEqual({
      product_display_ids: [d.id],
      product_item_ids: [item.id],
    });
    const flat = (await call('GET', '/api/v1/carts/products-in-cart', g)).body;
    expect(flat.count).toBe(1);
    expect(flat.result[0].id).toBe(line.id);
  });

  it('a member cart is the member’s, even when a guest header is also sent', async () => {
    const m = await createMember(t.ctx);
    const g = newGuest();
    const item = pick(1).items[0]!;
    const r = await call(
      'POST',
      '/api/carts',
      { ...m.headers, ...g },
      { product_item_id: item.id, quantity: 1 },
    );
    expect(r.status).toBe(200);
    expect((await call('GET', '/api/carts/product-count', m.headers)).body).toEqual({ count: 1 });
    expect((await call('GET', '/api/carts/product-count', g)).body).toEqual({ count: 0 });
    const [cart] = await t.ctx.db.select().from(carts).where(eq(carts.user_id, m.user.id));
    expect(cart?.guest_id).toBeNull();
  });

  it('validates quantity 1–99 and unknown items', async () => {
    const g = newGuest();
    const item = pick(0).items[1]!;
    for (const quantity of [0, 100, -1, 1.5, 'x']) {
      expect((await call('POST', '/api/carts', g, { product_item_id: item.id, quantity })).status).toBe(400);
    }
    const r = await call('POST', '/api/carts', g, { product_item_id: 99_999_999, quantity: 1 });
    expect(r.status).toBe(404);
  });

  it('caps the line at the item’s stock with a Korean detail, and refuses sold-out items', async () => {
    const g = newGuest();
    const item = pick(2).items[0]!;
    await setStock(item.id, 4);
    expect((await call('POST', '/api/carts', g, { product_item_id: item.id, quantity: 3 })).status).toBe(200);
    const over = await call('POST', '/api/carts', g, { product_item_id: item.id, quantity: 2 });
    expect(over).toEqual({ status: 400, body: { detail: '재고가 부족합니다. (남은 수량: 1개)' } });
    expect((await call('POST', '/api/carts', g, { product_item_id: item.id, quantity: 1 })).status).toBe(200);

    const other = pick(2).items[1]!;
    await setStock(other.id, 0);
    const sold = await call('POST', '/api/carts', g, { product_item_id: other.id, quantity: 1 });
    expect(sold).toEqual({ status: 400, body: { detail: '품절된 상품입니다.' } });
  });

  it('concurrent adds never take a line above stock', async () => {
    const g = newGuest();
    const item = pick(3).items[0]!;
    await setStock(item.id, 5);
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        call('POST', '/api/carts', g, { product_item_id: item.id, quantity: 1 }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.status === 400)).toHaveLength(7);
    const lines = await t.ctx.db.select().from(cartLines).where(eq(cartLines.product_item_id, item.id));
    const total = lines.reduce((s, l) => s + l.quantity, 0);
    expect(total).toBe(5);
    expect(lines).toHaveLength(1);
  });

  it('product-to-cart adds several sizes of one display and refuses items of another', async () => {
    const g = newGuest();
    const d = pick(4);
    const r = await call('POST', '/api/carts/product-to-cart', g, {
      product_display_id: d.id,
      items: d.items.slice(0, 2).map((i) => ({ product_item_id: i.id, quantity: 1 })),
    });
    expect(r.status).toBe(200);
    expect(r.body.count).toBe(2);
    const bad = await call('POST', '/api/carts/product-to-cart', g, {
      product_display_id: d.id,
      items: [{ product_item_id: pick(5).items[0]!.id, quantity: 1 }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('해당 상품의 옵션이 아닙니다.');
  });
});

describe('sold-out lines', () => {
  it('stay visible, flagged, outside the totals; cart-ses-soldout reports them', async () => {
    const g = newGuest();
    const a = pick(6).items[0]!;
    const b = pick(7).items[0]!;
    await call('POST', '/api/carts', g, { product_item_id: a.id, quantity: 1 });
    await call('POST', '/api/carts', g, { product_item_id: b.id, quantity: 1 });
    await setStock(a.id, 0);
    await setStock(b.id, 2);
    const list = (await call('GET', '/api/carts', g)).body as CartList;
    const lines = list.result.flatMap((e) => e.product_list);
    const la = lines.find((l) => l.product_item_id === a.id)!;
    const lb = lines.find((l) => l.product_item_id === b.id)!;
    expect(la).toMatchObject({ is_sold_out: true, stock: 0, max_quantity: 0 });
    expect(lb).toMatchObject({ is_sold_out: false, is_low_stock: true, max_quantity: 2 });
    expect(list.totals.total).toBe(lb.price + list.totals.shipping_fee);

    const so = await call('POST', '/api/misc/cart-ses-soldout', g, {
      product_item_ids: [a.id, b.id, 99_999_999],
    });
    expect(so.status).toBe(200);
    expect(so.body.sold_out_ids).toEqual([a.id, 99_999_999]);
    await setStock(a.id, 50);
    await setStock(b.id, 50);
  });
});

describe('codi-to-cart', () => {
  let codiId: number;
  let inCodi: Display;
  beforeAll(async () => {
    inCodi = pick(8);
    const [c] = await t.ctx.db
      .insert(codiSets)
      .values({ title: '테스트 코디', image_url: '/img/codi.jpg' })
      .returning();
    codiId = c!.id;
    await t.ctx.db.insert(codiItems).values([
      { codi_id: codiId, product_display_id: inCodi.id, sort_order: 0 },
      { codi_id: codiId, product_display_id: pick(9).id, sort_order: 1 },
    ]);
  });

  it('normalises numeric strings and accepts id for codi_id; lines group into one codi entry', async () => {
    const g = newGuest();
    const r = await call('POST', '/api/carts/codi-to-cart', g, {
      codi_id: '',
      id: String(codiId),
      items: [
        { product_item_id: String(inCodi.items[0]!.id), quantity: '2' },
        { product_item_id: pick(9).items[0]!.id, quantity: 1 },
      ],
    });
    expect(r.status).toBe(200);
    expect(r.body.lines.map((l: { codi_id: number }) => l.codi_id)).toEqual([codiId, codiId]);
    // A loose add of the same item stays a separate line.
    await call('POST', '/api/carts', g, { product_item_id: inCodi.items[0]!.id, quantity: 1 });
    const list = (await call('GET', '/api/carts', g)).body as CartList;
    expect(list.count).toBe(3);
    const codi = list.result.find((e) => e.type === 'codi');
    expect(codi?.data).toEqual({ codi_id: codiId, title: '테스트 코디', image_url: '/img/codi.jpg' });
    expect(codi?.product_list).toHaveLength(2);
    expect(list.result.filter((e) => e.type === 'product')).toHaveLength(1);
  });

  it('rejects missing ids, empty values, items outside the set and unknown sets', async () => {
    const g = newGuest();
    const item = { product_item_id: inCodi.items[0]!.id, quantity: 1 };
    const missing = await call('POST', '/api/carts/codi-to-cart', g, { codi_id: '', items: [item] });
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toContain('codi_id');
    const emptyQty = await call('POST', '/api/carts/codi-to-cart', g, {
      codi_id: codiId,
      items: [{ product_item_id: item.product_item_id, quantity: '' }],
    });
    expect(emptyQty.status).toBe(400);
    const zero = await call('POST', '/api/carts/codi-to-cart', g, {
      codi_id: codiId,
      items: [{ product_item_id: item.product_item_id, quantity: '0' }],
    });
    expect(zero.status).toBe(400);
    const outside = await call('POST', '/api/carts/codi-to-cart', g, {
      codi_id: codiId,
      items: [{ product_item_id: pick(10).items[0]!.id, quantity: 1 }],
    });
    expect(outside).toEqual({ status: 400, body: { detail: '코디에 포함되지 않은 상품입니다.' } });
    const unknown = await call('POST', '/api/carts/codi-to-cart', g, { codi_id: 99_999_999, items: [item] });
    expect(unknown.status).toBe(404);
    expect((await call('GET', '/api/carts/product-count', g)).body.count).toBe(0);
  });
});

describe('changing and deleting', () => {
  it('PATCH changes quantity within stock and the size within the same display', async () => {
    const g = newGuest();
    const d = pick(11);
    const [s0, s1] = d.items as [Display['items'][number], Display['items'][number]];
    await setStock(s0.id, 10);
    await setStock(s1.id, 3);
    const add = await call('POST', '/api/carts', g, { product_item_id: s0.id, quantity: 1 });
    const id = add.body.lines[0].id as number;
    expect((await call('PATCH', `/api/carts/${id}`, g, { quantity: 7 })).body).toMatchObject({
      id,
      quantity: 7,
    });
    const over = await call('PATCH', `/api/carts/${id}`, g, { quantity: 11 });
    expect(over).toEqual({ status: 400, body: { detail: '재고가 부족합니다. (남은 수량: 10개)' } });
    const sizeOver = await call('PATCH', `/api/carts/${id}`, g, { quantity: 7, product_item_id: s1.id });
    expect(sizeOver.status).toBe(400);
    const size = await call('PATCH', `/api/carts/${id}`, g, {
      quantity: 2,
      product_item_id: s1.id,
      is_size_selected_by_user: true,
    });
    expect(size.body).toMatchObject({ id, product_item_id: s1.id, quantity: 2 });
    const wrong = await call('PATCH', `/api/carts/${id}`, g, {
      quantity: 1,
      product_item_id: pick(12).items[0]!.id,
    });
    expect(wrong.status).toBe(400);
    // Changing onto a size the cart already holds joins the two lines.
    await call('POST', '/api/carts', g, { product_item_id: s0.id, quantity: 1 });
    const join = await call('PATCH', `/api/carts/${id}`, g, { quantity: 1, product_item_id: s0.id });
    expect(join.status).toBe(200);
    expect(join.body.quantity).toBe(2);
    expect((await call('GET', '/api/carts/product-count', g)).body.count).toBe(1);
  });

  it('DELETE removes lines on both paths', async () => {
    const g = newGuest();
    const d = pick(13);
    const r = await call('POST', '/api/carts/product-to-cart', g, {
      product_display_id: d.id,
      items: d.items.slice(0, 2).map((i) => ({ product_item_id: i.id, quantity: 1 })),
    });
    const [a, b] = r.body.lines.map((l: { id: number }) => l.id);
    expect((await call('DELETE', '/api/carts', g, { ids: [a] })).body).toEqual({ deleted: [a], count: 1 });
    expect((await call('DELETE', '/api/v1/carts/products-in-cart', g, { ids: [b] })).body).toEqual({
      deleted: [b],
      count: 0,
    });
    expect((await call('DELETE', '/api/carts', g, { ids: [] })).status).toBe(400);
  });
});

describe('cross-owner access', () => {
  async function lineOf(headers: Record<string, string>, n: number) {
    const r = await call('POST', '/api/carts', headers, {
      product_item_id: pick(n).items[0]!.id,
      quantity: 1,
    });
    return r.body.lines[0].id as number;
  }

  async function expectUntouchable(owner: Record<string, string>, other: Record<string, string>, id: number) {
    expect((await call('PATCH', `/api/carts/${id}`, other, { quantity: 2 })).status).toBe(404);
    expect((await call('DELETE', '/api/carts', other, { ids: [id] })).status).toBe(404);
    expect((await call('DELETE', '/api/v1/carts/products-in-cart', other, { ids: [id] })).status).toBe(404);
    // The other caller's own line plus a foreign id: nothing is deleted.
    const own = await lineOf(other, 15);
    expect((await call('DELETE', '/api/carts', other, { ids: [own, id] })).status).toBe(404);
    expect((await call('GET', '/api/carts/product-count', other)).body.count).toBe(1);
    const flat = (await call('GET', '/api/v1/carts/products-in-cart', owner)).body;
    expect(flat.result.find((l: { id: number }) => l.id === id)?.quantity).toBe(1);
    expect((await call('PATCH', '/api/carts/abc', other, { quantity: 2 })).status).toBe(404);
  }

  it('guest vs guest', async () => {
    const a = newGuest();
    const b = newGuest();
    await expectUntouchable(a, b, await lineOf(a, 14));
  });

  it('member vs member', async () => {
    const a = (await createMember(t.ctx)).headers;
    const b = (await createMember(t.ctx)).headers;
    await expectUntouchable(a, b, await lineOf(a, 14));
  });
});

describe('money', () => {
  beforeEach(async () => {
    await t.ctx.db.update(productItems).set({ stock: 50, is_active: true, extra_price: 0 });
  });

  it('per-brand shipping: free at free_shipping_min, else the brand fee; totals in won', async () => {
    const g = newGuest();
    // Two displays of brand X and one of brand Y with known prices.
    const byBrand = new Map<number, Display[]>();
    for (const d of displays.filter((x) => x.items.length >= 1)) {
      byBrand.set(d.brand_id, [...(byBrand.get(d.brand_id) ?? []), d]);
    }
    const brandIds = [...byBrand.keys()].filter((b) => (byBrand.get(b)?.length ?? 0) >= 2);
    const bx = brandIds[0]!;
    const by = [...byBrand.keys()].find((b) => b !== bx)!;
    const [x1, x2] = byBrand.get(bx)! as [Display, Display];
    const y1 = (byBrand.get(by) as Display[])[0] as Display;
    await t.ctx.db
      .update(brands)
      .set({ shipping_fee: 3000, free_shipping_min: 50000 })
      .where(eq(brands.id, bx));
    await t.ctx.db
      .update(brands)
      .set({ shipping_fee: 2500, free_shipping_min: 30000 })
      .where(eq(brands.id, by));
    await t.ctx.db
      .update(productDisplays)
      .set({ price: 30000, price_discount: 24000 })
      .where(inArray(productDisplays.id, [x1.id, x2.id]));
    await t.ctx.db
      .update(productDisplays)
      .set({ price: 20000, price_discount: 20000 })
      .where(eq(productDisplays.id, y1.id));
    await t.ctx.db
      .update(productItems)
      .set({ extra_price: 1000 })
      .where(eq(productItems.id, x2.items[0]!.id));

    await call('POST', '/api/carts', g, { product_item_id: x1.items[0]!.id, quantity: 1 });
    await call('POST', '/api/carts', g, { product_item_id: y1.items[0]!.id, quantity: 1 });
    let list = (await call('GET', '/api/carts', g)).body as CartList;
    // X: 24,000 < 50,000 → 3,000; Y: 20,000 < 30,000 → 2,500.
    expect(list.totals).toEqual({
      total_price: 50000,
      total_discount: 6000,
      shipping_fee: 5500,
      total: 49500,
    });

    await call('POST', '/api/carts', g, { product_item_id: x2.items[0]!.id, quantity: 1 });
    list = (await call('GET', '/api/carts', g)).body as CartList;
    // X: 24,000 + 25,000 = 49,000 → still 3,000.
    expect(list.brands.find((b) => b.brand_id === bx)).toMatchObject({ subtotal: 49000, shipping_fee: 3000 });
    expect(list.totals).toEqual({
      total_price: 81000,
      total_discount: 12000,
      shipping_fee: 5500,
      total: 74500,
    });

    await call('POST', '/api/carts', g, { product_item_id: x1.items[0]!.id, quantity: 1 });
    list = (await call('GET', '/api/carts', g)).body as CartList;
    // X: 73,000 ≥ 50,000 → free.
    expect(list.brands.find((b) => b.brand_id === bx)).toMatchObject({ subtotal: 73000, shipping_fee: 0 });
    expect(list.totals).toEqual({
      total_price: 111000,
      total_discount: 18000,
      shipping_fee: 2500,
      total: 95500,
    });
    const lineX2 = list.result
      .flatMap((e) => e.product_list)
      .find((l) => l.product_item_id === x2.items[0]!.id);
    expect(lineX2).toMatchObject({ price: 25000, list_price: 31000, discount_rate: 20 });
    void sql;
  });
});

describe('AddToCart conversion event (SPEC.md §7)', () => {
  it('adding to the cart sends AddToCart with the display id, added quantity and unit price', async () => {
    const { DevAdSink, setAdSender } = await import('../src/domains/ads/conversion.ts');
    const sink = new DevAdSink();
    setAdSender(t.ctx, sink);
    const d = pick(5);
    const item = d.items[0]!;
    const res = await call('POST', '/api/carts', newGuest(), { product_item_id: item.id, quantity: 2 });
    expect(res.status).toBe(200);
    await new Promise((r) => setTimeout(r, 50));
    const [display] = await t.ctx.db.select().from(productDisplays).where(eq(productDisplays.id, d.id));
    const [row] = await t.ctx.db.select().from(productItems).where(eq(productItems.id, item.id));
    const event = sink.events.find((e) => e.event_name === 'AddToCart');
    expect(event?.custom_data).toMatchObject({
      currency: 'KRW',
      contents: [
        {
          id: String(d.id),
          quantity: 2,
          item_price: (display!.price_discount || display!.price) + row!.extra_price,
        },
      ],
    });
  });
});
