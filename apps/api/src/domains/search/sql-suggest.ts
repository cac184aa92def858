/**
 * Autocomplete in SQL (PgSearchEngine.suggest while the in-memory suggest rows are not loaded):
 * the same matches, tiers and order as suggest-rows.ts computes from memory.
 */
import type { AnalysedQuery, Suggestion } from '@codiroom/shared';
import { and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { SUGGEST_SYNONYM_PENALTY } from './relevance.ts';
import { searchDocuments as D } from './schema.ts';
import { contains } from './sql-conditions.ts';
import { takeSuggestions } from './suggest-rows.ts';

const SUGGEST_KINDS = ['term', 'brand', 'style'];

/**
 * Autocomplete: suggestible documents (terms, brands, styles) ranked exact name, name prefix,
 * inside the name (synonyms after), then brands before keywords before styles, popularity, title.
 * Inputs of three keys or more use the partial trigram index in one statement; shorter ones
 * (which no trigram index serves) read prefix matches (exact included) first through the
 * (kind, name_keys / initials) btree indexes, and the inside-the-name matches only when those
 * do not fill the list.
 */
export async function suggestFromSql(db: Db, q: AnalysedQuery, limit: number): Promise<Suggestion[]> {
  if (!q.normalised) return [];
  let where: SQL;
  let tier: SQL;
  let prefix: SQL;
  if (q.choseong) {
    where = sql`${D.initials} like ${contains(q.initials)}`;
    prefix = sql`${D.initials} like ${`${q.initials}%`}`;
    tier = sql`(case when ${prefix} then 0 else 1 end)`;
  } else {
    const keys = q.readings.map((r) => r.keys);
    where = or(...keys.map((k) => sql`${D.name_keys} like ${contains(k)}`)) ?? sql`false`;
    // Exact and prefix matches of a direct reading: tiers 0 and 1, the only ones below 2.
    const direct = q.readings.filter((r) => !r.synonym).map((r) => sql`${D.name_keys} like ${`${r.keys}%`}`);
    prefix = or(...direct) ?? sql`false`;
    tier = sql`least(${sql.join(
      q.readings.map(
        (r) =>
          sql`(case when ${D.name_keys} = ${r.keys} then 0 when ${D.name_keys} like ${`${r.keys}%`} then 1 else 2 end + ${r.synonym ? SUGGEST_SYNONYM_PENALTY : 0})`,
      ),
      sql`, `,
    )})`;
  }
  const rows = (cond: SQL, n: number) =>
    db
      .select({ kind: D.kind, ref_id: D.ref_id, title: D.title })
      .from(D)
      .where(and(eq(D.suggestible, true), inArray(D.kind, SUGGEST_KINDS), eq(D.is_active, true), cond))
      .orderBy(
        asc(tier),
        // Brands before keywords before styles on a tie, then popularity.
        sql`(case ${D.kind} when 'brand' then 0 when 'term' then 1 else 2 end)`,
        desc(D.popularity),
        // Code point order whatever the database's collation, then the row: the in-memory
        // suggest rows (suggest-rows.ts) break ties the same way.
        sql`${D.title} collate "C"`,
        asc(D.ref_id),
      )
      .limit(n);
  const seen = new Set<string>();
  const out: Suggestion[] = [];
  const take = (list: { kind: string; ref_id: number; title: string }[]) =>
    takeSuggestions(list, limit, out, seen);
  // The first limit × 2 rows in rank order, deduplicated (as many titles repeat across kinds).
  // Three keys or more: the partial trigram index finds every match cheaply, one statement.
  const keys = q.choseong ? [q.initials] : q.readings.map((r) => r.keys);
  if (keys.every((k) => k.length >= 3)) {
    take(await rows(where, limit * 2));
    return out;
  }
  // Shorter (below trigram size): prefix matches through the btree index first.
  const first = await rows(and(where, prefix) as SQL, limit * 2);
  take(first);
  if (out.length < limit && first.length < limit * 2) {
    take(await rows(and(where, sql`not (${prefix})`) as SQL, limit * 2 - first.length));
  }
  return out;
}
