/**
 * The reviews domain's read for the benefits domain (benefits' port `ReviewFacts`,
 * benefits/ports.ts, plugged in by src/ports.ts): how many reviews of a member count for the
 * review missions. On the caller's connection.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Conn } from '../../platform/transactions.ts';
import { reviews } from './schema.ts';

/** Member `userId`'s reviews, and those with photos, that count: those an operator hid do not ("Reviews"). */
export async function reviewCounts(
  db: Conn,
  userId: number,
): Promise<{ reviews: number; photoReviews: number }> {
  const [row] = await db
    .select({
      reviews: sql<number>`count(*)::int`,
      photoReviews: sql<number>`(count(*) filter (where ${reviews.photo_count} > 0))::int`,
    })
    .from(reviews)
    .where(and(eq(reviews.user_id, userId), isNull(reviews.hidden_at)));
  return { reviews: Number(row?.reviews ?? 0), photoReviews: Number(row?.photoReviews ?? 0) };
}
