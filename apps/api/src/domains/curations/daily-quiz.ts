/**
 * The daily quiz (docs/ARCHITECTURE.md, "Curations"): one style question a day in KST. Members
 * answer once a day; the answers feed the DAILY_QUIZ_7 mission (benefits), the member's month
 * calendar and, for the questions whose options name a style, the style profile the engine reads
 * (drafting.ts); the first answer of a KST month brings the monthly codi coupon to quiz-takers.
 */
import { kstDateString, kstParts } from '@codiroom/shared';
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { isUniqueViolation } from '../../platform/transactions.ts';
import { issueMonthlyCodiCoupon } from '../benefits/index.ts';
import { dailyQuizAnswers, dailyQuizzes } from './schema.ts';

const noQuiz = () => notFound('오늘의 퀴즈가 없습니다.');

async function todays(ctx: AppContext) {
  const [q] = await ctx.db
    .select()
    .from(dailyQuizzes)
    .where(eq(dailyQuizzes.quiz_date, kstDateString(ctx.clock.now())))
    .limit(1);
  return q ?? null;
}

export async function dailyQuizToday(ctx: AppContext, userId: number | null) {
  const q = await todays(ctx);
  if (!q) throw noQuiz();
  let answered: string | null = null;
  if (userId !== null) {
    const [a] = await ctx.db
      .select({ answer: dailyQuizAnswers.answer })
      .from(dailyQuizAnswers)
      .where(and(eq(dailyQuizAnswers.user_id, userId), eq(dailyQuizAnswers.daily_quiz_id, q.id)))
      .limit(1);
    answered = a?.answer ?? null;
  }
  return {
    id: q.id,
    quiz_date: q.quiz_date,
    question: q.question,
    options: q.options.map((o) => ({ key: o.key, label: o.label, image_url: o.image_url ?? null })),
    answered,
  };
}

export async function answerDailyQuiz(ctx: AppContext, userId: number, answer: string) {
  const q = await todays(ctx);
  if (!q) throw noQuiz();
  if (!q.options.some((o) => o.key === answer)) throw badRequest('보기 중에서 골라주세요.');
  try {
    await ctx.db
      .insert(dailyQuizAnswers)
      .values({ user_id: userId, daily_quiz_id: q.id, answer, created_at: ctx.clock.now() });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('오늘의 퀴즈는 이미 풀었어요.');
    throw err;
  }
  // Coming back for the daily quiz is what the monthly codi coupon rewards (once a KST month).
  const monthly = await issueMonthlyCodiCoupon(ctx, userId);
  return { id: q.id, answered: answer, monthly_coupon_policy_id: monthly };
}

/** The KST dates (YYYY-MM-DD) of the member's answers in a KST month ("2026-11"). */
async function answeredDates(ctx: AppContext, userId: number, from: string, to: string) {
  const rows = await ctx.db
    .select({ d: dailyQuizzes.quiz_date })
    .from(dailyQuizAnswers)
    .innerJoin(dailyQuizzes, eq(dailyQuizzes.id, dailyQuizAnswers.daily_quiz_id))
    .where(
      and(
        eq(dailyQuizAnswers.user_id, userId),
        gte(dailyQuizzes.quiz_date, from),
        lt(dailyQuizzes.quiz_date, to),
      ),
    )
    .orderBy(asc(dailyQuizzes.quiz_date));
  return rows.map((r) => r.d);
}

export async function dailyQuizDone(ctx: AppContext, userId: number) {
  const today = kstDateString(ctx.clock.now());
  const [q] = await ctx.db
    .select({ id: dailyQuizzes.id })
    .from(dailyQuizzes)
    .where(eq(dailyQuizzes.quiz_date, today))
    .limit(1);
  if (!q) return { quiz_date: today, done: false };
  const [a] = await ctx.db
    .select({ id: dailyQuizAnswers.id })
    .from(dailyQuizAnswers)
    .where(and(eq(dailyQuizAnswers.user_id, userId), eq(dailyQuizAnswers.daily_quiz_id, q.id)))
    .limit(1);
  return { quiz_date: today, done: !!a };
}

export async function dailyQuizDoneMonthly(ctx: AppContext, userId: number, month: string | undefined) {
  const now = kstParts(ctx.clock.now());
  const [y, m] = month ? month.split('-').map(Number) : [now.year, now.month];
  const year = y as number;
  const mon = m as number;
  const from = `${year}-${String(mon).padStart(2, '0')}-01`;
  const to = mon === 12 ? `${year + 1}-01-01` : `${year}-${String(mon + 1).padStart(2, '0')}-01`;
  const days = await answeredDates(ctx, userId, from, to);
  return { month: from.slice(0, 7), days, count: days.length };
}
