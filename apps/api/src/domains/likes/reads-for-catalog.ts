/**
 * The likes domain's reads for the catalog domain (catalog's port, catalog/ports.ts, plugged in by
 * src/ports.ts): the co-likes of AI-similar products (catalog/ai-similar.ts) and the displays a
 * viewer liked, which preferred products start from (catalog/preferred.ts).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows.ts';
import type { Conn } from '../../platform/transactions.ts';
import { likes } from './schema.ts';

/**
 * Products liked by the people (members or guests) who liked display `id`, with how many of them,
 * the most first (200 at most).
 */
export async function coLikedProducts(db: Conn, id: number): Promise<{ id: number; n: number }[]> {
  const result = await db.execute(sql`
      select l2.like_id as id, count(*)::int as n
      from ${likes} l1
      join ${likes} l2 on l2.like_type = 'PRODUCT' and l2.like_id <> l1.like_id
        and (l2.user_id = l1.user_id or l2.guest_id = l1.guest_id)
      where l1.like_type = 'PRODUCT' and l1.like_id = ${id}
      group by l2.like_id order by n desc limit 200`);
  return rowsOf<{ id: number; n: number }>(result).map((r) => ({ id: Number(r.id), n: Number(r.n) }));
}

/** The displays a member (or else a guest) liked, newest like first, `limit` at most; none for neither. */
export async function likedDisplayIds(
  db: Conn,
  who: { userId: number | null; guestId: string | null },
  limit: number,
): Promise<number[]> {
  const owner =
    who.userId !== null
      ? eq(likes.user_id, who.userId)
      : who.guestId
        ? eq(likes.guest_id, who.guestId)
        : null;
  if (!owner) return [];
  const rows = await db
    .select({ id: likes.like_id })
    .from(likes)
    .where(and(owner, eq(likes.like_type, 'PRODUCT')))
    .orderBy(desc(likes.created_at))
    .limit(limit);
  return rows.map((r) => r.id);
}
