/**
 * The catalogue's writes and reads for the back office's brand list and catalogue CSV (SPEC.md §9):
 * brands with their products on sale, a new or changed brand, items by SKU, the stock and prices
 * the CSV preview shows as "before", and the row changes it applies (in the caller's transaction).
 * The admin domain keeps the checks, the cache invalidation and the search reindexing.
 */
import type { BrandInput, BrandUpdate } from '@codiroom/shared';
import { and, asc, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Conn, Tx } from '../../platform/transactions.ts';
import { brands, productDisplays, productItems } from './schema.ts';

export type BrandRow = typeof brands.$inferSelect;

/** Every brand by name, with its number of active displays. */
export async function brandsWithActiveCounts(db: Conn): Promise<{ brand: BrandRow; products: number }[]> {
  const rows = await db
    .select({
      brand: brands,
      products: sql<number>`(select count(*)::int from ${productDisplays} d where d.brand_id = brands.id and d.is_active)`,
    })
    .from(brands)
    .orderBy(asc(brands.name));
  return rows.map((r) => ({ brand: r.brand, products: Number(r.products) }));
}

/** Inserts a brand (a taken slug throws the unique violation for the caller to answer). */
export async function insertBrand(
  db: Conn,
  input: z.output<typeof BrandInput>,
  logoUrl: string,
  now: Date,
): Promise<BrandRow> {
  const [b] = await db
    .insert(brands)
    .values({ ...input, logo_url: logoUrl, created_at: now })
    .returning();
  if (!b) throw new Error('brand insert failed');
  return b;
}

/** The brand before and after the change, or null for an unknown brand (nothing changed). */
export async function updateBrandRow(
  db: Conn,
  id: number,
  body: z.output<typeof BrandUpdate>,
): Promise<{ before: BrandRow; after: BrandRow } | null> {
  const [before] = await db.select().from(brands).where(eq(brands.id, id));
  if (!before) return null;
  const [after] = await db.update(brands).set(body).where(eq(brands.id, id)).returning();
  return after ? { before, after } : null;
}

/** Item ids by SKU (unknown SKUs are absent). */
export async function itemIdsBySku(db: Conn, skus: readonly string[]): Promise<Map<string, number>> {
  if (skus.length === 0) return new Map();
  const rows = await db
    .select({ id: productItems.id, sku: productItems.sku })
    .from(productItems)
    .where(inArray(productItems.sku, [...new Set(skus)]));
  return new Map(rows.map((r) => [r.sku, r.id]));
}

/** The stored stock of items by item id (unknown ids are absent). */
export async function itemStocks(db: Conn, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: productItems.id, stock: productItems.stock })
    .from(productItems)
    .where(inArray(productItems.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.stock]));
}

/** The list and sale prices of displays by display id (unknown ids are absent). */
export async function displayPrices(
  db: Conn,
  ids: readonly number[],
): Promise<Map<number, { price: number; price_discount: number }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: productDisplays.id,
      price: productDisplays.price,
      price_discount: productDisplays.price_discount,
    })
    .from(productDisplays)
    .where(inArray(productDisplays.id, [...new Set(ids)]));
  return new Map(rows.map(({ id, ...p }) => [id, p]));
}

/**
 * Sets an item's stock in the caller's transaction (the row locked first) and returns what it was
 * before (stock and active flag, for the restock rule), or null for an unknown item.
 */
export async function setItemStock(
  tx: Tx,
  id: number,
  stock: number,
): Promise<{ stock: number; is_active: boolean } | null> {
  const [before] = await tx
    .select({ stock: productItems.stock, is_active: productItems.is_active })
    .from(productItems)
    .where(eq(productItems.id, id))
    .for('update');
  await tx.update(productItems).set({ stock }).where(eq(productItems.id, id));
  return before ?? null;
}

/** Sets a display's list and sale prices (in the caller's transaction). */
export async function setDisplayPrice(
  tx: Tx,
  id: number,
  price: number,
  priceDiscount: number,
): Promise<void> {
  await tx
    .update(productDisplays)
    .set({ price, price_discount: priceDiscount })
    .where(eq(productDisplays.id, id));
}

/**
 * Sizes running out for the dashboard: active items of active displays with 1..`max` left, fewest
 * first, then the most popular display; at most `limit`.
 */
export async function lowStockItems(db: Conn, max: number, limit: number) {
  return db
    .select({
      product_item_id: productItems.id,
      display_id: productDisplays.id,
      product_id: productDisplays.product_id,
      name: productDisplays.name,
      color_name: productItems.color_name,
      size_name: productItems.size_name,
      stock: productItems.stock,
    })
    .from(productItems)
    .innerJoin(productDisplays, eq(productDisplays.id, productItems.product_display_id))
    .where(
      and(
        eq(productItems.is_active, true),
        eq(productDisplays.is_active, true),
        lte(productItems.stock, max),
        gt(productItems.stock, 0),
      ),
    )
    .orderBy(asc(productItems.stock), desc(productDisplays.popularity))
    .limit(limit);
}
