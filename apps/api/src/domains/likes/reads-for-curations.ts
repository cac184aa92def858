/**
 * The likes domain's read for the curations domain: the products a member liked, which the
 * curation engine learns from (curations/drafting.ts).
 */
import { and, eq } from 'drizzle-orm';
import type { Conn } from '../../platform/transactions.ts';
import { likes } from './schema.ts';

/** Every display member `userId` liked. */
export async function memberLikedDisplayIds(db: Conn, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: likes.like_id })
    .from(likes)
    .where(and(eq(likes.user_id, userId), eq(likes.like_type, 'PRODUCT')));
  return rows.map((r) => r.id);
}
