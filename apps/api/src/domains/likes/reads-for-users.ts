/**
 * Likes' part in the users domain (wired through users' ports in app.ts): the guest → member merge
 * step and the withdrawal step. A like removed either way is taken off the liked row's like_count.
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/transactions.ts';
import type { GuestMergeStep, WithdrawalStep } from '../users/index.ts';
import { likes } from './schema.ts';
import { takeOffLikeCounts } from './targets.ts';

/** Deletes the likes `where` picks and takes each off its liked row's like_count (never below 0). */
async function deleteLikes(tx: Tx, where: SQL): Promise<number> {
  const rows = await tx
    .delete(likes)
    .where(where)
    .returning({ like_type: likes.like_type, like_id: likes.like_id });
  await takeOffLikeCounts(tx, rows);
  return rows.length;
}

/**
 * Guest → member merge: the guest's likes become the member's; a like the member already has is
 * dropped and taken off the liked row's like_count (it was counted twice).
 */
export const mergeGuestLikesStep: GuestMergeStep = {
  name: 'likes.merge-guest-likes',
  owner: 'likes',
  async run(tx, { guestId, userId }) {
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
    const dropped = await deleteLikes(tx, eq(likes.guest_id, guestId));
    return { likesMoved: moved.length, likesDropped: dropped };
  },
};

/** Withdrawal: the member's likes go, each taken off its liked row's like_count. */
export const deleteMemberLikesStep: WithdrawalStep = {
  name: 'likes.delete-member-likes',
  owner: 'likes',
  async run(tx, { userId }) {
    await deleteLikes(tx, eq(likes.user_id, userId));
    return undefined;
  },
};
