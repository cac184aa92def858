/**
 * Guest → member merge, run by sign-up and sign-in when the request carries x-guest-user-id
 * (SPEC.md §6: guests keep a cart and likes under that id). In one transaction:
 *   - likes: the guest's likes become the member's; a like the member already has is dropped and
 *     taken off the liked row's like_count (it was counted twice);
 *   - cart: the member's cart is created if needed; each guest line joins the member's line of the
 *     same product_item_id and codi_id (quantities added, capped at the item's stock but never
 *     below what the member already had), or moves over unchanged (codi_id kept, quantity capped
 *     at stock, at least 1); the guest cart is then deleted;
 *   - guests.merged_user_id records the member (the guests row is created if it did not exist).
 * A codi line and a loose line of the same item stay apart so the codi set stays whole.
 */
import { eq, sql } from 'drizzle-orm';
import { cartLines, carts, productItems } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/transactions.ts';
import { mergeGuestLikes } from '../likes/index.ts';
import { guests } from './schema.ts';

export type MergeResult = {
  likesMoved: number;
  likesDropped: number;
  linesMoved: number;
  linesMerged: number;
};

async function mergeCart(tx: Tx, guestId: string, userId: number, now: Date) {
  const [guestCart] = await tx.select().from(carts).where(eq(carts.guest_id, guestId)).for('update').limit(1);
  if (!guestCart) return { linesMoved: 0, linesMerged: 0 };
  const guestLines = await tx
    .select({ line: cartLines, stock: productItems.stock })
    .from(cartLines)
    .innerJoin(productItems, eq(productItems.id, cartLines.product_item_id))
    .where(eq(cartLines.cart_id, guestCart.id))
    .orderBy(cartLines.id);

  let linesMoved = 0;
  let linesMerged = 0;
  if (guestLines.length > 0) {
    await tx
      .insert(carts)
      .values({ user_id: userId, created_at: now, updated_at: now })
      .onConflictDoNothing();
    const [memberCart] = await tx
      .select()
      .from(carts)
      .where(eq(carts.user_id, userId))
      .for('update')
      .limit(1);
    if (!memberCart) throw new Error('member cart missing after upsert');
    const memberLines = await tx.select().from(cartLines).where(eq(cartLines.cart_id, memberCart.id));
    const keyOf = (l: { product_item_id: number; codi_id: number | null }) =>
      `${l.product_item_id}:${l.codi_id ?? ''}`;
    const byKey = new Map(memberLines.map((l) => [keyOf(l), l]));

    for (const { line, stock } of guestLines) {
      const target = byKey.get(keyOf(line));
      if (target) {
        const quantity = Math.max(target.quantity, Math.min(target.quantity + line.quantity, stock));
        await tx.update(cartLines).set({ quantity, updated_at: now }).where(eq(cartLines.id, target.id));
        target.quantity = quantity;
        await tx.delete(cartLines).where(eq(cartLines.id, line.id));
        linesMerged += 1;
      } else {
        const quantity = Math.max(1, Math.min(line.quantity, stock));
        await tx
          .update(cartLines)
          .set({ cart_id: memberCart.id, quantity, updated_at: now })
          .where(eq(cartLines.id, line.id));
        byKey.set(keyOf(line), { ...line, cart_id: memberCart.id, quantity });
        linesMoved += 1;
      }
    }
    await tx.update(carts).set({ updated_at: now }).where(eq(carts.id, memberCart.id));
  }
  await tx.delete(carts).where(eq(carts.id, guestCart.id));
  return { linesMoved, linesMerged };
}

/** Moves the guest's likes and cart to the member (see the file comment). Idempotent. */
export async function mergeGuestIntoMember(
  ctx: AppContext,
  guestId: string,
  userId: number,
): Promise<MergeResult> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    // Serialises concurrent merges of one guest (two sign-ins racing).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`codiroom:guest:${guestId}`}))`);
    const l = await mergeGuestLikes(tx, guestId, userId);
    const c = await mergeCart(tx, guestId, userId, now);
    await tx
      .insert(guests)
      .values({ id: guestId, merged_user_id: userId, created_at: now, last_seen_at: now })
      .onConflictDoUpdate({ target: guests.id, set: { merged_user_id: userId, last_seen_at: now } });
    return { ...l, ...c };
  });
}
