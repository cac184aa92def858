/**
 * The PostgreSQL search engine: substring matches on the stored key form (`all_keys`) and 초성
 * form (`initials`) of search_documents, both ASCII and indexed with pg_trgm GIN indexes, so it
 * runs the same on PGlite and PostgreSQL whatever the locale. When nothing matches, a
 * typo-tolerant fallback uses pg_trgm word similarity on the key form. Product searches start
 * from the term dictionary and postings (search_terms, search_postings: every distinct field of
 * the product documents and the products having it, most popular first): narrow queries are
 * answered from the postings, broad ones know their capped total without counting.
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
import { searchDocuments as D, searchPostings as P, searchTerms as T } from '../../db/schema.ts';
import { ensureSearchIndex } from './documents.ts';
import type { FacetCounts, Hits, Paging, ProductFilters, SearchEngine, TypeCounts } from './engine.ts';
import {
  loadPostings,
  loadSuggestRows,
  type PostingsReplica,
  postingsStamp,
  REPLICA_CHECK_MS,
  Replica,
  rankFromMemory,
  type SuggestRow,
  suggestFromRows,
  suggestStamp,
  takeSuggestions,
  termsContaining,
} from './memory-index.ts';

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
/**
 * A query whose dictionary terms have at most this many postings (× the count cap: 3,000 with
 * COUNT_CAP) is answered from its postings alone: every candidate checked and ranked at once.
 */
const NARROW_FACTOR = 1.2;
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

/** An int[] literal of ids (numbers from the database; inlined so PostgreSQL can hash it). */
const intArray = (ids: number[]) => sql.raw(`'{${ids.map((id) => Math.trunc(id)).join(',')}}'::int[]`);

/** A dictionary term: a field of the stored key (form k) or 초성 (form i) forms. */
interface Term {
  id: number;
  keys: string;
  df: number;
  roles: number;
}
const NAME_ROLE = 1;
const BRAND_ROLE = 2;

/** What the dictionary tells about a query (PgSearchEngine.dictionary). */
export interface DictionaryAnswer {
  /** Terms whose postings hold every match (a superset: each candidate is checked). */
  ids: number[];
  /** How many postings those terms have. */
  postings: number;
  /** The most documents one term proves to match (a term holding a whole reading). */
  surely: number;
  /** Whether a relevance tier can have any document (false: no look-up needed). */
  possible: (tier: number) => boolean;
  /** Terms holding the query's key/초성 forms anywhere (all a relevance tier looks at). */
  around: number[];
  /** How many postings those have. */
  aroundPostings: number;
  /** Terms proving a match by themselves (a whole reading in one field). */
  proving: number[];
  /** The dictionary rows found (terms containing a reading, a word or the 초성 form). */
  terms: Term[];
  /** The terms among `terms` holding `keys` as a match does (syllable-end rule when complete). */
  holds: (keys: string, complete: boolean) => Term[];
}

/** The key (or 초성) forms whose containing terms the dictionary looks up: readings and words. */
function termPatterns(q: AnalysedQuery): string[] {
  return q.choseong ? [q.initials] : [...new Set(q.readings.flatMap((r) => [r.keys, ...r.tokens]))];
}

/** The terms among `rows` holding `keys` as a match does (syllable-end rule when complete). */
function holdsIn<R extends { keys: string }>(rows: R[]): (keys: string, complete: boolean) => R[] {
  return (keys, complete) => {
    const end = complete ? new RegExp(syllableEndPattern(keys)) : null;
    return rows.filter((t) => t.keys.includes(keys) && (!end || end.test(t.keys)));
  };
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

export interface PgSearchOptions {
  /**
   * Keep the suggest rows, the term dictionary and the postings in memory (memory-index.ts):
   * autocomplete and unfiltered relevance/popular product pages then need no statement. Default on.
   */
  memory?: boolean;
  /** How often (ms) the replicas look for writes by other nodes (REPLICA_CHECK_MS). */
  checkMs?: number;
  /** Popularity bounds a broad query is first evaluated within (tests: small catalogues). */
  partialBounds?: number[];
}

export class PgSearchEngine implements SearchEngine {
  readonly name = 'postgresql';
  private readonly suggestRows: Replica<SuggestRow[]> | null;
  private readonly postings: Replica<PostingsReplica> | null;
  private readonly partialBounds: number[] | undefined;

  /** `countCap`: COUNT_CAP unless given (tests take the pool path on a small catalogue with it). */
  constructor(
    private readonly db: Db,
    private readonly countCap = COUNT_CAP,
    opts: PgSearchOptions = {},
  ) {
    const memory = opts.memory ?? true;
    const checkMs = opts.checkMs ?? REPLICA_CHECK_MS;
    this.partialBounds = opts.partialBounds;
    this.suggestRows = memory
      ? new Replica(
          () => loadSuggestRows(db),
          () => suggestStamp(db),
          checkMs,
        )
      : null;
    this.postings = memory
      ? new Replica(
          () => loadPostings(db),
          () => postingsStamp(db),
          checkMs,
        )
      : null;
  }

  /** Makes sure the index exists, and starts loading the in-memory replicas (not awaited). */
  async ready(): Promise<void> {
    await ensureSearchIndex(this.db);
    this.suggestRows?.get();
    this.postings?.get();
  }

  /** Waits until the in-memory replicas answer for the current index (tests, warm-up). */
  async warm(): Promise<void> {
    await ensureSearchIndex(this.db);
    await Promise.all([this.suggestRows?.ready(), this.postings?.ready()]);
  }

  /** Waits for the replicas' loads and checks under way (tests). */
  async settled(): Promise<void> {
    await Promise.all([this.suggestRows?.settled(), this.postings?.settled()]);
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
   * The query's terms in the dictionary (one statement on the small search_terms table): which
   * postings hold every match, how many, whether a single term already proves more than the cap,
   * and which relevance tiers can have documents at all (from where the terms occur).
   * A document matches a reading when one of its fields holds the whole reading (as
   * matchCondition requires: the same LIKE and syllable-end pattern, per field), or, for several
   * words, every word somewhere: those documents all have a term of each word, so the word with
   * the fewest postings stands for the reading.
   */
  async dictionary(q: AnalysedQuery, mem: PostingsReplica | null = null): Promise<DictionaryAnswer> {
    const form = q.choseong ? 'i' : 'k';
    const patterns = termPatterns(q);
    const rows: Term[] = !patterns.length
      ? []
      : mem
        ? termsContaining(q.choseong ? mem.terms.i : mem.terms.k, patterns)
        : (
            await this.db
              .select({ id: T.id, keys: T.keys, df: T.df, roles: T.roles })
              .from(T)
              .where(
                and(
                  eq(T.form, form),
                  sql`${T.df} > 0`,
                  or(...patterns.map((k) => sql`${T.keys} like ${contains(k)}`)),
                ),
              )
          ).map((r) => ({ id: r.id, keys: r.keys, df: Number(r.df), roles: Number(r.roles) }));
    const holds = holdsIn(rows);
    const chosen = new Map<number, Term>();
    let surely = 0;
    if (q.choseong) {
      for (const t of holds(q.initials, false)) {
        chosen.set(t.id, t);
        surely = Math.max(surely, t.df);
      }
    } else {
      for (const r of q.readings) {
        for (const t of holds(r.keys, r.complete)) {
          chosen.set(t.id, t);
          surely = Math.max(surely, t.df);
        }
        if (r.tokens.length > 1) {
          const words = r.tokens.map((k, j) => holds(k, r.tokenComplete[j] ?? false));
          const sum = (ts: Term[]) => ts.reduce((a, t) => a + t.df, 0);
          const rarest = words.reduce((a, b) => (sum(b) < sum(a) ? b : a));
          for (const t of rarest) chosen.set(t.id, t);
        }
      }
    }

    let postings = 0;
    for (const t of chosen.values()) postings += t.df;
    // Relevance tiers that need a term of a given role (plain containment, as relevanceTier).
    const some = (f: (t: Term) => boolean) => rows.some(f);
    const has = (t: Term, role: number) => (t.roles & role) !== 0;
    const possible = (tier: number): boolean => {
      if (q.choseong) {
        const k = q.initials;
        switch (tier) {
          case 0:
            return some((t) => t.keys === k && has(t, NAME_ROLE));
          case 1:
            return some((t) => t.keys === k);
          case 2:
            return some((t) => t.keys.startsWith(k) && has(t, NAME_ROLE));
          case 3:
            return some((t) => t.keys.includes(k) && has(t, NAME_ROLE));
          default:
            return true;
        }
      }
      return q.readings.some((r) => {
        if ((r.synonym ? SYNONYM_PENALTY : 0) !== tier - (tier % SYNONYM_PENALTY)) return false;
        const k = r.keys;
        const nameHas = some((t) => t.keys.includes(k) && has(t, NAME_ROLE));
        switch (tier % SYNONYM_PENALTY) {
          case 0:
            return some((t) => t.keys === k && (has(t, NAME_ROLE) || has(t, BRAND_ROLE)));
          case 1:
            return nameHas && some((t) => t.keys === k);
          case 2:
            return some((t) => t.keys.startsWith(k) && has(t, NAME_ROLE));
          case 3:
            return nameHas;
          case 4:
            return some((t) => t.keys === k);
          case 5:
            return some((t) => t.keys.includes(k) && has(t, BRAND_ROLE));
          default:
            return true;
        }
      });
    };
    const whole = q.choseong ? [q.initials] : q.readings.map((r) => r.keys);
    const around = rows.filter((t) => whole.some((k) => t.keys.includes(k)));
    const proving = q.choseong ? around : [...new Set(q.readings.flatMap((r) => holds(r.keys, r.complete)))];
    return {
      ids: [...chosen.keys()],
      postings,
      surely,
      possible,
      around: around.map((t) => t.id),
      aroundPostings: around.reduce((a, t) => a + t.df, 0),
      proving: proving.map((t) => t.id),
      terms: rows,
      holds,
    };
  }

  /**
   * A page in relevance or popularity order from the postings alone (no document read): the
   * postings of every term holding a reading are grouped by product, which matches when one of
   * its terms proves it, and whose tier (relevanceTier) follows from where its terms are (the
   * posting roles). For queries of single words without filters.
   */
  private async rankPostings(
    q: AnalysedQuery,
    dict: DictionaryAnswer,
    tiered: boolean,
    page: Paging,
  ): Promise<{ total: number; ids: number[] }> {
    if (dict.around.length === 0 || dict.proving.length === 0) return { total: 0, ids: [] };
    const name = sql`(${P.roles} & ${NAME_ROLE}) <> 0`;
    const brand = sql`(${P.roles} & ${BRAND_ROLE}) <> 0`;
    // Which terms equal, start with or contain the reading: id lists (no join with the terms).
    const ids = (f: (t: Term) => boolean) => intArray(dict.terms.filter(f).map((t) => t.id));
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
  private async fromPostings(
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
  private async pooled(
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
    const filter = filterCondition(opts.filters);
    const base = and(eq(D.kind, 'product'), eq(D.is_active, true), filter);
    const ranked = opts.sort === 'relevance' || opts.sort === 'popular';
    const mem = this.postings?.get() ?? null;
    let hits: Hits | null = null;
    if (mem && ranked && filter === undefined) {
      // Unfiltered relevance or popularity: from the in-memory postings, no statement at all.
      const rows = termsContaining(q.choseong ? mem.terms.i : mem.terms.k, termPatterns(q));
      const page = rankFromMemory(
        mem,
        q,
        rows,
        opts.sort === 'relevance',
        opts,
        this.countCap,
        holdsIn(rows),
        this.partialBounds,
      );
      if (page) hits = { ...page, fuzzy: false };
    }
    if (!hits) hits = await this.productsFromSql(q, opts, mem);
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

  /**
   * A product page from SQL, the term dictionary first (from memory when loaded): few postings
   * are all checked in one statement; a term with more documents than the cap proves the total is
   * capped without counting anything (unfiltered).
   */
  private async productsFromSql(
    q: AnalysedQuery,
    opts: Paging & { filters?: ProductFilters; sort: SearchSort },
    mem: PostingsReplica | null,
  ): Promise<Hits> {
    const filter = filterCondition(opts.filters);
    const base = and(eq(D.kind, 'product'), eq(D.is_active, true), filter);
    const exact = and(base, matchCondition(q));
    const ranked = opts.sort === 'relevance' || opts.sort === 'popular';
    const dict = await this.dictionary(q, mem);
    const narrow = Math.round(this.countCap * NARROW_FACTOR);
    const singleWords = q.choseong || q.readings.every((r) => r.tokens.length <= 1);
    if (ranked && filter === undefined && singleWords && dict.aroundPostings <= narrow) {
      return { ...(await this.rankPostings(q, dict, opts.sort === 'relevance', opts)), fuzzy: false };
    } else if (dict.postings <= narrow) {
      return {
        ...(await this.fromPostings(dict.ids, exact, productOrder(opts.sort, q, false), opts)),
        fuzzy: false,
      };
    } else if (ranked) {
      const capped = filter === undefined && dict.surely > this.countCap;
      return {
        ...(await this.pooled(q, base, matchCondition(q), opts, opts.sort === 'relevance', capped, dict)),
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
      return { total, ids: rows.map((r) => r.id), fuzzy: false };
    }
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
    // The suggest rows in memory when loaded: the same ranking without a statement.
    const loaded = this.suggestRows?.get();
    if (loaded) return suggestFromRows(loaded, q, limit);
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
          // Code point order whatever the database's collation, then the row: the in-memory
          // suggest rows (memory-index.ts) break ties the same way.
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
