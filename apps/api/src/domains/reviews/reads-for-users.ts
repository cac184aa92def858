/**
 * Reviews' reads for the users domain's public reviewer profile (`/api/users/profile/:id`, wired
 * through users' ports in app.ts): only public reviews count, those no operator hid.
 */

import { and, count, desc, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Conn } from '../../platform/transactions.ts';
import { displayNames } from '../catalog/index.ts';
import type { PublicReviewRow, ReviewerReads } from '../users/index.ts';
import { reviews } from './schema.ts';

/** A review the public sees: not hidden by an operator. */
const publicOf = (userId: number) => and(eq(reviews.user_id, userId), isNull(reviews.hidden_at));

async function hasPublicReview(db: Conn, userId: number): Promise<boolean> {
  const [row] = await db.select({ one: sql`1` }).from(reviews).where(publicOf(userId)).limit(1);
  return !!row;
}

async function counts(db: Conn, userId: number) {
  const [row] = await db
    .select({
      total: count(),
      photo: sql<number>`count(*) filter (where ${reviews.photo_count} > 0)`.mapWith(Number),
    })
    .from(reviews)
    .where(publicOf(userId));
  return { total: Number(row?.total ?? 0), photo: Number(row?.photo ?? 0) };
}

async function publishedBody(db: Conn, userId: number) {
  const [row] = await db
    .select({ height: reviews.height, weight: reviews.weight })
    .from(reviews)
    .where(and(publicOf(userId), or(isNotNull(reviews.height), isNotNull(reviews.weight))))
    .orderBy(desc(reviews.created_at), desc(reviews.id))
    .limit(1);
  return row ?? null;
}

async function recent(db: Conn, userId: number, limit: number): Promise<PublicReviewRow[]> {
  const rows = await db
    .select({
      id: reviews.id,
      product_display_id: reviews.product_display_id,
      rating: reviews.rating,
      content: reviews.content,
      size_name: reviews.size_name,
      photo_count: reviews.photo_count,
      created_at: reviews.created_at,
    })
    .from(reviews)
    .where(publicOf(userId))
    .orderBy(desc(reviews.created_at), desc(reviews.id))
    .limit(limit);
  const names = await displayNames(
    db,
    rows.map((r) => r.product_display_id),
  );
  // Every review names an existing display (a foreign key); a missing one is left out.
  return rows.flatMap((r) => {
    const product_name = names.get(r.product_display_id);
    return product_name === undefined ? [] : [{ ...r, product_name }];
  });
}

export const reviewerReads: ReviewerReads = { hasPublicReview, counts, publishedBody, recent };
