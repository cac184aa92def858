/**
 * Curations (MY큐레이션), so far the missions of issue 9 item 5: GET /api/curations/mission.
 *
 * Whether a mission is completed is decided in one place, missionStates: a recorded completion
 * (mission_completions row) or the member's facts passing missionCompleted
 * (packages/shared/src/curation-schemas.ts). POST /api/benefits/receive-mission-point
 * (benefits/service.ts) uses the same function before it credits, so the list and the receive
 * never disagree.
 */
import { MISSION_GUIDES, type MissionFacts, type MissionListBody, missionCompleted } from '@codiroom/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  dailyQuizAnswers,
  dailyQuizzes,
  missionCompletions,
  missions,
  personalColorAnswers,
  reviews,
  styleQuizzes,
  users,
} from '../../db/schema.ts';
import { currentBalance } from '../benefits/points.ts';
import type { Conn } from '../users/member-db.ts';

type MissionRow = typeof missions.$inferSelect;

/** The member's facts the mission rules read (one round trip for the flags, one for the dates). */
export async function missionFacts(db: Conn, userId: number): Promise<MissionFacts> {
  const [row] = await db
    .select({
      app: users.is_app_alert,
      stylequiz: users.stylequiz,
      quiz: sql<boolean>`exists (select 1 from ${styleQuizzes} where ${styleQuizzes.user_id} = ${userId})`,
      reviews: sql<number>`(select count(*)::int from ${reviews} where ${reviews.user_id} = ${userId})`,
      photoReviews: sql<number>`(select count(*)::int from ${reviews} where ${reviews.user_id} = ${userId} and ${reviews.photo_count} > 0)`,
      color: sql<boolean>`exists (select 1 from ${personalColorAnswers} where ${personalColorAnswers.user_id} = ${userId})`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const dates = await db
    .select({ d: dailyQuizzes.quiz_date })
    .from(dailyQuizAnswers)
    .innerJoin(dailyQuizzes, eq(dailyQuizzes.id, dailyQuizAnswers.daily_quiz_id))
    .where(eq(dailyQuizAnswers.user_id, userId))
    .orderBy(asc(dailyQuizzes.quiz_date));
  return {
    styleQuiz: Boolean(row?.stylequiz) || Boolean(row?.quiz),
    reviewCount: Number(row?.reviews ?? 0),
    photoReviewCount: Number(row?.photoReviews ?? 0),
    appPushConsent: Boolean(row?.app),
    personalColor: Boolean(row?.color),
    dailyQuizDates: dates.map((r) => String(r.d)),
  };
}

export type MissionState = {
  mission: MissionRow;
  completed: boolean;
  /** When the points were received, or null. */
  receivedAt: Date | null;
};

/**
 * THE completion rule: for each given mission (active ones of the list, or the one being
 * received), whether the member completed it and whether its points were received.
 */
export async function missionStates(db: Conn, userId: number, list: MissionRow[]): Promise<MissionState[]> {
  if (list.length === 0) return [];
  const facts = await missionFacts(db, userId);
  const ids = list.map((m) => m.id);
  const done = await db
    .select()
    .from(missionCompletions)
    .where(and(eq(missionCompletions.user_id, userId), inArray(missionCompletions.mission_id, ids)));
  const byMission = new Map(done.map((c) => [c.mission_id, c]));
  return list.map((m) => {
    const recorded = byMission.get(m.id);
    return {
      mission: m,
      completed: recorded !== undefined || missionCompleted(m.code, facts),
      receivedAt: recorded?.rewarded_at ?? null,
    };
  });
}

/** GET /api/curations/mission: the active missions, in id order, with the member's state. */
export async function missionList(db: Db, userId: number, now: Date): Promise<MissionListBody> {
  const list = await db.select().from(missions).where(eq(missions.is_active, true)).orderBy(asc(missions.id));
  const states = await missionStates(db, userId, list);
  const result = states.map(({ mission: m, completed, receivedAt }) => {
    const guide = MISSION_GUIDES[m.code];
    return {
      id: m.id,
      code: m.code,
      title: m.title,
      description: guide?.description ?? m.title,
      point: m.point,
      is_completed: completed,
      is_received: receivedAt !== null,
      received_at: receivedAt ? receivedAt.toISOString() : null,
      action_path: guide?.action_path ?? null,
    };
  });
  return {
    result,
    receivable_point: result.filter((m) => m.is_completed && !m.is_received).reduce((s, m) => s + m.point, 0),
    balance: await currentBalance(db, userId, now),
  };
}
