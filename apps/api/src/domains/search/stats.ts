/**
 * Searches per KST day and keyword for the back office dashboard (top searches, searches with no
 * result). A search adds to an in-memory tally (no database write on the search's path); the tally
 * is written in one upsert when it reaches FLUSH_AT keywords, every FLUSH_MS by the background
 * job, and when the server closes. Several API processes add to the same rows. A tally holds at
 * most MAX_KEYS keywords between writes: further new keywords wait for the next write (dropped).
 */
import { kstDateString } from '@codiroom/shared';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { searchStats } from './schema.ts';
import { keywordOf } from './trends.ts';

export const SEARCH_STATS = { FLUSH_AT: 200, FLUSH_MS: 30_000, MAX_KEYS: 2_000 } as const;

type Tally = Map<string, { day: string; keyword: string; searches: number; zero: number }>;
const tallies = new WeakMap<AppContext, Tally>();

const tallyOf = (ctx: AppContext): Tally => {
  let t = tallies.get(ctx);
  if (!t) {
    t = new Map();
    tallies.set(ctx, t);
  }
  return t;
};

/** Counts one search of `text` that found `hits` results (written later: flushSearchStats). */
export function countSearch(ctx: AppContext, text: string, hits: number): void {
  const keyword = keywordOf(text);
  if (!keyword) return;
  const day = kstDateString(ctx.clock.now());
  const tally = tallyOf(ctx);
  const k = `${day}\t${keyword}`;
  const row = tally.get(k);
  if (row) {
    row.searches += 1;
    if (hits === 0) row.zero += 1;
  } else if (tally.size < SEARCH_STATS.MAX_KEYS) {
    tally.set(k, { day, keyword, searches: 1, zero: hits === 0 ? 1 : 0 });
  }
  // Written in the background: the search that filled the tally does not wait for the upsert.
  if (tally.size >= SEARCH_STATS.FLUSH_AT) void flushSearchStats(ctx).catch(() => undefined);
}

/** Writes the tally (one upsert) and starts a new one. */
export async function flushSearchStats(ctx: AppContext): Promise<number> {
  const tally = tallies.get(ctx);
  if (!tally || tally.size === 0) return 0;
  const rows = [...tally.values()];
  tallies.set(ctx, new Map());
  await ctx.db
    .insert(searchStats)
    .values(rows.map((r) => ({ day: r.day, keyword: r.keyword, searches: r.searches, zero_results: r.zero })))
    .onConflictDoUpdate({
      target: [searchStats.day, searchStats.keyword],
      set: {
        searches: sql`${searchStats.searches} + excluded.searches`,
        zero_results: sql`${searchStats.zero_results} + excluded.zero_results`,
      },
    });
  return rows.length;
}
