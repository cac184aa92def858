/**
 * Carts' part in the users domain (wired through users' ports in app.ts): the guest → member merge
 * step and the withdrawal step.
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/transactions.ts';
import { itemStocks } from '../catalog/index.ts';
import type { GuestMergeStep, WithdrawalStep } from '../users/index.ts';
import { cartLines, carts } from './schema.ts';

/**
 * Guest → member merge: the member's cart is created if needed; each guest line joins the member's
 * line of the same product_item_id and codi_id (quantities added, capped at the item's stock but
 * never below what the member already had), or moves over unchanged (codi_id kept, quantity capped
 * at stock, at least 1); the guest cart is then deleted. A codi line and a loose line of the same
 * item stay apart so the codi set stays whole.
 */
async function mergeCart(tx: Tx, guestId: string, userId: number, now: Date) {
  const [guestCart] = await tx.select().from(carts).where(eq(carts.guest_id, guestId)).for('update').limit(1);
  if (!guestCart) return { linesMoved: 0, linesMerged: 0 };
  const lines = await tx
    .select()
    .from(cartLines)
    .where(eq(cartLines.cart_id, guestCart.id))
    .orderBy(cartLines.id);
  // The items' stock (catalog's): a line of an unknown item is left to go with the guest cart.
  const stocks = await itemStocks(
    tx,
    lines.map((l) => l.product_item_id),
  );
  const guestLines = lines.flatMap((line) => {
    const stock = stocks.get(line.product_item_id);
    return stock === undefined ? [] : [{ line, stock }];
  });

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

export const mergeGuestCartStep: GuestMergeStep = {
  name: 'carts.merge-guest-cart',
  owner: 'carts',
  run: (tx, { guestId, userId, now }) => mergeCart(tx, guestId, userId, now),
};

/** Withdrawal: the member's cart goes (its lines cascade). */
export const deleteMemberCartStep: WithdrawalStep = {
  name: 'carts.delete-member-cart',
  owner: 'carts',
  async run(tx, { userId }) {
    await tx.delete(carts).where(eq(carts.user_id, userId));
    return undefined;
  },
};
