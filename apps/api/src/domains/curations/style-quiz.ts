/**
 * The style quiz (docs/ARCHITECTURE.md, "Style quiz"): the answers are kept (one row per quiz, the
 * newest counts), the member is marked as having taken it, the body and sizes become their size
 * info, the CODI (and, before 2025-03-17, PROMOTION) coupons are issued once per member, and the
 * first quiz opens a curation request (requests.ts), drafted at once while the day's capacity lasts.
 */
import type { StyleQuizAnswers, StyleQuizBody, StyleQuizSaved } from '@codiroom/shared';
import { and, desc, eq } from 'drizzle-orm';
import { forgetMemberStatus } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { autoIssueStyleQuizCoupons } from '../benefits/index.ts';
import { lockMember, markStyleQuizTaken, saveSizeInfo } from '../users/index.ts';
import { quizPhotos } from './photos.ts';
import { draftOpened, insertRequest } from './requests.ts';
import { curations, styleQuizzes } from './schema.ts';

export async function saveStyleQuiz(
  ctx: AppContext,
  userId: number,
  answers: StyleQuizAnswers,
): Promise<StyleQuizSaved> {
  const now = ctx.clock.now();
  const { id, opened } = await ctx.db.transaction(async (tx) => {
    // The member's row lock: two quizzes at once open one first curation, not two.
    await lockMember(tx, userId);
    const [row] = await tx
      .insert(styleQuizzes)
      .values({ user_id: userId, answers: answers as Record<string, unknown>, created_at: now })
      .returning({ id: styleQuizzes.id });
    if (!row) throw new Error('style quiz insert returned nothing');
    await markStyleQuizTaken(tx, userId, now);
    // The first quiz opens a curation request; later quizzes refine what the next one reads.
    const [existing] = await tx
      .select({ id: curations.id })
      .from(curations)
      .where(eq(curations.user_id, userId))
      .limit(1);
    const req = existing
      ? null
      : await insertRequest(tx, userId, { quizId: row.id, source: 'QUIZ', styles: null }, now);
    return { id: row.id, opened: req };
  });
  // The body and sizes are the member's size info (the size recommendation reads it too).
  if (answers.height !== undefined || answers.fit_preference !== undefined || answers.sizes !== undefined) {
    await saveSizeInfo(ctx, userId, {
      ...(answers.height !== undefined ? { height: answers.height, weight: answers.weight ?? null } : {}),
      ...(answers.fit_preference !== undefined ? { fit_preference: answers.fit_preference } : {}),
      ...(answers.sizes !== undefined ? { sizes: answers.sizes } : {}),
    });
  }
  // The main-page status changes (NONE_STYLE_QUIZ → NONE_CURATIONED) on every process.
  await forgetMemberStatus(ctx, userId);
  const { issued } = await autoIssueStyleQuizCoupons(ctx, userId);
  const unfilled = opened ? (await draftOpened(ctx, opened)) === 'unfilled' : false;
  return { status: 'SUCCESS', id, issued_coupon_policy_ids: issued, curation_unfilled: unfilled };
}

/** The member's quiz `id`, or their newest, with their photos; another member's id answers as a missing one. */
export async function styleQuizOf(
  ctx: AppContext,
  userId: number,
  id: number | null,
): Promise<StyleQuizBody> {
  const [row] = await ctx.db
    .select()
    .from(styleQuizzes)
    .where(
      id === null
        ? eq(styleQuizzes.user_id, userId)
        : and(eq(styleQuizzes.user_id, userId), eq(styleQuizzes.id, id)),
    )
    .orderBy(desc(styleQuizzes.created_at), desc(styleQuizzes.id))
    .limit(1);
  if (!row) throw notFound('스타일 퀴즈가 없습니다.');
  return {
    id: row.id,
    answers: row.answers,
    created_at: row.created_at.toISOString(),
    photos: await quizPhotos(ctx, userId),
  };
}
