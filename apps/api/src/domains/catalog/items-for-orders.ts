/**
 * Product items as the orders domain's exchanges use them (SPEC.md, 'Orders'): the item rows by
 * id, the other active sizes and colours of a product, and the replacement's stock held at an
 * exchange request and given back when the exchange is withdrawn or rejected. The writes run in
 * the caller's transaction.
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Conn, Tx } from '../../platform/transactions.ts';
import { productItems } from './schema.ts';

export type ProductItemRow = typeof productItems.$inferSelect;

/** Product item rows by id, active or not (unknown ids are absent). */
export async function productItemRows(db: Conn, ids: number[]): Promise<Map<number, ProductItemRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(productItems)
    .where(inArray(productItems.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

/** The active items of product `productId` other than item `exceptId`, by sort order then id. */
export async function otherActiveItemsOfProduct(
  db: Conn,
  productId: number,
  exceptId: number,
): Promise<ProductItemRow[]> {
  return db
    .select()
    .from(productItems)
    .where(
      and(
        eq(productItems.product_id, productId),
        eq(productItems.is_active, true),
        ne(productItems.id, exceptId),
      ),
    )
    .orderBy(asc(productItems.sort_order), asc(productItems.id));
}

/**
 * Takes `quantity` units of an active item's stock when it has them: answers the item's display
 * (to announce once committed, `displaysChanged`), or null (nothing taken) when the item is
 * inactive or short.
 */
export async function takeItemStock(tx: Tx, itemId: number, quantity: number): Promise<number | null> {
  const taken = await tx
    .update(productItems)
    .set({ stock: sql`${productItems.stock} - ${quantity}` })
    .where(
      and(
        eq(productItems.id, itemId),
        eq(productItems.is_active, true),
        sql`${productItems.stock} >= ${quantity}`,
      ),
    )
    .returning({ display: productItems.product_display_id });
  return taken[0]?.display ?? null;
}

/** Gives `quantity` units back to an item's stock; answers the item's display (null: no item). */
export async function putBackItemStock(tx: Tx, itemId: number, quantity: number): Promise<number | null> {
  const back = await tx
    .update(productItems)
    .set({ stock: sql`${productItems.stock} + ${quantity}` })
    .where(eq(productItems.id, itemId))
    .returning({ display: productItems.product_display_id });
  return back[0]?.display ?? null;
}
