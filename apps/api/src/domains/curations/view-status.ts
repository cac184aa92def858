/**
 * The member's curation view status (the MY큐레이션 red dot) and the AI curations left this KST
 * month: read by the curations routes, the requests, and users' `/api/users/curation-status`
 * (through users' ports, reads-for-users.ts).
 */
import { AI_CURATIONS_PER_MONTH, type CurationViewStatus, kstDate, kstParts } from '@codiroom/shared';
import { and, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import type { Conn } from '../../platform/transactions.ts';
import { curations } from './schema.ts';

/**
 * AI curations the member may still ask for this KST month: AI_CURATIONS_PER_MONTH minus the
 * curations requested this month (the style quiz's first one included; a request counts when it is
 * asked for, whether it waits, is being prepared or was published).
 */
export async function aiCurationsLeft(db: Conn, userId: number, now: Date): Promise<number> {
  const { year, month } = kstParts(now);
  const monthStart = kstDate(year, month, 1);
  const nextMonthStart = month === 12 ? kstDate(year + 1, 1, 1) : kstDate(year, month + 1, 1);
  const [row] = await db
    .select({ n: count() })
    .from(curations)
    .where(
      and(
        eq(curations.user_id, userId),
        gte(curations.created_at, monthStart),
        lt(curations.created_at, nextMonthStart),
      ),
    );
  return Math.max(0, AI_CURATIONS_PER_MONTH - Number(row?.n ?? 0));
}

/** The member's latest DONE curation (by delivery, then creation). */
export async function latestDoneCuration(db: Conn, userId: number) {
  const [row] = await db
    .select({ viewed: curations.viewed, curator_name: curations.curator_name })
    .from(curations)
    .where(and(eq(curations.user_id, userId), eq(curations.status, 'DONE')))
    .orderBy(sql`coalesce(${curations.delivered_at}, ${curations.created_at}) desc`, desc(curations.id))
    .limit(1);
  return row ?? null;
}

export async function viewStatusAt(db: Conn, userId: number, now: Date): Promise<CurationViewStatus> {
  const [latest, left] = await Promise.all([
    latestDoneCuration(db, userId),
    aiCurationsLeft(db, userId, now),
  ]);
  return {
    current_curation_viewed: latest === null ? null : latest.viewed === true,
    next_ai_curation_left: left,
  };
}

export async function curationViewStatus(ctx: AppContext, userId: number): Promise<CurationViewStatus> {
  return viewStatusAt(ctx.db, userId, ctx.clock.now());
}
