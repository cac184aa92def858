/**
 * Style-quiz photos (docs/ARCHITECTURE.md, "Style quiz" and "Uploads"): a FACE and a BODY photo
 * that help the curator, one of each (a new one replaces the old). They go through the upload
 * pipeline (sniffed, bounded, re-encoded as WebP without EXIF or GPS) into the private `style-quiz`
 * scope: never served by their bare key, only by signed URLs given to the member and to curators
 * (platform/private-images.ts). The member can delete them; withdrawal deletes them too.
 */
import type { StyleQuizPhoto } from '@codiroom/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { signedImageUrl } from '../../platform/private-images.ts';
import { storeImage, type UploadedFile } from '../../platform/uploads.ts';
import { styleQuizPhotos } from './schema.ts';

export const QUIZ_PHOTO_TYPES = ['FACE', 'BODY'] as const;
type QuizPhotoType = (typeof QUIZ_PHOTO_TYPES)[number];

const photoMissing = () => notFound('사진이 없습니다.');

function view(ctx: AppContext, p: typeof styleQuizPhotos.$inferSelect): StyleQuizPhoto {
  return {
    id: p.id,
    photo_type: p.photo_type === 'BODY' ? 'BODY' : 'FACE',
    image_url: p.image_key ? signedImageUrl(ctx.config, p.image_key, ctx.clock.now()) : p.image_url,
    created_at: p.created_at.toISOString(),
  };
}

/** The member's quiz photos (newest first), with signed URLs. */
export async function quizPhotos(ctx: AppContext, userId: number): Promise<StyleQuizPhoto[]> {
  const rows = await ctx.db
    .select()
    .from(styleQuizPhotos)
    .where(eq(styleQuizPhotos.user_id, userId))
    .orderBy(desc(styleQuizPhotos.created_at), desc(styleQuizPhotos.id));
  return rows.map((p) => view(ctx, p));
}

/** POST style-quiz-photo: stores one photo of `photo_type`, replacing the member's earlier one of that type. */
export async function addQuizPhoto(
  ctx: AppContext,
  userId: number,
  photoType: string | undefined,
  files: UploadedFile[],
): Promise<StyleQuizPhoto> {
  if (!QUIZ_PHOTO_TYPES.includes(photoType as QuizPhotoType))
    throw badRequest('photo_type: FACE 또는 BODY 중 하나를 골라주세요.');
  const [file] = files;
  if (!file) throw badRequest('사진을 골라주세요. (photo)');
  const now = ctx.clock.now();
  const stored = await storeImage(ctx.images, file, { scope: 'style-quiz', now });
  let replaced: string[] = [];
  let row: typeof styleQuizPhotos.$inferSelect | undefined;
  try {
    ({ row, replaced } = await ctx.db.transaction(async (tx) => {
      const old = await tx
        .delete(styleQuizPhotos)
        .where(
          and(
            eq(styleQuizPhotos.user_id, userId),
            eq(styleQuizPhotos.photo_type, photoType as QuizPhotoType),
          ),
        )
        .returning({ key: styleQuizPhotos.image_key });
      const [inserted] = await tx
        .insert(styleQuizPhotos)
        .values({
          user_id: userId,
          photo_type: photoType as QuizPhotoType,
          // The stable address a client may keep; the bytes are reached only through signed URLs.
          image_url: '',
          image_key: stored.key,
          created_at: now,
        })
        .returning();
      return { row: inserted, replaced: old.map((o) => o.key).filter((k): k is string => !!k) };
    }));
  } catch (err) {
    await ctx.images.delete(stored.key).catch(() => undefined);
    throw err;
  }
  if (!row) throw new Error('style quiz photo insert returned nothing');
  await Promise.allSettled(replaced.map((k) => ctx.images.delete(k)));
  return view(ctx, row);
}

/** DELETE style-quiz-photo/{id}: one's own photo (another member's is the same 404 as a missing one). */
export async function deleteQuizPhoto(ctx: AppContext, userId: number, id: number | null) {
  if (id === null) throw photoMissing();
  const [gone] = await ctx.db
    .delete(styleQuizPhotos)
    .where(and(eq(styleQuizPhotos.id, id), eq(styleQuizPhotos.user_id, userId)))
    .returning({ key: styleQuizPhotos.image_key });
  if (!gone) throw photoMissing();
  if (gone.key) await ctx.images.delete(gone.key).catch(() => undefined);
  return { id, deleted: true };
}
