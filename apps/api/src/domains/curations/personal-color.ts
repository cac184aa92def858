/**
 * The personal-colour quiz (docs/ARCHITECTURE.md, "Curations"): the questions for anyone, the
 * result for members (kept; the next curation draft reads it for the colours near the face).
 */
import {
  PERSONAL_COLOR_QUESTIONS,
  PERSONAL_COLOR_SEASONS,
  type PersonalColorQuizBody,
  type PersonalColorRequest,
  type PersonalColorResultBody,
  personalColorResult,
} from '@codiroom/shared';
import { desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { personalColorAnswers } from './schema.ts';

export async function personalColorQuiz(
  ctx: AppContext,
  userId: number | null,
): Promise<PersonalColorQuizBody> {
  let latest: PersonalColorResultBody | null = null;
  if (userId !== null) {
    const [row] = await ctx.db
      .select({ answers: personalColorAnswers.answers, result: personalColorAnswers.result })
      .from(personalColorAnswers)
      .where(eq(personalColorAnswers.user_id, userId))
      .orderBy(desc(personalColorAnswers.created_at), desc(personalColorAnswers.id))
      .limit(1);
    if (row?.result && (PERSONAL_COLOR_SEASONS as readonly string[]).includes(row.result)) {
      latest = personalColorResult(row.answers as Record<string, string>);
    }
  }
  return {
    questions: PERSONAL_COLOR_QUESTIONS.map((q) => ({
      key: q.key,
      question: q.question,
      options: q.options.map((o) => ({ key: o.key, label: o.label })),
    })),
    latest,
  };
}

export async function savePersonalColor(
  ctx: AppContext,
  userId: number,
  input: PersonalColorRequest,
): Promise<PersonalColorResultBody> {
  const result = personalColorResult(input.answers);
  await ctx.db.insert(personalColorAnswers).values({
    user_id: userId,
    answers: input.answers,
    result: result.result,
    created_at: ctx.clock.now(),
  });
  return result;
}
