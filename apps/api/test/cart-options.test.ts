/**
 * Changing a cart line's size or colour (docs/ARCHITECTURE.md, "Carts"): GET /api/carts/{id}/options
 * lists every colourway of the line's product with its sizes and stock; PATCH /api/carts/{id} with an
 * item of another colourway moves the line there, joins a line of that item, stays within stock and
 * refuses an item of another product; guest and member carts; another shopper's line answers 404.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productDisplays, productItems } from '../src/db/schema.ts';
import { seed } from '../src/demo/seed.ts';
import { invalidate } from '../src/platform/cache.ts';
import { createMember, createTestApp, guestHeader, type TestApp } from './helpers.ts';

let t: TestApp;
type Item = { id: number; d: number; p: number; size_name: string };
/** Two colourways (a, b) of one product, and an item of another product. */
let a: Item[];
let b: Item[];
let foreign: Item;

beforeAll(async () => {
  t = await createTestApp();
  await seed(t.ctx.db, { products: 40 });
  const rows = await t.ctx.db
    .select({
      id: productItems.id,
      d: productItems.product_display_id,
      p: productItems.product_id,
      size_name: productItems.size_name,
    })
    .from(productItems)
    .innerJoin(productDisplays, eq(productDisplays.id, productItems.product_display_id))
    .where(eq(productDisplays.is_active, true))
    .orderBy(asc(productItems.product_id), asc(productItems.product_display_id), asc(productItems.id));
  const byProduct = new Map<number, Item[]>();
  for (const r of rows) byProduct.set(r.p, [...(byProduct.get(r.p) ?? []), r]);
  const [pid, list] = [...byProduct].find(
    ([, l]) => new Set(l.map((i) => i.d)).size >= 2 && l.filter((i) => i.d === l[0]?.d).length >= 2,
  ) as [number, Item[]];
  const displays = [...new Set(list.map((i) => i.d))];
  a = list.filter((i) => i.d === displays[0]);
  b = list.filter((i) => i.d === displays[1]);
  foreign = rows.find((r) => r.p !== pid) as Item;
  await t.ctx.db.update(productItems).set({ stock: 20, is_active: true });
  await invalidate(t.ctx, 'catalog.changed');
}, 120_000);
afterAll(() => t?.close());

let seq = 0;
const guest = () => guestHeader(t.ctx, `cart-options-${++seq}`);

async function call(method: 'GET' | 'POST' | 'PATCH', url: string, headers: object, payload?: object) {
  const r = await t.app.inject({ method, url, headers: headers as Record<string, string>, payload });
  return { status: r.statusCode, body: r.json() };
}
const setStock = (id: number, stock: number) =>
  t.ctx.db.update(productItems).set({ stock }).where(eq(productItems.id, id));
const add = async (h: object, itemId: number, quantity = 1) =>
  (await call('POST', '/api/carts', h, { product_item_id: itemId, quantity })).body.lines[0].id as number;

describe('cart line options', () => {
  it('lists the colourways of the line’s product with sizes and stock', async () => {
    const g = guest();
    const [a0] = a as [Item];
    await setStock(b[0]!.id, 0);
    const id = await add(g, a0.id);
    const r = await call('GET', `/api/carts/${id}/options`, g);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ line_id: id, product_item_id: a0.id, quantity: 1 });
    const ids = r.body.colours.map((c: { product_display_id: number }) => c.product_display_id);
    expect(ids).toEqual(expect.arrayContaining([a0.d, b[0]!.d]));
    const colourB = r.body.colours.find(
      (c: { product_display_id: number }) => c.product_display_id === b[0]!.d,
    );
    expect(colourB.items[0]).toMatchObject({ id: b[0]!.id, stock: 0, is_sold_out: true });
    await setStock(b[0]!.id, 20);
  });

  it('moves a line to another colour, joins a line of that item, stays within stock', async () => {
    const m = await createMember(t.ctx);
    const [a0] = a as [Item];
    const [b0, b1] = b as [Item, Item | undefined];
    const id = await add(m.headers, a0.id, 2);
    const moved = await call('PATCH', `/api/carts/${id}`, m.headers, { quantity: 2, product_item_id: b0.id });
    expect(moved).toEqual({
      status: 200,
      body: { id, product_item_id: b0.id, product_display_id: b0.d, codi_id: null, quantity: 2 },
    });
    const flat = (await call('GET', '/api/v1/carts/products-in-cart', m.headers)).body.result;
    expect(flat).toHaveLength(1);
    expect(flat[0]).toMatchObject({ id, product_item_id: b0.id, product_display_id: b0.d });

    // Onto an item the cart already holds: one line of the sum.
    const other = await add(m.headers, a0.id, 3);
    const joined = await call('PATCH', `/api/carts/${other}`, m.headers, {
      quantity: 3,
      product_item_id: b0.id,
    });
    expect(joined.body).toMatchObject({ id, product_item_id: b0.id, quantity: 5 });
    expect((await call('GET', '/api/carts/product-count', m.headers)).body.count).toBe(1);

    // Bounded by the target's stock (the join included), and nothing changes on a refusal.
    const back = await add(m.headers, a0.id, 1);
    await setStock(b0.id, 5);
    const over = await call('PATCH', `/api/carts/${back}`, m.headers, {
      quantity: 1,
      product_item_id: b0.id,
    });
    expect(over).toEqual({ status: 400, body: { detail: '재고가 부족합니다. (남은 수량: 0개)' } });
    await setStock(b0.id, 0);
    const sold = await call('PATCH', `/api/carts/${back}`, m.headers, {
      quantity: 1,
      product_item_id: b0.id,
    });
    expect(sold).toEqual({ status: 400, body: { detail: '품절된 상품입니다.' } });
    expect((await call('GET', '/api/carts/product-count', m.headers)).body.count).toBe(2);
    await setStock(b0.id, 20);
    if (b1) {
      const size = await call('PATCH', `/api/carts/${back}`, m.headers, {
        quantity: 1,
        product_item_id: b1.id,
      });
      expect(size.body).toMatchObject({ id: back, product_item_id: b1.id, product_display_id: b1.d });
    }

    // An item of another product is no option of the line.
    const wrong = await call('PATCH', `/api/carts/${id}`, m.headers, {
      quantity: 1,
      product_item_id: foreign.id,
    });
    expect(wrong).toEqual({ status: 400, body: { detail: '해당 상품의 옵션이 아닙니다.' } });
  });

  it("another shopper's line is unreachable", async () => {
    const owner = guest();
    const m = await createMember(t.ctx);
    const id = await add(owner, a[0]!.id);
    for (const h of [guest(), m.headers]) {
      expect((await call('GET', `/api/carts/${id}/options`, h)).status).toBe(404);
      expect(
        (await call('PATCH', `/api/carts/${id}`, h, { quantity: 1, product_item_id: b[0]!.id })).status,
      ).toBe(404);
    }
    expect((await call('GET', '/api/carts/abc/options', owner)).status).toBe(404);
    expect((await call('GET', `/api/carts/${id}/options`, {})).status).toBe(401);
    const [line] = (await call('GET', '/api/v1/carts/products-in-cart', owner)).body.result;
    expect(line).toMatchObject({ id, product_item_id: a[0]!.id, quantity: 1 });
    // The member's own line of the same id space: their own cart only.
    const own = await add(m.headers, a[0]!.id);
    expect((await call('GET', `/api/carts/${own}/options`, m.headers)).status).toBe(200);
    expect((await call('GET', `/api/carts/${own}/options`, owner)).status).toBe(404);
  });
});
