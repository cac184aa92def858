/** Reviews' read for the back office's member look-up (admin/members.ts). */
import { count, eq } from 'drizzle-orm';
import type { Conn } from '../../platform/transactions.ts';
import { reviews } from './schema.ts';

/** How many reviews the member wrote, hidden ones included. */
export async function memberReviewCount(db: Conn, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(reviews).where(eq(reviews.user_id, userId));
  return Number(row?.n ?? 0);
}
