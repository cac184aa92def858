/**
 * Product items as other domains show and check them (restock alerts): size, colour, name, brand
 * and picture of the item's display, the active flags and the sellable stock (stock.ts, the rule
 * of docs/ARCHITECTURE.md 'Sellable stock'). Read on the caller's connection, so inside a stock
 * change's transaction it sees that change.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Conn } from '../../platform/transactions.ts';
import { brands, productDisplays, productItems } from './schema.ts';
import { sellableStockColumn } from './stock.ts';

export type ItemSummary = {
  id: number;
  display_id: number;
  size_name: string;
  color_name: string;
  name: string;
  brand_name: string;
  image_url: string;
  item_active: boolean;
  display_active: boolean;
  /** Sellable stock: 0 unless both the item and its display are active. */
  stock: number;
};

/** The summaries of the given items by item id (unknown ids are absent). */
export async function itemSummaries(conn: Conn, ids: readonly number[]): Promise<Map<number, ItemSummary>> {
  if (ids.length === 0) return new Map();
  const rows = await conn
    .select({
      id: productItems.id,
      display_id: productItems.product_display_id,
      size_name: productItems.size_name,
      color_name: productDisplays.color_name,
      name: productDisplays.name,
      brand_name: brands.name,
      image_url: productDisplays.image_url,
      item_active: productItems.is_active,
      display_active: productDisplays.is_active,
      stock: sellableStockColumn(),
    })
    .from(productItems)
    .innerJoin(productDisplays, eq(productDisplays.id, productItems.product_display_id))
    .innerJoin(brands, eq(brands.id, productDisplays.brand_id))
    .where(inArray(productItems.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, { ...r, stock: Number(r.stock) }]));
}
