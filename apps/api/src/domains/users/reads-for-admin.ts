/** Member figures for the back office dashboard (SPEC.md §3 "Campaign codes"): sign-ups per campaign code. */
import { and, gte, isNotNull, lte, sql } from 'drizzle-orm';
import type { Conn } from '../../platform/transactions.ts';
import { users } from './schema.ts';

/** Members who signed up in the window with a campaign code, per code. */
export async function signUpsByCampaign(
  db: Conn,
  w: { from: Date; to: Date },
): Promise<{ code: number | null; n: number }[]> {
  const rows = await db
    .select({ code: users.campaign_code, n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(isNotNull(users.campaign_code), gte(users.created_at, w.from), lte(users.created_at, w.to)))
    .groupBy(users.campaign_code);
  return rows.map((r) => ({ code: r.code, n: Number(r.n) }));
}
