/**
 * Guest → member merge, run by sign-up and sign-in when the request carries x-guest-user-id
 * (SPEC.md §6: guests keep a cart and likes under that id). In one transaction, under a lock of
 * the guest id, the owners' merge steps (ports.ts, wired in app.ts, in this order):
 *   - likes: the guest's likes become the member's; a like the member already has is dropped and
 *     taken off the liked row's like_count (it was counted twice);
 *   - cart: the member's cart is created if needed; each guest line joins the member's line of the
 *     same product_item_id and codi_id (quantities added, capped at the item's stock but never
 *     below what the member already had), or moves over unchanged (codi_id kept, quantity capped
 *     at stock, at least 1); the guest cart is then deleted;
 * then guests.merged_user_id records the member (the guests row is created if it did not exist).
 * A codi line and a loose line of the same item stay apart so the codi set stays whole.
 */
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { type MergeResult, usersPorts } from './ports.ts';
import { guests } from './schema.ts';

/** Moves the guest's likes and cart to the member (see the file comment). Idempotent. */
export async function mergeGuestIntoMember(
  ctx: AppContext,
  guestId: string,
  userId: number,
): Promise<MergeResult> {
  const now = ctx.clock.now();
  const { guestMergeSteps } = usersPorts(ctx);
  return ctx.db.transaction(async (tx) => {
    // Serialises concurrent merges of one guest (two sign-ins racing).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`codiroom:guest:${guestId}`}))`);
    const result: MergeResult = { likesMoved: 0, likesDropped: 0, linesMoved: 0, linesMerged: 0 };
    for (const step of guestMergeSteps) Object.assign(result, await step.run(tx, { guestId, userId, now }));
    await tx
      .insert(guests)
      .values({ id: guestId, merged_user_id: userId, created_at: now, last_seen_at: now })
      .onConflictDoUpdate({ target: guests.id, set: { merged_user_id: userId, last_seen_at: now } });
    return result;
  });
}
