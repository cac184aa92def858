/**
 * Where a review's photos are stored (docs/ARCHITECTURE.md, "Reviews" and "Uploads"): a photo row
 * holds the URL `/api/uploads/{key}`; hiding a review withholds its photos (their URLs answer 404,
 * platform/withheld-images.ts), unhiding restores them. A seeded photo URL is not in the store.
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { signedImageUrl } from '../../platform/private-images.ts';
import { imageUrl, isImageKey } from '../../platform/uploads.ts';
import { restoreImages, withheldKeyOf, withholdImages } from '../../platform/withheld-images.ts';
import { reviewPhotos } from './schema.ts';

const UPLOADS_PREFIX = imageUrl('');

/** The store key of a photo URL, or null for a photo that is not in the store. */
export function photoKeyOf(url: string): string | null {
  const key = url.startsWith(UPLOADS_PREFIX) ? url.slice(UPLOADS_PREFIX.length) : null;
  return key && isImageKey(key) ? key : null;
}

async function storedKeys(ctx: AppContext, reviewId: number): Promise<string[]> {
  const rows = await ctx.db
    .select({ image_url: reviewPhotos.image_url })
    .from(reviewPhotos)
    .where(eq(reviewPhotos.review_id, reviewId));
  return rows.map((r) => photoKeyOf(r.image_url)).filter((k): k is string => k !== null);
}

/** A hidden review's photos stop being served. */
export async function withholdReviewPhotos(ctx: AppContext, reviewId: number): Promise<void> {
  await withholdImages(ctx.images, await storedKeys(ctx, reviewId));
}

/** An unhidden review's photos are served again. */
export async function restoreReviewPhotos(ctx: AppContext, reviewId: number): Promise<void> {
  await restoreImages(ctx.images, await storedKeys(ctx, reviewId));
}

/** Removes a photo from the store, wherever it is (served or withheld). */
export async function deleteStoredPhoto(ctx: AppContext, url: string): Promise<void> {
  const key = photoKeyOf(url);
  if (key) await Promise.all([ctx.images.delete(key), ctx.images.delete(withheldKeyOf(key))]);
}

/** The URL an operator opens a hidden review's photo with (signed, as private images are). */
export function withheldPhotoUrl(ctx: AppContext, url: string): string {
  const key = photoKeyOf(url);
  return key ? signedImageUrl(ctx.config, withheldKeyOf(key), ctx.clock.now()) : url;
}
