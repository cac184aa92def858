/**
 * Review photos (docs/ARCHITECTURE.md, "Reviews" and "Uploads"): POST /api/reviews/review-photo
 * adds photos to one's own review, at most REVIEW_PHOTO_LIMITS.count in all, each sniffed, bounded
 * and re-encoded by the upload pipeline (EXIF and GPS removed) before it is stored. The first photo
 * lifts the review to the photo tier of the review credit.
 */
import { REVIEW_EDIT_DAYS, REVIEW_PHOTO_LIMITS } from '@codiroom/shared';
import { asc, eq, sql } from 'drizzle-orm';
import { invalidate } from '../../platform/cache.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, forbidden } from '../../platform/errors.ts';
import { outdateDocuments } from '../../platform/page-documents.ts';
import { type StoredUpload, storeImage, type UploadedFile } from '../../platform/uploads.ts';
import { deleteStoredPhoto } from './photo-store.ts';
import { reviewMissing } from './read.ts';
import { reviewPhotos, reviews } from './schema.ts';
import { settleCredit } from './write.ts';

const DAY_MS = 86_400_000;

export async function addReviewPhotos(
  ctx: AppContext,
  userId: number,
  reviewId: number | null,
  files: UploadedFile[],
): Promise<{ id: number; credit: number }> {
  if (reviewId === null) throw reviewMissing();
  if (files.length === 0) throw badRequest('사진을 골라주세요. (image_url)');
  const now = ctx.clock.now();
  const [row] = await ctx.db.select().from(reviews).where(eq(reviews.id, reviewId)).limit(1);
  if (!row || row.hidden_at !== null) throw reviewMissing();
  if (row.user_id !== userId) throw forbidden('내가 쓴 후기에만 사진을 올릴 수 있어요.');
  if (now.getTime() - row.created_at.getTime() > REVIEW_EDIT_DAYS * DAY_MS) {
    throw badRequest(`후기는 작성 후 ${REVIEW_EDIT_DAYS}일 동안만 고칠 수 있어요.`);
  }
  if (row.photo_count + files.length > REVIEW_PHOTO_LIMITS.count) {
    throw badRequest(`후기 사진은 ${REVIEW_PHOTO_LIMITS.count}장까지 올릴 수 있어요.`);
  }
  // Decode and store first (the slow part, outside the transaction); a bad file refuses them all.
  const stored: StoredUpload[] = [];
  let out: { id: number; credit: number };
  try {
    for (const f of files) stored.push(await storeImage(ctx.images, f, { scope: 'reviews', now }));
    out = await ctx.db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ photo_count: reviews.photo_count, hidden_at: reviews.hidden_at })
        .from(reviews)
        .where(eq(reviews.id, reviewId))
        .for('update')
        .limit(1);
      if (!locked || locked.hidden_at !== null) throw reviewMissing();
      const have = locked.photo_count;
      if (have + stored.length > REVIEW_PHOTO_LIMITS.count) {
        throw badRequest(`후기 사진은 ${REVIEW_PHOTO_LIMITS.count}장까지 올릴 수 있어요.`);
      }
      await tx.insert(reviewPhotos).values(
        stored.map((s, i) => ({
          review_id: reviewId,
          image_url: s.url,
          order: have + i,
          width: s.width,
          height: s.height,
        })),
      );
      // A quick review stays one (and keeps the quick credit) until it gains text: the photo tier
      // is for text reviews with photos.
      await tx
        .update(reviews)
        .set({ photo_count: sql`${reviews.photo_count} + ${stored.length}`, updated_at: now })
        .where(eq(reviews.id, reviewId));
      const credit = await settleCredit(tx, ctx, reviewId, now);
      await outdateDocuments(tx, 'reviews.changed');
      return { id: reviewId, credit };
    });
  } catch (err) {
    // Refused after storing (a concurrent upload reached the limit, the review was hidden): the
    // files stored for it go.
    await Promise.allSettled(stored.map((s) => ctx.images.delete(s.key)));
    throw err;
  }
  await invalidate(ctx, 'reviews.changed');
  return out;
}

/** Removes one of one's review photos (within the edit window); the credit already paid stays. */
export async function deleteReviewPhoto(ctx: AppContext, userId: number, photoId: number | null) {
  if (photoId === null) throw reviewMissing();
  const now = ctx.clock.now();
  const url = await ctx.db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ review_id: reviewPhotos.review_id })
      .from(reviewPhotos)
      .where(eq(reviewPhotos.id, photoId))
      .limit(1);
    if (!owner) throw reviewMissing();
    // The review row is locked first, as adding photos does: two changes to one review's photos
    // run one after the other, so `photo_count` and the order stay those of the rows.
    await tx
      .select({ id: reviews.id })
      .from(reviews)
      .where(eq(reviews.id, owner.review_id))
      .for('update')
      .limit(1);
    const [p] = await tx
      .select({
        id: reviewPhotos.id,
        review_id: reviewPhotos.review_id,
        image_url: reviewPhotos.image_url,
        user_id: reviews.user_id,
        created_at: reviews.created_at,
      })
      .from(reviewPhotos)
      .innerJoin(reviews, eq(reviews.id, reviewPhotos.review_id))
      .where(eq(reviewPhotos.id, photoId))
      .limit(1);
    if (!p) throw reviewMissing();
    if (p.user_id !== userId) throw forbidden('내가 쓴 후기의 사진만 지울 수 있어요.');
    if (now.getTime() - p.created_at.getTime() > REVIEW_EDIT_DAYS * DAY_MS) {
      throw badRequest(`후기는 작성 후 ${REVIEW_EDIT_DAYS}일 동안만 고칠 수 있어요.`);
    }
    await tx.delete(reviewPhotos).where(eq(reviewPhotos.id, photoId));
    const left = await tx
      .select({ id: reviewPhotos.id })
      .from(reviewPhotos)
      .where(eq(reviewPhotos.review_id, p.review_id))
      .orderBy(asc(reviewPhotos.order), asc(reviewPhotos.id));
    for (const [i, r] of left.entries())
      await tx.update(reviewPhotos).set({ order: i }).where(eq(reviewPhotos.id, r.id));
    await tx
      .update(reviews)
      .set({ photo_count: left.length, updated_at: now })
      .where(eq(reviews.id, p.review_id));
    await outdateDocuments(tx, 'reviews.changed');
    return p.image_url;
  });
  // The file goes too (a seeded photo URL is not in the store: nothing to delete).
  await deleteStoredPhoto(ctx, url);
  await invalidate(ctx, 'reviews.changed');
  return { deleted: true };
}
