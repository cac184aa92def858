/**
 * The PostgreSQL search engine: substring matches on the stored key form (`all_keys`) and 초성
 * form (`initials`) of search_documents, both ASCII and indexed with pg_trgm GIN indexes, so it
 * runs the same on PGlite and PostgreSQL whatever the locale. When nothing matches, a
 * typo-tolerant fallback uses pg_trgm word similarity on the key form.
 *
 * Relevance (sort=relevance): exact name or exact brand match, then name prefix, then name
 * substring, then brand, then other fields (category, colour, fit, tags); popularity within a tier.
 */
import {
  type AnalysedQuery,
  SEARCH_COUNT_CAP,
  SEARCH_PRICE_RANGES,
  type SearchSort,
  type Suggestion,
  syllableEndPattern,
} from '@codiroom/shared';
import { and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { searchDocuments as D } from '../../db/schema.ts';
import { ensureSearchIndex } from './documents.ts';
import type { FacetCounts, Hits, Paging, ProductFilters, SearchEngine, TypeCounts } from './engine.ts';

/** Shortest key form the fuzzy fallback tries (below that, similarity is noise). */
const FUZZY_MIN_KEYS = 4;

const contains = (k: string) => `%${k}%`;
const SUGGEST_KINDS = ['term', 'brand', 'style'];
/** Synonym readings rank after every direct match (패딩 before 다운). */
const SYNONYM_PENALTY = 10;
/**
 * Product totals are counted up to this figure and answered as it beyond (a broad word has tens
 * of thousands of hits on a big catalogue; counting them all cost more than the page itself).
 * Up to it, matches are also ranked all together in one statement; beyond it, from a pool.
 */
export const COUNT_CAP = SEARCH_COUNT_CAP;
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

/** Exact matching of a query against the key or initials form. Keys are [a-z0-9] only. */
export function matchCondition(q: AnalysedQuery): SQL {
  if (q.choseong) return sql`${D.initials} like ${contains(q.initials)}`;
  const parts = q.readings.map(readingMatch);
  return parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`false`;
}

/** The match condition of one reading (the query matches when any reading does). */
function readingMatch(r: AnalysedQuery['readings'][number]): SQL {
  // A word ending in a whole syllable matches only where a syllable ends (코트 not in 코튼); a
  // trailing lone jamo (맨투ㅁ) or latin text matches anywhere.
  const has = (keys: string, complete: boolean) =>
    complete
      ? // The LIKE is the cheap, indexable pre-filter; the regex runs on its rows only. coalesce
        // hides the regex from the planner: estimated as an independent second filter it made
        // broad words look 30 times rarer than they are (bitmap scans instead of index walks).
        sql`(${D.all_keys} like ${contains(keys)} and coalesce(${D.all_keys} ~ ${syllableEndPattern(keys)}, false))`
      : sql`${D.all_keys} like ${contains(keys)}`;
  const whole = has(r.keys, r.complete);
  if (r.tokens.length <= 1) return whole;
  const every = sql.join(
    r.tokens.map((t, i) => has(t, r.tokenComplete[i] ?? false)),
    sql` and `,
  );
  return sql`(${whole} or (${every}))`;
}

function fuzzyCondition(q: AnalysedQuery): SQL | null {
  if (q.choseong) return null;
  const keys = q.readings.map((r) => r.keys).filter((k) => k.length >= FUZZY_MIN_KEYS);
  if (keys.length === 0) return null;
  return sql`(${sql.join(
    keys.map((k) => sql`${k} <% ${D.all_keys}`),
    sql` or `,
  )})`;
}

function fuzzyScore(q: AnalysedQuery): SQL {
  const keys = q.readings.map((r) => r.keys);
  return sql`greatest(${sql.join(
    keys.map((k) => sql`word_similarity(${k}, ${D.all_keys})`),
    sql`, `,
  )})`;
}

/**
 * Relevance tier (0 best) of a document for the query: exact name or brand; a whole word of the
 * name; name prefix; inside the name (also inside a word: 코트 in 코튼); a whole other field
 * (category, colour, tag); inside the brand; anywhere else.
 */
export function relevanceTier(q: AnalysedQuery): SQL {
  if (q.choseong) {
    const name = sql`split_part(${D.initials}, '|', 1)`;
    return sql`(case when ${name} = ${q.initials} then 0
      when ('|' || ${D.initials} || '|') like ${`%|${q.initials}|%`} then 1
      when ${D.initials} like ${`${q.initials}%`} then 2
      when ${name} like ${contains(q.initials)} then 3 else 4 end)`;
  }
  const fields = sql`('|' || ${D.all_keys} || '|')`;
  const cases = q.readings.map((r) => {
    const word = `%|${r.keys}|%`;
    return sql`(case when ${D.name_keys} = ${r.keys} or ${D.brand_keys} like ${word} then 0
      when ${D.name_keys} like ${contains(r.keys)} and ${fields} like ${word} then 1
      when ${D.name_keys} like ${`${r.keys}%`} then 2
      when ${D.name_keys} like ${contains(r.keys)} then 3
      when ${fields} like ${word} then 4
      when ${D.brand_keys} like ${contains(r.keys)} then 5
      else 6 end + ${r.synonym ? SYNONYM_PENALTY : 0})`;
  });
  return cases.length === 1 ? (cases[0] as SQL) : sql`least(${sql.join(cases, sql`, `)})`;
}

function filterCondition(f: ProductFilters | undefined): SQL | undefined {
  if (!f) return undefined;
  return and(
    f.brandIds?.length ? inArray(D.brand_id, f.brandIds) : undefined,
    f.categoryIds ? (f.categoryIds.length ? inArray(D.category_id, f.categoryIds) : sql`false`) : undefined,
    f.priceMin !== undefined ? sql`${D.price_discount} >= ${f.priceMin}` : undefined,
    f.priceMax !== undefined ? sql`${D.price_discount} <= ${f.priceMax}` : undefined,
    f.sizes?.length ? sql`${D.sizes} && ${sql.param(f.sizes)}::text[]` : undefined,
    f.colors?.length ? inArray(D.color_name, f.colors) : undefined,
  );
}

function productOrder(sort: SearchSort, q: AnalysedQuery, fuzzy: boolean): SQL[] {
  const tail = [desc(D.popularity), desc(D.ref_id)];
  switch (sort) {
    case 'popular':
      return tail;
    case 'newest':
      return [sql`${D.created_at} desc nulls last`, desc(D.ref_id)];
    case 'price_asc':
      return [asc(D.price_discount), desc(D.ref_id)];
    case 'price_desc':
      return [desc(D.price_discount), desc(D.ref_id)];
    case 'discount':
      return [sql`(${D.price} - ${D.price_discount})::float / greatest(${D.price}, 1) desc`, ...tail];
    default:
      return fuzzy ? [sql`${fuzzyScore(q)} desc`, ...tail] : [asc(relevanceTier(q)), ...tail];
  }
}

export class PgSearchEngine implements SearchEngine {
  readonly name = 'postgresql';
  /** `countCap`: COUNT_CAP unless given (tests take the pool path on a small catalogue with it). */
  constructor(
    private readonly db: Db,
    private readonly countCap = COUNT_CAP,
  ) {}

  ready(): Promise<void> {
    return ensureSearchIndex(this.db);
  }

  private async count(where: SQL | undefined): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`count(*)::int` }).from(D).where(where);
    return Number(row?.n ?? 0);
  }

  /** Matches counted up to cap + 1 (COUNT_CAP; more than cap means "cap or more"). */
  private async countUpTo(where: SQL | undefined): Promise<number> {
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
  private async pooled(
    q: AnalysedQuery,
    base: SQL | undefined,
    match: SQL,
    page: Paging,
    tiered: boolean,
  ): Promise<{ total: number; ids: number[] }> {
    const where = and(base, match);
    const need = page.offset + page.limit;
    const tier = tiered ? relevanceTier(q) : sql`0`;
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
    if (n <= this.countCap) return { total: n, ids: first.map((r) => r.id) };
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
      open.push(t);
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

  /**
   * The match condition for `kind`: exact when anything matches exactly, else the fuzzy
   * fallback (products, styles and brands only).
   */
  private async resolve(
    kind: string,
    q: AnalysedQuery,
    extra?: SQL,
    capped = false,
  ): Promise<{ where: SQL | undefined; total: number; fuzzy: boolean }> {
    const base = and(eq(D.kind, kind), eq(D.is_active, true), extra);
    const exact = and(base, matchCondition(q));
    const count = async (w: SQL | undefined) =>
      capped ? Math.min(await this.countUpTo(w), this.countCap) : this.count(w);
    const total = await count(exact);
    if (total > 0) return { where: exact, total, fuzzy: false };
    const fuzzy = fuzzyCondition(q);
    if (!fuzzy) return { where: exact, total: 0, fuzzy: false };
    const where = and(base, fuzzy);
    const n = await count(where);
    return n > 0 ? { where, total: n, fuzzy: true } : { where: exact, total: 0, fuzzy: false };
  }

  /**
   * One page of `kind` and the total in one statement (count(*) over ()); the exact match first,
   * the fuzzy fallback only when nothing matches exactly.
   */
  private async page(
    kind: string,
    q: AnalysedQuery,
    page: Paging,
    order: (fuzzy: boolean) => SQL[],
    extra?: SQL,
  ): Promise<Hits> {
    const base = and(eq(D.kind, kind), eq(D.is_active, true), extra);
    const attempt = async (where: SQL | undefined, fuzzy: boolean): Promise<Hits> => {
      const rows = await this.db
        .select({ id: D.ref_id, total: sql<number>`(count(*) over ())::int` })
        .from(D)
        .where(where)
        .orderBy(...order(fuzzy))
        .limit(page.limit)
        .offset(page.offset);
      if (rows.length > 0) return { total: Number(rows[0]?.total ?? 0), ids: rows.map((r) => r.id), fuzzy };
      // Past the last page (or nothing): the total needs its own count.
      return { total: page.offset > 0 ? await this.count(where) : 0, ids: [], fuzzy };
    };
    const exact = await attempt(and(base, matchCondition(q)), false);
    if (exact.total > 0) return exact;
    const fuzzy = fuzzyCondition(q);
    if (!fuzzy) return exact;
    const loose = await attempt(and(base, fuzzy), true);
    return loose.total > 0 ? loose : exact;
  }

  async products(
    q: AnalysedQuery,
    opts: Paging & { filters?: ProductFilters; sort: SearchSort },
  ): Promise<Hits> {
    const base = and(eq(D.kind, 'product'), eq(D.is_active, true), filterCondition(opts.filters));
    const exact = and(base, matchCondition(q));
    let hits: Hits;
    if (opts.sort === 'relevance' || opts.sort === 'popular') {
      hits = {
        ...(await this.pooled(q, base, matchCondition(q), opts, opts.sort === 'relevance')),
        fuzzy: false,
      };
    } else {
      // Other orders sort every match (no index serves them); the total is capped all the same.
      const rows = await this.db
        .select({ id: D.ref_id })
        .from(D)
        .where(exact)
        .orderBy(...productOrder(opts.sort, q, false))
        .limit(opts.limit)
        .offset(opts.offset);
      const total =
        opts.offset === 0 && rows.length < opts.limit
          ? rows.length
          : Math.min(await this.countUpTo(exact), this.countCap);
      hits = { total, ids: rows.map((r) => r.id), fuzzy: false };
    }
    if (hits.total > 0) return hits;
    // Nothing matches exactly: the typo-tolerant fallback (few rows by nature).
    const fuzzy = fuzzyCondition(q);
    if (!fuzzy) return hits;
    const where = and(base, fuzzy);
    const rows = await this.db
      .select({ id: D.ref_id, total: sql<number>`(count(*) over ())::int` })
      .from(D)
      .where(where)
      .orderBy(...productOrder(opts.sort, q, true))
      .limit(opts.limit)
      .offset(opts.offset);
    const total =
      rows.length > 0 ? Number(rows[0]?.total ?? 0) : opts.offset > 0 ? await this.countUpTo(where) : 0;
    return total > 0
      ? { total: Math.min(total, this.countCap), ids: rows.map((r) => r.id), fuzzy: true }
      : hits;
  }

  private ranked(kind: string, q: AnalysedQuery, page: Paging): Promise<Hits> {
    return this.page(kind, q, page, (fuzzy) => [
      fuzzy ? sql`${fuzzyScore(q)} desc` : asc(relevanceTier(q)),
      desc(D.popularity),
      desc(D.ref_id),
    ]);
  }

  styles(q: AnalysedQuery, page: Paging): Promise<Hits> {
    return this.ranked('style', q, page);
  }

  brands(q: AnalysedQuery, page: Paging): Promise<Hits> {
    return this.ranked('brand', q, page);
  }

  posts(q: AnalysedQuery, page: Paging): Promise<Hits> {
    return this.ranked('post', q, page);
  }

  /**
   * Autocomplete: suggestible documents (terms, brands, styles) ranked exact name, name prefix,
   * inside the name (synonyms after), then brands before keywords before styles, popularity, title.
   * Inputs of three keys or more use the partial trigram index in one statement; shorter ones
   * (which no trigram index serves) read prefix matches (exact included) first through the
   * (kind, name_keys / initials) btree indexes, and the inside-the-name matches only when those
   * do not fill the list.
   */
  async suggest(q: AnalysedQuery, limit: number): Promise<Suggestion[]> {
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
      const direct = q.readings
        .filter((r) => !r.synonym)
        .map((r) => sql`${D.name_keys} like ${`${r.keys}%`}`);
      prefix = or(...direct) ?? sql`false`;
      tier = sql`least(${sql.join(
        q.readings.map(
          (r) =>
            sql`(case when ${D.name_keys} = ${r.keys} then 0 when ${D.name_keys} like ${`${r.keys}%`} then 1 else 2 end + ${r.synonym ? 3 : 0})`,
        ),
        sql`, `,
      )})`;
    }
    const rows = (cond: SQL, n: number) =>
      this.db
        .select({ kind: D.kind, ref_id: D.ref_id, title: D.title })
        .from(D)
        .where(and(eq(D.suggestible, true), inArray(D.kind, SUGGEST_KINDS), eq(D.is_active, true), cond))
        .orderBy(
          asc(tier),
          // Brands before keywords before styles on a tie, then popularity.
          sql`(case ${D.kind} when 'brand' then 0 when 'term' then 1 else 2 end)`,
          desc(D.popularity),
          asc(D.title),
        )
        .limit(n);
    const seen = new Set<string>();
    const out: Suggestion[] = [];
    const take = (list: { kind: string; ref_id: number; title: string }[]) => {
      for (const r of list) {
        if (out.length >= limit) break;
        const key = `${r.kind}:${r.title}`;
        if (seen.has(key)) continue;
        seen.add(key);
        out.push(
          r.kind === 'term'
            ? { keyword: r.title, type: 'keyword', id: null }
            : { keyword: r.title, type: r.kind === 'brand' ? 'brand' : 'style', id: r.ref_id },
        );
      }
    };
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

  async filters(q: AnalysedQuery): Promise<FacetCounts> {
    const { where, total } = await this.resolve('product', q);
    if (total === 0) {
      return {
        total: 0,
        brands: [],
        categories: [],
        price: { min: null, max: null },
        priceRanges: SEARCH_PRICE_RANGES.map(() => 0),
        sizes: [],
        colors: [],
      };
    }
    const n = sql<number>`count(*)::int`;
    const brandRows = await this.db
      .select({ id: D.brand_id, count: n })
      .from(D)
      .where(where)
      .groupBy(D.brand_id)
      .orderBy(desc(n), asc(D.brand_id))
      .limit(50);
    const categoryRows = await this.db
      .select({ id: D.category_id, count: n })
      .from(D)
      .where(where)
      .groupBy(D.category_id)
      .orderBy(desc(n), asc(D.category_id));
    const rangeCols = SEARCH_PRICE_RANGES.map(
      (r) =>
        sql<number>`count(*) filter (where ${D.price_discount} >= ${r.min}${
          r.max === null ? sql`` : sql` and ${D.price_discount} < ${r.max}`
        })::int`,
    );
    const [priceRow] = await this.db
      .select({
        min: sql<number | null>`min(${D.price_discount})`,
        max: sql<number | null>`max(${D.price_discount})`,
        ranges: sql<number[]>`array[${sql.join(rangeCols, sql`, `)}]`,
      })
      .from(D)
      .where(where);
    const size = sql<string>`unnest(${D.sizes})`;
    const sizeRows = await this.db
      .select({ size_name: size, count: n })
      .from(D)
      .where(where)
      .groupBy(sql`1`)
      .orderBy(desc(n), sql`1`);
    const colorRows = await this.db
      .select({ color_name: D.color_name, color_hex: D.color_hex, count: n })
      .from(D)
      .where(where)
      .groupBy(D.color_name, D.color_hex)
      .orderBy(desc(n), asc(D.color_name));
    return {
      total,
      brands: brandRows.flatMap((r) => (r.id === null ? [] : [{ id: r.id, count: Number(r.count) }])),
      categories: categoryRows.flatMap((r) => (r.id === null ? [] : [{ id: r.id, count: Number(r.count) }])),
      price: {
        min: priceRow?.min === null || priceRow?.min === undefined ? null : Number(priceRow.min),
        max: priceRow?.max === null || priceRow?.max === undefined ? null : Number(priceRow.max),
      },
      priceRanges: (priceRow?.ranges ?? SEARCH_PRICE_RANGES.map(() => 0)).map(Number),
      sizes: sizeRows.map((r) => ({ size_name: r.size_name, count: Number(r.count) })),
      colors: colorRows.flatMap((r) =>
        r.color_name
          ? [{ color_name: r.color_name, color_hex: r.color_hex ?? '#000000', count: Number(r.count) }]
          : [],
      ),
    };
  }

  async counts(q: AnalysedQuery): Promise<TypeCounts> {
    const out: TypeCounts = { product: 0, style: 0, brand: 0, post: 0 };
    for (const kind of ['product', 'style', 'brand', 'post'] as const) {
      // Capped like the product search's total (COUNT_CAP).
      out[kind] = (await this.resolve(kind, q, undefined, true)).total;
    }
    return out;
  }
}
