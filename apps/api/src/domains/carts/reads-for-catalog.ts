/**
 * The carts domain's read for the catalog domain (catalog's port, catalog/ports.ts, plugged in by
 * src/ports.ts): the displays in a viewer's cart, which preferred products start from
 * (catalog/preferred.ts).
 */
import { eq } from 'drizzle-orm';
import type { Conn } from '../../platform/transactions.ts';
import { cartLines, carts } from './schema.ts';

/** The displays of a member's (or else a guest's) cart lines, `limit` lines at most; none for neither. */
export async function cartDisplayIds(
  db: Conn,
  who: { userId: number | null; guestId: string | null },
  limit: number,
): Promise<number[]> {
  const owner =
    who.userId !== null
      ? eq(carts.user_id, who.userId)
      : who.guestId
        ? eq(carts.guest_id, who.guestId)
        : null;
  if (!owner) return [];
  const rows = await db
    .select({ id: cartLines.product_display_id })
    .from(cartLines)
    .innerJoin(carts, eq(carts.id, cartLines.cart_id))
    .where(owner)
    .limit(limit);
  return rows.map((r) => r.id);
}
