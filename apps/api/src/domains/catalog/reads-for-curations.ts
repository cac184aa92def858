/**
 * Catalogue reads the curations domain assembles a member's curation from (SPEC.md 'Curations'):
 * the in-stock items of the picked displays (the size a pick can go to the cart as) and the style
 * tags and colour of displays (a curation's styles and colour line), and the size sheets of products
 * (the size the engine picks). Plain rows out, by id.
 */
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Conn } from '../../platform/transactions.ts';
import { productDisplays, productItems, products, sizeMeasurements } from './schema.ts';
import { sellableStockColumn } from './stock.ts';

export type InStockItem = { id: number; display: number; size: string };

/** The items of the displays with sellable stock, in each display's size order (sort_order, id). */
export async function inStockItemsOf(db: Conn, displayIds: readonly number[]): Promise<InStockItem[]> {
  if (displayIds.length === 0) return [];
  return db
    .select({ id: productItems.id, display: productItems.product_display_id, size: productItems.size_name })
    .from(productItems)
    .innerJoin(productDisplays, eq(productDisplays.id, productItems.product_display_id))
    .where(
      and(inArray(productItems.product_display_id, [...new Set(displayIds)]), gt(sellableStockColumn(), 0)),
    )
    .orderBy(asc(productItems.sort_order), asc(productItems.id));
}

export type DisplayStyle = { tags: string[]; color: string };

/** The product's style tags and the display's colour name, by display id (active or not). */
export async function displayStyles(
  db: Conn,
  displayIds: readonly number[],
): Promise<Map<number, DisplayStyle>> {
  if (displayIds.length === 0) return new Map();
  const rows = await db
    .select({ id: productDisplays.id, tags: products.style_tags, color: productDisplays.color_name })
    .from(productDisplays)
    .innerJoin(products, eq(products.id, productDisplays.product_id))
    .where(inArray(productDisplays.id, [...new Set(displayIds)]));
  return new Map(rows.map(({ id, ...s }) => [id, s]));
}

export type SizeSheetRow = {
  product_id: number;
  size_name: string;
  set: (typeof sizeMeasurements.$inferSelect)['set_code'];
  values: Record<string, number>;
};

/** The size-sheet rows (one per size) of the products, in the given measurement sets (the engine's size pick). */
export async function sizeSheetRows(
  db: Conn,
  productIds: readonly number[],
  sets: readonly SizeSheetRow['set'][],
): Promise<SizeSheetRow[]> {
  if (productIds.length === 0 || sets.length === 0) return [];
  return db
    .select({
      product_id: sizeMeasurements.product_id,
      size_name: sizeMeasurements.size_name,
      set: sizeMeasurements.set_code,
      values: sizeMeasurements.values,
    })
    .from(sizeMeasurements)
    .where(
      and(
        inArray(sizeMeasurements.product_id, [...productIds]),
        inArray(sizeMeasurements.set_code, [...sets]),
      ),
    );
}
