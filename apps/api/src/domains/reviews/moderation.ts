/**
 * The review moderation queue of the back office (docs/ARCHITECTURE.md, "Back office"), for CS:
 * reviews newest first — the reported ones (most reports first), the hidden ones, or all — with
 * their product, photos and the members' report reasons. Hiding is write.ts hideReview.
 */
import { and, count, desc, gt, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { displayNames } from '../catalog/index.ts';
import { memberNames } from '../users/index.ts';
import { withheldPhotoUrl } from './photo-store.ts';
import { reviewPhotos, reviewReports, reviews } from './schema.ts';

export const MODERATION_PAGE = 30;
export type ModerationFilter = 'reported' | 'hidden' | 'all';

export async function moderationQueue(ctx: AppContext, filter: ModerationFilter, page: number) {
  const where: SQL[] = [];
  if (filter === 'reported') where.push(gt(reviews.report_count, 0), isNull(reviews.hidden_at));
  if (filter === 'hidden') where.push(isNotNull(reviews.hidden_at));
  const cond = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({
        id: reviews.id,
        product_display_id: reviews.product_display_id,
        user_id: reviews.user_id,
        rating: reviews.rating,
        content: reviews.content,
        size_name: reviews.size_name,
        report_count: reviews.report_count,
        helpful_count: reviews.helpful_count,
        credit_paid: reviews.credit_paid,
        hidden_at: reviews.hidden_at,
        hidden_reason: reviews.hidden_reason,
        created_at: reviews.created_at,
      })
      .from(reviews)
      .where(cond)
      .orderBy(
        ...(filter === 'reported' ? [desc(reviews.report_count)] : []),
        desc(reviews.created_at),
        desc(reviews.id),
      )
      .limit(MODERATION_PAGE)
      .offset((page - 1) * MODERATION_PAGE),
    ctx.db.select({ n: count() }).from(reviews).where(cond),
  ]);
  const ids = rows.map((r) => r.id);
  const [photos, reports, productNames, userNames] = ids.length
    ? await Promise.all([
        ctx.db
          .select({ review_id: reviewPhotos.review_id, image_url: reviewPhotos.image_url })
          .from(reviewPhotos)
          .where(inArray(reviewPhotos.review_id, ids))
          .orderBy(reviewPhotos.order),
        ctx.db
          .select({
            review_id: reviewReports.review_id,
            reason: reviewReports.reason,
            detail: reviewReports.detail,
          })
          .from(reviewReports)
          .where(inArray(reviewReports.review_id, ids))
          .orderBy(desc(reviewReports.created_at)),
        displayNames(
          ctx.db,
          rows.map((r) => r.product_display_id),
        ),
        memberNames(
          ctx.db,
          rows.flatMap((r) => (r.user_id === null ? [] : [r.user_id])),
        ),
      ])
    : [[], [], new Map<number, string>(), new Map<number, string>()];
  return {
    total: Number(total?.n ?? 0),
    page,
    // A review's product is always there (foreign key); a review without a member is imported.
    result: rows.flatMap(({ user_id, ...r }) => {
      const product_name = productNames.get(r.product_display_id);
      if (product_name === undefined) return [];
      const user_name = (user_id === null ? undefined : userNames.get(user_id)) ?? '외부 후기';
      return [
        {
          ...r,
          product_name,
          user_name,
          // A hidden review's photos are withheld: the operator sees them through signed URLs.
          photos: photos
            .filter((p) => p.review_id === r.id)
            .map((p) => (r.hidden_at ? withheldPhotoUrl(ctx, p.image_url) : p.image_url)),
          reports: reports
            .filter((p) => p.review_id === r.id)
            .slice(0, 10)
            .map((p) => ({ reason: p.reason, detail: p.detail })),
          hidden_at: r.hidden_at ? r.hidden_at.toISOString() : null,
          created_at: r.created_at.toISOString(),
        },
      ];
    }),
  };
}
