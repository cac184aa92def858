/**
 * The content POSTs of API-CATALOGUE.md (magazine feedback, survey, quizzes, codi quiz event,
 * curator chat, telephone CS, daily-look feedback) and the daily look. Each stores what it
 * receives: post feedback in `post_feedback`, the rest as `event_logs` rows of kind EVENT named
 * after the call, with the caller (member or guest) and the validated body as payload.
 */
import type { DailyLookBody, SubmissionAck } from '@codiroom/shared';
import { kstDateString, MESSAGES } from '@codiroom/shared';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { appMeta, codiSets, eventLogs, postFeedback, productDisplays } from '../../db/schema.ts';
import type { Principal } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { codiSetsWithProducts, runningPost } from './editorial.ts';

const Id = z.number().int().positive().max(999_999_999);
const ShortText = z.string().trim().min(1).max(200);
const Answer = z.union([ShortText, z.number().finite(), z.boolean(), z.array(ShortText).max(20)]);

export const PostFeedbackIn = z.object({
  value: z.string().trim().min(1).max(30).meta({ description: 'e.g. like, dislike, helpful' }),
});
export const PostSurveyIn = z.object({
  post_id: Id,
  answers: z
    .record(z.string().min(1).max(50), Answer)
    .refine((r) => Object.keys(r).length > 0 && Object.keys(r).length <= 50, 'expected 1–50 answers'),
});
export const PostQuizIn = z.object({
  post_id: Id,
  question_id: Id.optional(),
  answer: Answer,
});
export const PostMiniQuizIn = PostQuizIn;
export const CodiQuizEventIn = z.object({
  codi_id: Id.optional(),
  answer: Answer,
  event_name: z.string().trim().max(50).optional(),
});
export const CuratorChatIn = z.object({
  post_id: Id.optional(),
  message: z.string().trim().min(1).max(1000),
});
export const TelephoneCsIn = z.object({
  phone: z
    .string()
    .transform((v) => v.replace(/[-\s]/g, ''))
    .pipe(z.string().regex(/^0\d{8,10}$/, 'expected a Korean phone number'))
    .optional(),
  preferred_time: z.string().trim().max(50).optional(),
  content: z.string().trim().min(1).max(2000),
});
export const DailyLookFeedbackIn = z.object({
  codi_id: Id,
  value: z.enum(['like', 'dislike']),
  comment: z.string().trim().max(500).optional(),
});

const postNotRunning = () => notFound(MESSAGES.postNotRunning);

async function storeEvent(
  ctx: AppContext,
  who: Principal,
  name: string,
  payload: Record<string, unknown>,
): Promise<SubmissionAck> {
  const [row] = await ctx.db
    .insert(eventLogs)
    .values({
      kind: 'EVENT',
      user_id: who.userId,
      guest_id: who.userId === null ? who.guestId : null,
      name,
      payload,
      created_at: ctx.clock.now(),
    })
    .returning({ id: eventLogs.id });
  return { result: 'SUCCESS', id: row?.id ?? 0 };
}

/** Submissions about a post need the post to be running (현재 진행중인 컨텐츠가 아닙니다 otherwise). */
async function ensureRunning(ctx: AppContext, postId: number | null | undefined) {
  if (postId === undefined) return;
  try {
    await runningPost(ctx.db, postId, false);
  } catch {
    throw postNotRunning();
  }
}

export async function postFeedbackSubmit(
  ctx: AppContext,
  who: Principal,
  postId: number | null,
  body: z.infer<typeof PostFeedbackIn>,
): Promise<SubmissionAck> {
  await runningPost(ctx.db, postId, false);
  const [row] = await ctx.db
    .insert(postFeedback)
    .values({
      post_id: postId as number,
      user_id: who.userId,
      guest_id: who.userId === null ? who.guestId : null,
      value: body.value,
      created_at: ctx.clock.now(),
    })
    .returning({ id: postFeedback.id });
  return { result: 'SUCCESS', id: row?.id ?? 0 };
}

export async function submitAboutPost(
  ctx: AppContext,
  who: Principal,
  name: string,
  body: { post_id?: number | undefined } & Record<string, unknown>,
): Promise<SubmissionAck> {
  await ensureRunning(ctx, body.post_id);
  return storeEvent(ctx, who, name, body);
}

export async function submitEvent(
  ctx: AppContext,
  who: Principal,
  name: string,
  body: Record<string, unknown>,
): Promise<SubmissionAck> {
  return storeEvent(ctx, who, name, body);
}

async function activeCodi(ctx: AppContext, codiId: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: codiSets.id })
    .from(codiSets)
    .where(and(eq(codiSets.id, codiId), eq(codiSets.is_active, true)))
    .limit(1);
  return Boolean(row);
}

export const CODI_MISSING = '코디가 없습니다.';

export async function dailyLookFeedback(
  ctx: AppContext,
  who: Principal,
  body: z.infer<typeof DailyLookFeedbackIn>,
): Promise<SubmissionAck> {
  if (!(await activeCodi(ctx, body.codi_id))) throw notFound(CODI_MISSING);
  return storeEvent(ctx, who, 'daily-look-feedback', { ...body, date: kstDateString(ctx.clock.now()) });
}

export async function codiQuizEvent(
  ctx: AppContext,
  who: Principal,
  body: z.infer<typeof CodiQuizEventIn>,
): Promise<SubmissionAck> {
  if (body.codi_id !== undefined && !(await activeCodi(ctx, body.codi_id))) throw notFound(CODI_MISSING);
  return storeEvent(ctx, who, 'codi-quiz-event', body);
}

/**
 * The look of the day: one active codi set per KST day, rotating through the sets in id order
 * (day number since the epoch modulo the number of sets), so every visitor sees the same look.
 */
export async function dailyLook(ctx: AppContext): Promise<DailyLookBody> {
  const date = kstDateString(ctx.clock.now());
  const where = eq(codiSets.is_active, true);
  const [total] = await ctx.db.select({ n: count() }).from(codiSets).where(where);
  const n = total?.n ?? 0;
  if (n === 0) return { date, codi: null };
  const day = Math.floor(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
  const [pick] = await ctx.db
    .select({ id: codiSets.id })
    .from(codiSets)
    .where(where)
    .orderBy(asc(codiSets.id))
    .limit(1)
    .offset(day % n);
  if (!pick) return { date, codi: null };
  const page = await codiSetsWithProducts(ctx, ctx.clock.now(), eq(codiSets.id, pick.id), 1, 1);
  return { date, codi: page.result[0] ?? null };
}

// ───────────────────────────── admin: women's landing ─────────────────────────────

export const FemaleLandingIn = z.object({
  title: z.string().trim().min(1).max(200),
  subtitle: z.string().trim().max(500).default(''),
  banner_image_url: z.string().trim().max(500).nullable().default(null),
  product_display_ids: z.array(Id).max(100).default([]),
  is_active: z.boolean().default(true),
});
export const FEMALE_LANDING_KEY = 'female_landing';

/** SPEC.md §6's admin call: stores the women's landing configuration (one record, replaced). */
export async function saveFemaleLanding(
  ctx: AppContext,
  body: z.infer<typeof FemaleLandingIn>,
): Promise<{ result: 'SUCCESS'; updated_at: string }> {
  const ids = [...new Set(body.product_display_ids)];
  if (ids.length) {
    const found = await ctx.db
      .select({ id: productDisplays.id })
      .from(productDisplays)
      .where(inArray(productDisplays.id, ids));
    const missing = ids.filter((id) => !found.some((f) => f.id === id));
    if (missing.length) throw badRequest(`Unknown product_display_ids: ${missing.slice(0, 10).join(', ')}`);
  }
  const now = ctx.clock.now();
  const value = { ...body, product_display_ids: ids };
  await ctx.db
    .insert(appMeta)
    .values({ key: FEMALE_LANDING_KEY, value, updated_at: now })
    .onConflictDoUpdate({ target: appMeta.key, set: { value, updated_at: now } });
  return { result: 'SUCCESS', updated_at: now.toISOString() };
}
