/**
 * Bulk stock and prices by CSV in the back office (docs/ARCHITECTURE.md, "Back office"): a dry run
 * previews every row and changes nothing; applying changes the valid rows and refuses the bad
 * ones; the storefront's cached product page shows the new price and stock at once; MDs only.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productDisplays, productItems } from '../src/db/schema.ts';
import { createTestApp, operatorSession, type TestApp } from './helpers.ts';
import { makeShop } from './orders-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('catalogue CSV', () => {
  it('stock: a dry run previews, one bad row is refused, the others applied', async () => {
    const shop = await makeShop(t.ctx, { stock: 5 });
    const md = await operatorSession(t, ['MD']);
    const cs = await operatorSession(t, ['CS']);
    const csv = `product_item_id,stock\r\n${shop.m},12\r\n${shop.l},-3\r\n${shop.other},0\r\n999999,4\r\n`;
    const send = (headers: Record<string, string>, body: unknown) =>
      t.app.inject({ method: 'POST', url: '/api/admin/catalog/csv', headers, payload: body as object });
    expect((await send(cs.headers, { csv, dry_run: true })).statusCode).toBe(403);
    const preview = await send(md.headers, { csv, dry_run: true });
    expect(preview.statusCode, preview.body).toBe(200);
    const p = preview.json() as {
      rows: { line: number; error: string | null; before: unknown; after: unknown }[];
      applied: number;
      refused: number;
    };
    expect(p).toMatchObject({ kind: 'stock', dry_run: true, applied: 0, refused: 2 });
    expect(p.rows.map((r) => [r.line, r.error === null])).toEqual([
      [2, true],
      [3, false],
      [4, true],
      [5, false],
    ]);
    expect(p.rows[0]).toMatchObject({ before: { stock: 5 }, after: { stock: 12 } });
    const stockOf = async () =>
      Object.fromEntries(
        (
          await t.ctx.db
            .select({ id: productItems.id, stock: productItems.stock })
            .from(productItems)
            .where(inArray(productItems.id, [shop.m, shop.l, shop.other]))
        ).map((r) => [r.id, r.stock]),
      );
    expect(await stockOf()).toEqual({ [shop.m]: 5, [shop.l]: 5, [shop.other]: 5 });
    const applied = await send(md.headers, { csv, dry_run: false });
    expect(applied.json()).toMatchObject({ applied: 2, refused: 2 });
    expect(await stockOf()).toEqual({ [shop.m]: 12, [shop.l]: 5, [shop.other]: 0 });
  });

  it('stock by SKU: a sku,stock file sets the sizes it names; an unknown SKU is a row refused in Korean', async () => {
    const shop = await makeShop(t.ctx, { stock: 5 });
    const md = await operatorSession(t, ['MD']);
    const skuOf = async (id: number) =>
      (await t.ctx.db.select({ sku: productItems.sku }).from(productItems).where(eq(productItems.id, id)))[0]
        ?.sku as string;
    const [m, l] = [await skuOf(shop.m), await skuOf(shop.l)];
    const csv = `\uFEFFSKU,stock\n${m},9\nNO-SUCH-SKU,3\n${l},x\n${m},1\n`;
    const send = (dry_run: boolean) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/catalog/csv',
        headers: md.headers,
        payload: { csv, dry_run },
      });
    const preview = await send(true);
    expect(preview.statusCode, preview.body).toBe(200);
    const rows = (
      preview.json() as { rows: { id: number | null; sku: string | null; error: string | null }[] }
    ).rows;
    expect(rows[0]).toMatchObject({
      id: shop.m,
      sku: m,
      error: null,
      before: { stock: 5 },
      after: { stock: 9 },
    });
    expect(rows[1]).toMatchObject({ id: null, sku: 'NO-SUCH-SKU', error: '없는 SKU입니다 (NO-SUCH-SKU).' });
    expect(rows[2]?.error).toContain('재고는');
    expect(rows[3]?.error).toBe('같은 옵션이 두 번 나옵니다.');
    const applied = await send(false);
    expect(applied.json()).toMatchObject({ kind: 'stock', applied: 1, refused: 3 });
    const [after] = await t.ctx.db
      .select({ stock: productItems.stock })
      .from(productItems)
      .where(eq(productItems.id, shop.m));
    expect(after?.stock).toBe(9);
  });

  it('prices: the product page shows the new price at once; a sale price above the list price is refused', async () => {
    const shop = await makeShop(t.ctx, { stock: 5 });
    const md = await operatorSession(t, ['MD']);
    const detail = async () =>
      (await t.app.inject({ url: `/api/products/detail/${shop.displayId}` })).json() as {
        price: number;
        price_discount: number;
      };
    expect(await detail()).toMatchObject({ price: 40000, price_discount: 30000 });
    const csv = `product_display_id,price,price_discount\n${shop.displayId},45000,29000\n`;
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/admin/catalog/csv',
      headers: md.headers,
      payload: { csv, dry_run: false },
    });
    expect(ok.json()).toMatchObject({ kind: 'price', applied: 1, refused: 0 });
    expect(await detail()).toMatchObject({ price: 45000, price_discount: 29000 });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/catalog/csv',
      headers: md.headers,
      payload: {
        csv: `product_display_id,price,price_discount\n${shop.displayId},20000,29000\n`,
        dry_run: false,
      },
    });
    expect(bad.json()).toMatchObject({ applied: 0, refused: 1 });
    const [row] = await t.ctx.db.select().from(productDisplays).where(eq(productDisplays.id, shop.displayId));
    expect(row).toMatchObject({ price: 45000, price_discount: 29000 });
    const header = await t.app.inject({
      method: 'POST',
      url: '/api/admin/catalog/csv',
      headers: md.headers,
      payload: { csv: 'barcode,stock\nA,1\n', dry_run: true },
    });
    expect(header.statusCode).toBe(400);
    expect(header.json().detail).toContain('sku,stock');
  });
});
