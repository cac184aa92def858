/**
 * The curations domain's reads for the benefits domain (benefits' port `CurationFacts`,
 * benefits/ports.ts, plugged in by src/ports.ts): whether a member saved a style quiz (the
 * style-quiz coupons) and the MY큐레이션 facts the missions read. On the caller's connection.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows.ts';
import type { Conn } from '../../platform/transactions.ts';
import { dailyQuizAnswers, dailyQuizzes, personalColorAnswers, styleQuizzes } from './schema.ts';

/** Whether member `userId` saved a style quiz. */
export async function tookStyleQuiz(db: Conn, userId: number): Promise<boolean> {
  const [quiz] = await db
    .select({ id: styleQuizzes.id })
    .from(styleQuizzes)
    .where(eq(styleQuizzes.user_id, userId))
    .limit(1);
  return quiz !== undefined;
}

/**
 * Whether member `userId` saved a style quiz and a personal colour answer, and the dates of the
 * daily quizzes they answered, oldest first.
 */
export async function curationMissionFacts(
  db: Conn,
  userId: number,
): Promise<{ styleQuiz: boolean; personalColor: boolean; dailyQuizDates: string[] }> {
  const [flags] = rowsOf<{ quiz: unknown; color: unknown }>(
    await db.execute(sql`select
      exists (select 1 from ${styleQuizzes} where ${styleQuizzes.user_id} = ${userId}) as quiz,
      exists (select 1 from ${personalColorAnswers} where ${personalColorAnswers.user_id} = ${userId}) as color`),
  );
  const dates = await db
    .select({ d: dailyQuizzes.quiz_date })
    .from(dailyQuizAnswers)
    .innerJoin(dailyQuizzes, eq(dailyQuizzes.id, dailyQuizAnswers.daily_quiz_id))
    .where(eq(dailyQuizAnswers.user_id, userId))
    .orderBy(asc(dailyQuizzes.quiz_date));
  return {
    styleQuiz: flags?.quiz === true,
    personalColor: flags?.color === true,
    dailyQuizDates: dates.map((r) => String(r.d)),
  };
}
