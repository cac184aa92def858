/**
 * Catalogue reads the curations domain assembles a member's curation from (SPEC.md 'Curations'):
 * the in-stock items of the picked displays (the size a pick can go to the cart as) and the style
 * tags and colour of displays (a curation's styles and colour line). Plain rows out, by display id.
 */
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Conn } from '../../platform/transactions.ts';
import { productDisplays, productItems, products } from './schema.ts';
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
