/**
 * Sellable stock (docs/ARCHITECTURE.md, 'Sellable stock'): the units of a product item that can be put in a
 * cart or ordered now — its stock, never below 0, while both the item and its display are active, else 0. The
 * rule is written once, as SQL text over an item alias and its display alias; the Drizzle column
 * (`sellableStockColumn`) and fixed statements (carts/add-batch.ts) embed that text, and `sellableStock` is
 * its twin for rows read with the flags (orders/pricing.ts) — the unit test checks the two agree.
 */
import { type SQL, sql } from 'drizzle-orm';

/** SQL text of the sellable stock of item alias `item` whose display is alias `display`. */
export function sellableStockSql(item: string, display: string): string {
  return `(case when ${item}.is_active and ${display}.is_active then greatest(0, ${item}.stock) else 0 end)`;
}

/** The sellable stock as a Drizzle column of a query joining product_items and product_displays. */
export function sellableStockColumn(): SQL<number> {
  return sql.raw(sellableStockSql('"product_items"', '"product_displays"')).mapWith(Number) as SQL<number>;
}

/** The same rule over a row read with the item's and display's active flags. */
export function sellableStock(r: { item_active: boolean; display_active: boolean; stock: number }): number {
  return r.item_active && r.display_active ? Math.max(0, r.stock) : 0;
}
