/**
 * Search figures for the back office dashboard (SPEC.md §9), from search_stats: the most searched
 * keywords between two KST days, and the keywords whose searches found nothing.
 */
import { and, asc, desc, gt, gte, lte, sql } from 'drizzle-orm';
import type { Conn } from '../../platform/transactions.ts';
import { searchStats } from './schema.ts';

/**
 * The top `limit` keywords from `firstDay` to `lastDay` (KST, inclusive) by searches, or with
 * `zeroResults` by searches that found nothing (keywords that always found something are left
 * out); ties by keyword.
 */
export async function topSearchKeywords(
  db: Conn,
  firstDay: string,
  lastDay: string,
  limit: number,
  zeroResults = false,
): Promise<{ keyword: string; searches: number }[]> {
  const days = and(gte(searchStats.day, firstDay), lte(searchStats.day, lastDay));
  const counted = zeroResults ? searchStats.zero_results : searchStats.searches;
  return db
    .select({ keyword: searchStats.keyword, searches: sql<number>`sum(${counted})::int` })
    .from(searchStats)
    .where(zeroResults ? and(days, gt(searchStats.zero_results, 0)) : days)
    .groupBy(searchStats.keyword)
    .orderBy(desc(sql`2`), asc(searchStats.keyword))
    .limit(limit);
}
