/**
 * The carts domain's read for the coupon optimiser (SPEC.md, 'Benefits'; best-coupon-combs and
 * products-with-coupons without quantities): how many of each item the member's cart holds.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Conn } from '../../platform/transactions.ts';
import { cartLines, carts } from './schema.ts';

/** Units of each of `itemIds` in member `userId`'s cart, summed over its lines (items not in it are absent). */
export async function memberCartQuantities(
  db: Conn,
  userId: number,
  itemIds: number[],
): Promise<Map<number, number>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .select({ id: cartLines.product_item_id, q: sql<number>`sum(${cartLines.quantity})::int` })
    .from(cartLines)
    .innerJoin(carts, eq(carts.id, cartLines.cart_id))
    .where(and(eq(carts.user_id, userId), inArray(cartLines.product_item_id, itemIds)))
    .groupBy(cartLines.product_item_id);
  return new Map(rows.map((r) => [r.id, Number(r.q)]));
}
