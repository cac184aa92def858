/**
 * Curations' part in the users domain (wired through users' ports in app.ts): the reads of member
 * detail, status and photos, and the withdrawal step that deletes the member's curation data.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Conn } from '../../platform/transactions.ts';
import type { MemberCurationReads, WithdrawalStep } from '../users/index.ts';
import {
  curations,
  dailyQuizAnswers,
  personalColorAnswers,
  styleQuizPhotos,
  styleQuizzes,
} from './schema.ts';
import { latestDoneCuration, viewStatusAt } from './view-status.ts';

async function hasStyleQuiz(db: Conn, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: styleQuizzes.id })
    .from(styleQuizzes)
    .where(eq(styleQuizzes.user_id, userId))
    .limit(1);
  return !!row;
}

async function progress(db: Conn, userId: number) {
  const [[done], [waiting]] = await Promise.all([
    db
      .select({ id: curations.id })
      .from(curations)
      .where(and(eq(curations.user_id, userId), eq(curations.status, 'DONE')))
      .limit(1),
    db
      .select({ id: curations.id })
      .from(curations)
      .where(
        and(eq(curations.user_id, userId), eq(curations.status, 'REQUESTED'), isNull(curations.drafted_at)),
      )
      .limit(1),
  ]);
  return { hasDone: !!done, waiting: !!waiting };
}

export const memberCurationReads: MemberCurationReads = {
  hasStyleQuiz,
  latestDone: latestDoneCuration,
  progress,
  viewStatus: viewStatusAt,
  styleQuizPhotos: async (db, userId) =>
    db.select().from(styleQuizPhotos).where(eq(styleQuizPhotos.user_id, userId)),
};

/**
 * Withdrawal: the style-quiz photos (their private files once the withdrawal committed), the
 * curations, the style quizzes (after the curations that point at them), the personal-colour and
 * daily-quiz answers.
 */
export const deleteCurationDataStep: WithdrawalStep = {
  name: 'curations.delete-member-data',
  owner: 'curations',
  async run(tx, { userId }) {
    const photoKeys = await tx
      .delete(styleQuizPhotos)
      .where(eq(styleQuizPhotos.user_id, userId))
      .returning({ key: styleQuizPhotos.image_key });
    await tx.delete(curations).where(eq(curations.user_id, userId));
    await tx.delete(styleQuizzes).where(eq(styleQuizzes.user_id, userId));
    await tx.delete(personalColorAnswers).where(eq(personalColorAnswers.user_id, userId));
    await tx.delete(dailyQuizAnswers).where(eq(dailyQuizAnswers.user_id, userId));
    return async (ctx) => {
      await Promise.allSettled(photoKeys.flatMap((p) => (p.key ? [ctx.images.delete(p.key)] : [])));
    };
  },
};
