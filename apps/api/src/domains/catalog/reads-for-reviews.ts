/**
 * The catalogue's reads and writes for the reviews domain (SPEC.md, 'Reviews' and 'Sizing'):
 * product names and labels by id (the review lists' colour, the product of a review), the item
 * sizes a review import matches, a product's review counters (review_count, rating_sum), which
 * reviews sets or moves inside its own transaction, and what the size recommendation needs of a
 * product (its category's measurement set, the sizes with their sellable stock, its colourways and
 * its size sheet).
 */
import type { ProductType } from '@codiroom/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Conn, Tx } from '../../platform/transactions.ts';
import { brands, categories, productDisplays, productItems, products, sizeMeasurements } from './schema.ts';
import { sellableStockColumn } from './stock.ts';

export type ReviewDisplay = {
  id: number;
  name: string;
  image_url: string;
  brand_name: string;
  product_type: ProductType;
  color_name: string;
};

/**
 * The displays of reviews, active or not, with their brand's name, by display id (unknown ids are
 * absent): one statement for a whole list of reviews.
 */
export async function reviewDisplays(db: Conn, ids: readonly number[]): Promise<Map<number, ReviewDisplay>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: productDisplays.id,
      name: productDisplays.name,
      image_url: productDisplays.image_url,
      brand_name: brands.name,
      product_type: productDisplays.product_type,
      color_name: productDisplays.color_name,
    })
    .from(productDisplays)
    .innerJoin(brands, eq(brands.id, productDisplays.brand_id))
    .where(inArray(productDisplays.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Whether the display exists and is on sale. */
export async function isActiveDisplay(db: Conn, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: productDisplays.id })
    .from(productDisplays)
    .where(and(eq(productDisplays.id, id), eq(productDisplays.is_active, true)))
    .limit(1);
  return row !== undefined;
}

/**
 * Moves a display's review counters by a review's arrival (+1, +rating), departure (−1, −rating)
 * or change of rating (0, the difference), never below 0.
 */
export async function moveReviewCounters(
  tx: Tx,
  displayId: number,
  move: { reviews: number; rating: number },
): Promise<void> {
  await tx
    .update(productDisplays)
    .set({
      review_count: sql`greatest(0, ${productDisplays.review_count} + ${move.reviews})`,
      rating_sum: sql`greatest(0, ${productDisplays.rating_sum} + ${move.rating})`,
    })
    .where(eq(productDisplays.id, displayId));
}

export type SizingProduct = {
  id: number;
  product_id: number;
  brand_id: number;
  product_type: string;
  category_code: string;
  measurement_set: string | null;
  cut: string | null;
};

/** An active display with what the size model needs of its product and category, or null. */
export async function sizingProduct(db: Conn, id: number): Promise<SizingProduct | null> {
  const [row] = await db
    .select({
      id: productDisplays.id,
      product_id: productDisplays.product_id,
      brand_id: productDisplays.brand_id,
      product_type: productDisplays.product_type,
      category_code: categories.code,
      measurement_set: categories.measurement_set,
      cut: products.fit,
    })
    .from(productDisplays)
    .innerJoin(products, eq(products.id, productDisplays.product_id))
    .innerJoin(categories, eq(categories.id, productDisplays.category_id))
    .where(and(eq(productDisplays.id, id), eq(productDisplays.is_active, true)))
    .limit(1);
  return row ?? null;
}

/** The display's active items in their order: size and sellable stock (catalog/stock.ts). */
export async function itemStocksOfDisplay(
  db: Conn,
  id: number,
): Promise<{ size_name: string; stock: number }[]> {
  return db
    .select({ size_name: productItems.size_name, stock: sellableStockColumn() })
    .from(productItems)
    .innerJoin(productDisplays, eq(productDisplays.id, productItems.product_display_id))
    .where(and(eq(productItems.product_display_id, id), eq(productItems.is_active, true)))
    .orderBy(asc(productItems.sort_order), asc(productItems.id));
}

/**
 * The display ids of every colourway of a product, found through the brand's index (as
 * sameProducts does: product_displays has no index on product_id).
 */
export async function colourwayIds(
  db: Conn,
  product: { brand_id: number; product_id: number },
): Promise<number[]> {
  const rows = await db
    .select({ id: productDisplays.id })
    .from(productDisplays)
    .where(
      and(eq(productDisplays.brand_id, product.brand_id), eq(productDisplays.product_id, product.product_id)),
    );
  return rows.map((r) => r.id);
}

/** A product's size sheet in one measurement set. */
export async function sizeSheet(
  db: Conn,
  productId: number,
  setCode: 'TOP' | 'OUTER' | 'BOTTOM' | 'TOP2' | 'OUTER2' | 'BOTTOM2',
): Promise<{ size_name: string; values: Record<string, number> }[]> {
  return db
    .select({ size_name: sizeMeasurements.size_name, values: sizeMeasurements.values })
    .from(sizeMeasurements)
    .where(and(eq(sizeMeasurements.product_id, productId), eq(sizeMeasurements.set_code, setCode)));
}

/** Display names by display id, active or not (unknown ids are absent). */
export async function displayNames(db: Conn, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: productDisplays.id, name: productDisplays.name })
    .from(productDisplays)
    .where(inArray(productDisplays.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The items (id, display and size) of the given displays, active or not. */
export async function itemSizesOfDisplays(
  db: Conn,
  displayIds: number[],
): Promise<{ id: number; display: number; size: string }[]> {
  if (displayIds.length === 0) return [];
  return db
    .select({ id: productItems.id, display: productItems.product_display_id, size: productItems.size_name })
    .from(productItems)
    .where(inArray(productItems.product_display_id, [...new Set(displayIds)]));
}

/** Locks the displays FOR UPDATE in id order in the caller's transaction (review counter writes). */
export async function lockDisplays(tx: Tx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .select({ id: productDisplays.id })
    .from(productDisplays)
    .where(
      inArray(
        productDisplays.id,
        [...new Set(ids)].sort((a, b) => a - b),
      ),
    )
    .orderBy(asc(productDisplays.id))
    .for('update');
}

export type ReviewCounters = { id: number; review_count: number; rating_sum: number };

/** Sets the review counters of the given displays, in one statement. */
export async function setReviewCounters(tx: Tx, counters: ReviewCounters[]): Promise<void> {
  if (counters.length === 0) return;
  const ints = (xs: number[]) =>
    sql`array[${sql.join(
      xs.map((x) => sql`${x}`),
      sql`, `,
    )}]::int[]`;
  await tx.execute(sql`
    update ${productDisplays} d set review_count = v.c, rating_sum = v.s
    from unnest(${ints(counters.map((c) => c.id))}, ${ints(counters.map((c) => c.review_count))},
      ${ints(counters.map((c) => c.rating_sum))}) as v(id, c, s)
    where d.id = v.id`);
}
