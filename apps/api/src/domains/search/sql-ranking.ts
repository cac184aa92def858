/**
 * Product pages ranked in SQL without sorting every match (PgSearchEngine.products when the
 * in-memory postings cannot answer): from the postings alone (rankPostings, fromPostings) for
 * narrow queries, from up to cap + 1 matches or a pool of the most popular ones (pooled) for broad
 * ones, and the capped counts. The order is always that of ranking every match (relevance.ts).
 */
import type { AnalysedQuery } from '@codiroom/shared';
import { and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { DictionaryAnswer } from './dictionary.ts';
import type { Paging } from './engine.ts';
import { BRAND_ROLE, type DictTerm, NAME_ROLE, SYNONYM_PENALTY } from './relevance.ts';
import { searchDocuments as D, searchPostings as P } from './schema.ts';
import { contains, intArray, readingMatch, relevanceTier } from './sql-conditions.ts';

/** Smallest candidate pool (most popular matches) a relevance page is ranked from. */
const POOL_MIN = 60;
/** Relevance tier bases of the key form (relevanceTier) and of a 초성 query. */
const KEY_TIERS = [0, 1, 2, 3, 4, 5, 6];
const CHOSEONG_TIERS = [0, 1, 2, 3, 4];

interface Candidate {
  id: number;
  pop: number;
  tier: number;
}

const byRank = (a: Candidate, b: Candidate) => a.tier - b.tier || b.pop - a.pop || b.id - a.id;

/** The SQL ranking of product pages over one database, totals capped at `countCap`. */
export class SqlRanking {
  constructor(
    private readonly db: Db,
    private readonly countCap: number,
  ) {}

  async count(where: SQL | undefined): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`count(*)::int` }).from(D).where(where);
    return Number(row?.n ?? 0);
  }

  /** Matches counted up to cap + 1 (COUNT_CAP; more than cap means "cap or more"). */
  async countUpTo(where: SQL | undefined): Promise<number> {
    const first = this.db
      .select({ one: sql`1`.as('one') })
      .from(D)
      .where(where)
      .limit(this.countCap + 1)
      .as('first');
    const [row] = await this.db.select({ n: sql<number>`count(*)::int` }).from(first);
    return Number(row?.n ?? 0);
  }

  /** The most popular matches of `where` with their relevance tier (0 for popularity order). */
  private candidates(where: SQL | undefined, tier: SQL, limit: number): Promise<Candidate[]> {
    return this.db
      .select({ id: D.ref_id, pop: D.popularity, tier: sql<number>`${tier}`.mapWith(Number) })
      .from(D)
      .where(where)
      .orderBy(desc(D.popularity), desc(D.ref_id))
      .limit(limit);
  }

  /**
   * A page in relevance or popularity order from the postings alone (no document read): the
   * postings of every term holding a reading are grouped by product, which matches when one of
   * its terms proves it, and whose tier (relevanceTier) follows from where its terms are (the
   * posting roles). For queries of single words without filters.
   */
  async rankPostings(
    q: AnalysedQuery,
    dict: DictionaryAnswer,
    tiered: boolean,
    page: Paging,
  ): Promise<{ total: number; ids: number[] }> {
    if (dict.around.length === 0 || dict.proving.length === 0) return { total: 0, ids: [] };
    const name = sql`(${P.roles} & ${NAME_ROLE}) <> 0`;
    const brand = sql`(${P.roles} & ${BRAND_ROLE}) <> 0`;
    // Which terms equal, start with or contain the reading: id lists (no join with the terms).
    const ids = (f: (t: DictTerm) => boolean) => intArray(dict.terms.filter(f).map((t) => t.id));
    const within = (list: SQL, role?: SQL) =>
      sql`bool_or(${P.term_id} = any(${list})${role ? sql` and ${role}` : sql``})`;
    const tierOf = (k: string) => {
      const equal = ids((t) => t.keys === k);
      const prefix = ids((t) => t.keys.startsWith(k));
      const inside = ids((t) => t.keys.includes(k));
      return { equal, prefix, inside };
    };
    let tier: SQL | null = null;
    if (tiered && q.choseong) {
      const { equal, prefix, inside } = tierOf(q.initials);
      tier = sql`(case when ${within(equal, name)} then 0
        when ${within(equal)} then 1
        when ${within(prefix, name)} then 2
        when ${within(inside, name)} then 3 else 4 end)`;
    } else if (tiered) {
      const cases = q.readings.map((r) => {
        const { equal, prefix, inside } = tierOf(r.keys);
        return sql`(case when ${within(equal, sql`(${name} or ${brand})`)} then 0
          when ${within(inside, name)} and ${within(equal)} then 1
          when ${within(prefix, name)} then 2
          when ${within(inside, name)} then 3
          when ${within(equal)} then 4
          when ${within(inside, brand)} then 5
          else 6 end + ${r.synonym ? SYNONYM_PENALTY : 0})`;
      });
      tier = cases.length === 1 ? (cases[0] as SQL) : sql`least(${sql.join(cases, sql`, `)})`;
    }
    const pop = sql`max(${P.popularity})`;
    const rows = await this.db
      .select({ id: P.ref_id, n: sql<number>`(count(*) over ())::int` })
      .from(P)
      .where(sql`${P.term_id} = any(${intArray(dict.around)})`)
      .groupBy(P.ref_id)
      .having(sql`bool_or(${P.term_id} = any(${intArray(dict.proving)}))`)
      .orderBy(...(tier ? [tier] : []), sql`${pop} desc`, desc(P.ref_id))
      .limit(page.limit)
      .offset(page.offset);
    let n = rows.length > 0 ? Number(rows[0]?.n ?? 0) : 0;
    if (rows.length === 0 && page.offset > 0) {
      const [c] = await this.db
        .select({ n: sql<number>`count(distinct ${P.ref_id})::int` })
        .from(P)
        .where(sql`${P.term_id} = any(${intArray(dict.proving)})`);
      n = Number(c?.n ?? 0);
    }
    return { total: Math.min(n, this.countCap), ids: rows.map((r) => r.id) };
  }

  /**
   * A page of the matches among the postings of `terms` (few enough to check them all), in
   * `order`, with the number of matches (capped): one statement.
   */
  async fromPostings(
    terms: number[],
    where: SQL | undefined,
    order: SQL[],
    page: Paging,
  ): Promise<{ total: number; ids: number[] }> {
    if (terms.length === 0) return { total: 0, ids: [] };
    // The candidates as an array (not a join): the documents are then looked up by id, never
    // walked in popularity order with the postings as a filter.
    const candidates = sql`${D.ref_id} = any(array(select distinct ${P.ref_id} from ${P} where ${P.term_id} = any(${intArray(terms)})))`;
    const cond = and(candidates, where);
    const rows = await this.db
      .select({ id: D.ref_id, n: sql<number>`(count(*) over ())::int` })
      .from(D)
      .where(cond)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset);
    const n = rows.length > 0 ? Number(rows[0]?.n ?? 0) : page.offset > 0 ? await this.countUpTo(cond) : 0;
    return { total: Math.min(n, this.countCap), ids: rows.map((r) => r.id) };
  }

  /**
   * A page in relevance (tier, then popularity) or popularity order without ranking every match.
   * First up to cap + 1 matches (COUNT_CAP) are read unordered (the trigram index, stopping
   * there) and ranked in the same statement: with at most cap matches that is the answer. A
   * broader query answers the total cap and ranks a pool of its most popular matches (a walk down
   * the (kind, popularity) index, short since so many rows match). The pool holds, for
   * every tier, that tier's most popular rows; a tier whose pooled rows together
   * with the better tiers' already fill the page cannot be overtaken from outside the pool, so
   * only the better tiers are looked up beyond it, each by its own narrow condition (exact name
   * and name prefix through the btree index, brand through the brand documents, whole fields
   * through the trigram index). The order is the same as ranking every match.
   */
  async pooled(
    q: AnalysedQuery,
    base: SQL | undefined,
    match: SQL,
    page: Paging,
    tiered: boolean,
    capped = false,
    dict?: DictionaryAnswer,
  ): Promise<{ total: number; ids: number[] }> {
    const where = and(base, match);
    const tier = tiered ? relevanceTier(q) : sql`0`;
    if (!capped) {
      const first = await this.rankFirst(where, tier, page);
      if (first) return first;
    }
    return this.fromPool(q, base, match, page, tiered, dict);
  }

  /** Up to cap + 1 matches read and ranked at once: the answer when there are at most cap. */
  private async rankFirst(
    where: SQL | undefined,
    tier: SQL,
    page: Paging,
  ): Promise<{ total: number; ids: number[] } | null> {
    // Up to cap + 1 matches in no particular order (the trigram index, stopping there): all
    // of them for a narrow query, ranked here; for a broad one the total is capped.
    const some = this.db
      .select({ id: D.ref_id, pop: D.popularity, tier: sql<number>`${tier}`.as('tier') })
      .from(D)
      .where(where)
      .limit(this.countCap + 1)
      .as('some');
    const first = await this.db
      .select({ id: some.id, n: sql<number>`(count(*) over ())::int` })
      .from(some)
      .orderBy(asc(some.tier), desc(some.pop), desc(some.id))
      .limit(page.limit)
      .offset(page.offset);
    const n = first.length > 0 ? Number(first[0]?.n ?? 0) : page.offset > 0 ? await this.countUpTo(where) : 0;
    return n <= this.countCap ? { total: n, ids: first.map((r) => r.id) } : null;
  }

  /** A page of a query with more than cap matches, ranked from a pool (see pooled). */
  private async fromPool(
    q: AnalysedQuery,
    base: SQL | undefined,
    match: SQL,
    page: Paging,
    tiered: boolean,
    dict?: DictionaryAnswer,
  ): Promise<{ total: number; ids: number[] }> {
    const where = and(base, match);
    const need = page.offset + page.limit;
    const tier = tiered ? relevanceTier(q) : sql`0`;
    const total = this.countCap;
    // Broad (more than cap matches, 2.5 % of 100,000 products with COUNT_CAP): walking the popularity
    // index finds the most popular ones after a few thousand rows at most.
    const size = Math.max(POOL_MIN, need * 2);
    const pool = await this.candidates(where, tier, size);
    if (!tiered) return { total, ids: pool.slice(page.offset, need).map((c) => c.id) };
    const bases = q.choseong ? CHOSEONG_TIERS : KEY_TIERS;
    const tiers = q.choseong
      ? bases
      : [...new Set(q.readings.flatMap((r) => bases.map((b) => b + (r.synonym ? SYNONYM_PENALTY : 0))))].sort(
          (a, b) => a - b,
        );
    // Tiers before the first one whose pooled rows (with the better tiers') fill the page.
    const open: number[] = [];
    let filled = 0;
    for (const t of tiers) {
      filled += pool.filter((c) => c.tier === t).length;
      if (filled >= need) break;
      // A tier no dictionary term can give (no name or brand equal to the query …) is empty.
      if (!dict || dict.possible(t)) open.push(t);
    }
    const last = pool[pool.length - 1] as Candidate;
    const beyond = sql`${D.popularity} <= ${last.pop}`;
    const lookups = await Promise.all(
      open.flatMap((t) =>
        this.narrow(q, t).map(async (cond) => {
          const c = await cond;
          // The match itself only filters (coalesce keeps it off the trigram index): the narrow
          // condition's index finds the rows.
          return c
            ? this.candidates(
                and(base, beyond, c, sql`coalesce(${match}, false)`, sql`${tier} = ${t}`),
                tier,
                need,
              )
            : [];
        }),
      ),
    );
    const all = new Map(pool.map((c) => [c.id, c]));
    for (const rows of lookups) for (const c of rows) all.set(c.id, c);
    const ranked = [...all.values()].sort(byRank);
    return { total, ids: ranked.slice(page.offset, need).map((c) => c.id) };
  }

  /** Brand ids whose name (or English name) in key form is one of `keys`. */
  private async brandIds(keys: string[]): Promise<number[]> {
    if (keys.length === 0) return [];
    const rows = await this.db
      .select({ id: D.ref_id })
      .from(D)
      .where(and(eq(D.kind, 'brand'), or(...keys.map((k) => sql`${D.brand_keys} like ${`%|${k}|%`}`))));
    return rows.map((r) => r.id);
  }

  /**
   * Narrow, index-backed conditions that together cover every row of relevance tier `t` (each
   * is a separate lookup, so that each can use its own index); null when one has nothing to find.
   */
  private narrow(q: AnalysedQuery, t: number): Promise<SQL | null>[] {
    if (q.choseong) {
      const k = q.initials;
      switch (t) {
        case 0:
          return [Promise.resolve(sql`(${D.initials} = ${k} or ${D.initials} like ${`${k}|%`})`)];
        case 2:
          return [Promise.resolve(sql`${D.initials} like ${`${k}%`}`)];
        default:
          return [Promise.resolve(sql`${D.initials} like ${contains(k)}`)];
      }
    }
    const readings = q.readings.filter(
      (r) => (r.synonym ? SYNONYM_PENALTY : 0) === t - (t % SYNONYM_PENALTY),
    );
    if (readings.length === 0) return [];
    const keys = readings.map((r) => r.keys);
    const any = (f: (k: string) => SQL) => or(...keys.map(f)) as SQL;
    switch (t % SYNONYM_PENALTY) {
      case 0:
        return [
          Promise.resolve(any((k) => sql`${D.name_keys} = ${k}`)),
          this.brandIds(keys).then((ids) => (ids.length ? inArray(D.brand_id, ids) : null)),
        ];
      case 2:
        return [Promise.resolve(any((k) => sql`${D.name_keys} like ${`${k}%`}`))];
      case 6:
        return [Promise.resolve(or(...readings.map(readingMatch)) as SQL)];
      default:
        // Tiers 1 and 3 to 5 need the whole reading in the name, a field or the brand, all of
        // which are in all_keys (narrow for several words, or a reading rarer than the others).
        return [Promise.resolve(any((k) => sql`${D.all_keys} like ${contains(k)}`))];
    }
  }
}
