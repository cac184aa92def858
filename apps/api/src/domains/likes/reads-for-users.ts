/**
 * The likes domain's writes for the users domain: a withdrawing member's likes deleted, and a
 * guest's likes moved to the member who signed in (SPEC.md §6), each taking the rows that go away
 * off their targets' like_count (never below 0), in the users domain's transaction.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/transactions.ts';
import { likes } from './schema.ts';
import { takeOffLikeCounts } from './targets.ts';

/** Deletes the member's likes and takes them off the liked rows' like_count. */
export async function removeMemberLikes(tx: Tx, userId: number): Promise<void> {
  const rows = await tx
    .delete(likes)
    .where(eq(likes.user_id, userId))
    .returning({ like_type: likes.like_type, like_id: likes.like_id });
  await takeOffLikeCounts(tx, rows);
}

/**
 * The guest's likes become the member's; a like the member already has is dropped and taken off
 * the liked row's like_count (it was counted twice).
 */
export async function mergeGuestLikes(
  tx: Tx,
  guestId: string,
  userId: number,
): Promise<{ likesMoved: number; likesDropped: number }> {
  // Move every like the member does not have yet.
  const moved = await tx
    .update(likes)
    .set({ user_id: userId, guest_id: null })
    .where(
      and(
        eq(likes.guest_id, guestId),
        // Column names spelled out: the subquery's alias must not capture the outer row's columns.
        sql`not exists (select 1 from likes as m where m.user_id = ${userId} and m.like_type = likes.like_type and m.like_id = likes.like_id)`,
      ),
    )
    .returning({ id: likes.id });
  // What is left duplicates the member's likes.
  const dropped = await tx
    .delete(likes)
    .where(eq(likes.guest_id, guestId))
    .returning({ like_type: likes.like_type, like_id: likes.like_id });
  await takeOffLikeCounts(tx, dropped);
  return { likesMoved: moved.length, likesDropped: dropped.length };
}
