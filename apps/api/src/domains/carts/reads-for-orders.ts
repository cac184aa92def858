/**
 * The carts domain's read for the orders domain (SPEC.md §3, ordering from the cart): a member's
 * cart lines by line id, on the caller's connection (inside the order transaction when it runs in one).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Conn } from '../../platform/transactions.ts';
import { cartLines, carts } from './schema.ts';

export type MemberCartLine = { id: number; product_item_id: number; quantity: number };

/** The lines among `lineIds` that are in member `userId`'s cart (others are absent). */
export async function memberCartLines(
  db: Conn,
  userId: number,
  lineIds: number[],
): Promise<MemberCartLine[]> {
  if (lineIds.length === 0) return [];
  return db
    .select({ id: cartLines.id, product_item_id: cartLines.product_item_id, quantity: cartLines.quantity })
    .from(cartLines)
    .innerJoin(carts, eq(carts.id, cartLines.cart_id))
    .where(and(eq(carts.user_id, userId), inArray(cartLines.id, lineIds)));
}
