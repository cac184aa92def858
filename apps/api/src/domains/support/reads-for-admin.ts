/**
 * Visit figures for the back office dashboard (SPEC.md §9), from the active-user log: sessions
 * (one storefront visit: a member, a guest or else the log row) in a window, per KST day, and the
 * visits that came by a campaign link, per code; and a member's tickets for the member look-up.
 * Plain rows out; the admin domain assembles.
 */
import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { kstDaySql } from '../../platform/kst-day.ts';
import type { Conn } from '../../platform/transactions.ts';
import { eventLogs, supportTickets } from './schema.ts';

type Window = { from: Date; to: Date };

const activeIn = (w: Window) =>
  and(eq(eventLogs.kind, 'ACTIVE_USER'), gte(eventLogs.created_at, w.from), lte(eventLogs.created_at, w.to));
const sessions = sql<number>`count(distinct coalesce(${eventLogs.user_id}::text, ${eventLogs.guest_id}, ${eventLogs.id}::text))::int`;

/** The sessions of the window. */
export async function sessionCount(db: Conn, w: Window): Promise<number> {
  const [s] = await db.select({ n: sessions }).from(eventLogs).where(activeIn(w));
  return Number(s?.n ?? 0);
}

/** Sessions per KST day (days without any are absent). */
export async function sessionsByKstDay(db: Conn, w: Window): Promise<{ day: string; sessions: number }[]> {
  const rows = await db
    .select({ day: kstDaySql(eventLogs.created_at), sessions })
    .from(eventLogs)
    .where(activeIn(w))
    .groupBy(sql`1`);
  return rows.map((r) => ({ day: r.day, sessions: Number(r.sessions) }));
}

/** Visits that carried a campaign code, per code as logged (text). */
export async function visitsByCampaign(db: Conn, w: Window): Promise<{ code: string | null; n: number }[]> {
  const rows = await db
    .select({
      code: sql<string | null>`${eventLogs.payload}->>'campaign_code'`,
      n: sql<number>`count(*)::int`,
    })
    .from(eventLogs)
    .where(and(activeIn(w), sql`${eventLogs.payload} ? 'campaign_code'`))
    .groupBy(sql`1`);
  return rows.map((r) => ({ code: r.code, n: Number(r.n) }));
}

/** A member's latest `limit` 1:1 문의 tickets, newest first (the member look-up). */
export async function memberTicketsForAdmin(db: Conn, userId: number, limit: number) {
  return db
    .select({
      id: supportTickets.id,
      title: supportTickets.title,
      status: supportTickets.status,
      created_at: supportTickets.created_at,
    })
    .from(supportTickets)
    .where(eq(supportTickets.user_id, userId))
    .orderBy(desc(supportTickets.created_at))
    .limit(limit);
}
