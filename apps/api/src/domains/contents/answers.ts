/**
 * The content forms of SPEC.md "Contents" (API-CATALOGUE.md: posts/{id}/feedback, post-survey,
 * post-quiz, post-mini-quiz, codi-quiz-event, daily-look-feedback) as typed answers in
 * `content_answers`: one row per form, subject (post or codi set), question and voter (`u:<member>`
 * or `g:<guest>`), and every call answers with the results the page shows next (the tally of
 * packages/shared/src/content-forms.ts).
 *
 * A second answer by the same member or guest:
 *   - post-survey, posts/{id}/feedback, daily-look-feedback: replaces the first (opinions change);
 *   - post-quiz, post-mini-quiz, codi-quiz-event: is refused, 409 '이미 참여하셨습니다.' (a quiz
 *     is answered once, the right answer is shown after it).
 * Quiz questions come from the post's body (`:::quiz 1` blocks, content-forms.ts); where the block
 * marks the right option the answer must be one of its options and is_correct is set, otherwise
 * is_correct stays null. Daily-look feedback is one per KST day: its question id is the date
 * (20261127).
 */
import {
  ALREADY_ANSWERED,
  type AnswerResult,
  type ContentForm,
  DAILY_LOOK_VALUES,
  type FormAck,
  kstDateString,
  MESSAGES,
  POST_FEEDBACK_VALUES,
  type PostFormBlock,
  postFormBlocks,
  tallyAnswers,
} from '@codiroom/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Principal } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, conflict, notFound, unauthorized } from '../../platform/errors.ts';
import { runningPost } from './editorial.ts';
import { codiSets, contentAnswers } from './schema.ts';

const MAX_INT = 2_147_483_647;
const Id = z.number().int().positive().max(MAX_INT);
const QuestionId = z.number().int().min(0).max(MAX_INT);
const ShortText = z.string().trim().min(1).max(200);
/** An answer: a choice, a number, yes/no, or up to 20 choices (shallow: never nested JSON). */
const Answer = z.union([ShortText, z.number().finite(), z.boolean(), z.array(ShortText).min(1).max(20)]);
type Answer = z.infer<typeof Answer>;

export const PostFeedbackIn = z.object({
  value: z.enum(POST_FEEDBACK_VALUES).meta({ description: 'like, dislike or helpful' }),
});
export const PostSurveyIn = z.object({
  post_id: Id,
  answers: z
    .record(z.string().regex(/^[1-9]\d{0,2}$/, 'expected question ids 1–999'), Answer)
    .refine((r) => Object.keys(r).length > 0 && Object.keys(r).length <= 20, 'expected 1–20 answers'),
});
export const PostQuizIn = z.object({
  post_id: Id,
  question_id: QuestionId.default(0),
  answer: Answer,
});
export const PostMiniQuizIn = PostQuizIn;
export const CodiQuizEventIn = z.object({
  codi_id: Id.optional(),
  answer: Answer,
  event_name: z.string().trim().max(50).optional(),
});
export const DailyLookFeedbackIn = z.object({
  codi_id: Id,
  value: z.enum(DAILY_LOOK_VALUES),
  comment: z.string().trim().max(500).optional(),
});
export const DailyLookResultsQuery = z.object({ codi_id: z.coerce.number().int().positive().max(MAX_INT) });

export const CODI_MISSING = '코디가 없습니다.';
const ONCE: ReadonlySet<ContentForm> = new Set(['post-quiz', 'post-mini-quiz', 'codi-quiz-event']);

type Key = { form: ContentForm; subject_id: number; question_id: number };
type Voter = { user_id: number | null; guest_id: string | null; voter_key: string };

function voterOf(who: Principal): Voter {
  if (who.userId !== null) return { user_id: who.userId, guest_id: null, voter_key: `u:${who.userId}` };
  if (who.guestId) return { user_id: null, guest_id: who.guestId, voter_key: `g:${who.guestId}` };
  throw unauthorized();
}

/** Stores the answer: replaced for the forms that allow it, refused (409) for the quizzes. */
async function store(
  ctx: AppContext,
  voter: Voter,
  key: Key,
  answer: Record<string, unknown>,
  isCorrect: boolean | null,
): Promise<number> {
  const now = ctx.clock.now();
  const insert = ctx.db
    .insert(contentAnswers)
    .values({ ...key, ...voter, answer, is_correct: isCorrect, created_at: now, updated_at: now });
  const target = [
    contentAnswers.form,
    contentAnswers.subject_id,
    contentAnswers.question_id,
    contentAnswers.voter_key,
  ];
  const [row] = ONCE.has(key.form)
    ? await insert.onConflictDoNothing({ target }).returning({ id: contentAnswers.id })
    : await insert
        .onConflictDoUpdate({ target, set: { answer, is_correct: isCorrect, updated_at: now } })
        .returning({ id: contentAnswers.id });
  if (!row) throw conflict(ALREADY_ANSWERED);
  return row.id;
}

/** The tally of one question and the caller's own answer. */
async function results(
  ctx: AppContext,
  voterKey: string | null,
  key: Key,
  options: readonly string[],
  correct: string | null,
): Promise<AnswerResult> {
  const where = and(
    eq(contentAnswers.form, key.form),
    eq(contentAnswers.subject_id, key.subject_id),
    eq(contentAnswers.question_id, key.question_id),
  );
  const value = sql<unknown>`${contentAnswers.answer} -> 'value'`;
  const [groups, mine] = await Promise.all([
    ctx.db.select({ value, n: count() }).from(contentAnswers).where(where).groupBy(value),
    voterKey === null
      ? Promise.resolve([])
      : ctx.db
          .select({ answer: contentAnswers.answer, is_correct: contentAnswers.is_correct })
          .from(contentAnswers)
          .where(and(where, eq(contentAnswers.voter_key, voterKey)))
          .limit(1),
  ]);
  const tally = tallyAnswers(
    groups.map((g) => ({ value: g.value, n: Number(g.n) })),
    options,
  );
  const my = mine[0];
  const myAnswer = my ? ((my.answer as { value?: Answer }).value ?? null) : null;
  return {
    ...key,
    ...tally,
    my_answer: myAnswer,
    is_correct: my ? my.is_correct : null,
    correct_answer: my ? correct : null,
  };
}

/** The right-or-wrong of an answer to a block; the answer must be one of the block's options. */
function check(block: PostFormBlock | undefined, answer: Answer): boolean | null {
  if (!block) return null;
  const chosen = Array.isArray(answer) ? answer : [String(answer)];
  if (block.form !== 'post-survey' && chosen.length !== 1)
    throw badRequest('answer: 보기 하나를 골라주세요.');
  const unknown = chosen.find((c) => !block.options.includes(c));
  if (unknown !== undefined) throw badRequest(`answer: 보기에 없는 답이에요 (${unknown.slice(0, 50)}).`);
  if (block.correct === null) return null;
  return chosen[0] === block.correct;
}

async function postBlocks(ctx: AppContext, postId: number | null) {
  try {
    const post = await runningPost(ctx.db, postId, true);
    return { id: post.id, blocks: postFormBlocks(post.body) };
  } catch {
    throw notFound(MESSAGES.postNotRunning);
  }
}
const blockOf = (blocks: PostFormBlock[], form: ContentForm, q: number) =>
  blocks.find((b) => b.form === form && b.question_id === q);

export async function postFeedbackSubmit(
  ctx: AppContext,
  who: Principal,
  postId: number | null,
  body: z.infer<typeof PostFeedbackIn>,
): Promise<FormAck> {
  const post = await postBlocks(ctx, postId);
  const voter = voterOf(who);
  const key: Key = { form: 'post-feedback', subject_id: post.id, question_id: 0 };
  const id = await store(ctx, voter, key, { value: body.value }, null);
  return {
    result: 'SUCCESS',
    id,
    results: [await results(ctx, voter.voter_key, key, POST_FEEDBACK_VALUES, null)],
  };
}

/** post-quiz and post-mini-quiz: one answer per voter and question. */
export async function postQuizSubmit(
  ctx: AppContext,
  who: Principal,
  form: 'post-quiz' | 'post-mini-quiz',
  body: z.infer<typeof PostQuizIn>,
): Promise<FormAck> {
  const post = await postBlocks(ctx, body.post_id);
  const voter = voterOf(who);
  const block = blockOf(post.blocks, form, body.question_id);
  const isCorrect = check(block, body.answer);
  const key: Key = { form, subject_id: post.id, question_id: body.question_id };
  const id = await store(ctx, voter, key, { value: body.answer }, isCorrect);
  const r = await results(ctx, voter.voter_key, key, block?.options ?? [], block?.correct ?? null);
  return { result: 'SUCCESS', id, results: [r] };
}

/** post-survey: every question of the body answered at once, each replacing an earlier answer. */
export async function postSurveySubmit(
  ctx: AppContext,
  who: Principal,
  body: z.infer<typeof PostSurveyIn>,
): Promise<FormAck> {
  const post = await postBlocks(ctx, body.post_id);
  const voter = voterOf(who);
  const entries = Object.entries(body.answers).map(([q, answer]) => {
    const block = blockOf(post.blocks, 'post-survey', Number(q));
    check(block, answer);
    return { q: Number(q), answer, block };
  });
  let id = 0;
  const out: AnswerResult[] = [];
  for (const e of entries) {
    const key: Key = { form: 'post-survey', subject_id: post.id, question_id: e.q };
    id = await store(ctx, voter, key, { value: e.answer }, null);
    out.push(await results(ctx, voter.voter_key, key, e.block?.options ?? [], null));
  }
  return { result: 'SUCCESS', id, results: out };
}

async function ensureCodi(ctx: AppContext, codiId: number) {
  const [row] = await ctx.db
    .select({ id: codiSets.id })
    .from(codiSets)
    .where(and(eq(codiSets.id, codiId), eq(codiSets.is_active, true)))
    .limit(1);
  if (!row) throw notFound(CODI_MISSING);
}

export async function codiQuizEvent(
  ctx: AppContext,
  who: Principal,
  body: z.infer<typeof CodiQuizEventIn>,
): Promise<FormAck> {
  if (body.codi_id !== undefined) await ensureCodi(ctx, body.codi_id);
  const voter = voterOf(who);
  const key: Key = { form: 'codi-quiz-event', subject_id: body.codi_id ?? 0, question_id: 0 };
  const answer = { value: body.answer, ...(body.event_name ? { event_name: body.event_name } : {}) };
  const id = await store(ctx, voter, key, answer, null);
  return { result: 'SUCCESS', id, results: [await results(ctx, voter.voter_key, key, [], null)] };
}

/** Today's question of the daily look: the KST date as a number (2026-11-27 → 20261127). */
const todayQuestion = (ctx: AppContext) => Number(kstDateString(ctx.clock.now()).replaceAll('-', ''));

export async function dailyLookFeedback(
  ctx: AppContext,
  who: Principal,
  body: z.infer<typeof DailyLookFeedbackIn>,
): Promise<FormAck> {
  await ensureCodi(ctx, body.codi_id);
  const voter = voterOf(who);
  const key: Key = { form: 'daily-look-feedback', subject_id: body.codi_id, question_id: todayQuestion(ctx) };
  const answer = { value: body.value, ...(body.comment ? { comment: body.comment } : {}) };
  const id = await store(ctx, voter, key, answer, null);
  return {
    result: 'SUCCESS',
    id,
    results: [await results(ctx, voter.voter_key, key, DAILY_LOOK_VALUES, null)],
  };
}

/** Today's like/dislike tally of a codi set as the daily look, with the caller's own. */
export async function dailyLookResults(ctx: AppContext, who: Principal, codiId: number) {
  await ensureCodi(ctx, codiId);
  const key: Key = { form: 'daily-look-feedback', subject_id: codiId, question_id: todayQuestion(ctx) };
  return { results: [await results(ctx, voterOf(who).voter_key, key, DAILY_LOOK_VALUES, null)] };
}

/**
 * The results of a running post's forms for the page's first paint: its feedback, and every quiz
 * and survey question of its body (a quiz's right answer only to a caller who answered it).
 */
export async function postResults(ctx: AppContext, who: Principal, postId: number | null) {
  const post = await postBlocks(ctx, postId);
  const voterKey = voterOf(who).voter_key;
  const feedback = results(
    ctx,
    voterKey,
    { form: 'post-feedback', subject_id: post.id, question_id: 0 },
    POST_FEEDBACK_VALUES,
    null,
  );
  const blocks = post.blocks.map((b) =>
    results(
      ctx,
      voterKey,
      { form: b.form, subject_id: post.id, question_id: b.question_id },
      b.options,
      b.correct,
    ),
  );
  return { results: await Promise.all([feedback, ...blocks]) };
}
