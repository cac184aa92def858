/**
 * Missions (SPEC.md, 'Benefits' and 'Curations'): whether a mission is completed is decided in one place,
 * missionStates: a recorded completion (mission_completions row) or the member's facts passing
 * missionCompleted (packages/shared/src/curation-schemas.ts). GET /api/curations/mission and POST
 * /api/benefits/receive-mission-point both use it, so the list and the receive never disagree.
 */
import {
  BENEFIT_MESSAGES as M,
  type MissionFacts,
  missionCompleted,
  REVIEW_MISSION_CODES,
} from '@codiroom/shared';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { Conn, Tx } from '../../platform/transactions.ts';
import { memberBenefitFlags } from '../users/index.ts';
import { clawBackPoints, earnPoints } from './points.ts';
import { benefitsPorts } from './ports.ts';
import { missionCompletions, missions } from './schema.ts';

type MissionRow = typeof missions.$inferSelect;

/**
 * The member's facts the mission rules read, from their owners: the member's flags (users), their
 * style quiz, personal colour and daily quizzes (curations) and their reviews (reviews), the last
 * two through benefits' port. A member who does not exist has none.
 */
async function missionFacts(db: Conn, userId: number): Promise<MissionFacts> {
  const ports = benefitsPorts.get();
  const flags = await memberBenefitFlags(db, userId);
  const curation = await ports.curations.missionFacts(db, userId);
  const written = await ports.reviews.reviewCounts(db, userId);
  return {
    styleQuiz: Boolean(flags?.stylequiz) || curation.styleQuiz,
    reviewCount: written.reviews,
    photoReviewCount: written.photoReviews,
    appPushConsent: Boolean(flags?.appPushConsent),
    personalColor: curation.personalColor,
    dailyQuizDates: curation.dailyQuizDates,
  };
}

type MissionState = {
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

// ───────────────────────────── missions ─────────────────────────────

/**
 * POST receive-mission-point: credits a completed mission's points once, through the point
 * ledger. "Completed" is missionStates above (a recorded completion, or the
 * member's facts passing the shared rule), the same function GET /api/curations/mission shows.
 * The completion is recorded (insert … on conflict do nothing), then claimed with a conditional
 * update (rewarded_at IS NULL): of two concurrent receives exactly one claims the row and credits;
 * the other waits for the row lock, finds it claimed and gets 400 missionRewarded.
 */
export async function receiveMissionPoint(db: Db, userId: number, mission: number | string, now: Date) {
  const [m] = await db
    .select()
    .from(missions)
    .where(typeof mission === 'number' ? eq(missions.id, mission) : eq(missions.code, mission))
    .limit(1);
  if (!m || !m.is_active) throw notFound(M.missionNotFound);
  return db.transaction(async (tx) => {
    const [state] = await missionStates(tx, userId, [m]);
    if (!state?.completed) throw badRequest(M.missionNotDone);
    if (state.receivedAt) throw badRequest(M.missionRewarded);
    await tx
      .insert(missionCompletions)
      .values({ user_id: userId, mission_id: m.id, completed_at: now })
      .onConflictDoNothing();
    const [claimed] = await tx
      .update(missionCompletions)
      .set({ rewarded_at: now })
      .where(
        and(
          eq(missionCompletions.user_id, userId),
          eq(missionCompletions.mission_id, m.id),
          isNull(missionCompletions.rewarded_at),
        ),
      )
      .returning({ id: missionCompletions.id });
    if (!claimed) throw badRequest(M.missionRewarded);
    const balance = await earnPoints(tx, {
      userId,
      amount: m.point,
      now,
      reason: 'MISSION',
      refType: 'mission',
      refId: m.id,
    });
    return { result: 'success' as const, point: m.point, balance };
  });
}

/**
 * A review stopped counting (hidden by an operator, or its item returned or cancelled): each review
 * mission (REVIEW_MISSION_CODES) the member's reviews no longer complete loses its recorded
 * completion, and its points when they were received (clawBackPoints: the balance may go
 * negative). Another review completes it again. Returns the points taken back.
 */
export async function revokeLostReviewMissions(tx: Tx, userId: number, now: Date): Promise<number> {
  const done = await tx
    .select({ id: missionCompletions.id, rewarded_at: missionCompletions.rewarded_at, mission: missions })
    .from(missionCompletions)
    .innerJoin(missions, eq(missions.id, missionCompletions.mission_id))
    .where(and(eq(missionCompletions.user_id, userId), inArray(missions.code, [...REVIEW_MISSION_CODES])))
    .for('update', { of: missionCompletions });
  if (done.length === 0) return 0;
  const facts = await missionFacts(tx, userId);
  let taken = 0;
  for (const d of done) {
    if (missionCompleted(d.mission.code, facts)) continue;
    await tx.delete(missionCompletions).where(eq(missionCompletions.id, d.id));
    if (d.rewarded_at === null || d.mission.point <= 0) continue;
    taken += await clawBackPoints(tx, {
      userId,
      amount: d.mission.point,
      now,
      reason: 'MISSION_REVOKED',
      refType: 'mission',
      refId: d.mission.id,
    });
  }
  return taken;
}
