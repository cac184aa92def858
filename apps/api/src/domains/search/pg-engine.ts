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
  analyseQuery,
  SEARCH_COUNT_CAP,
  type SearchSort,
  type Suggestion,
} from '@codiroom/shared';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type DictionaryAnswer, lookupDictionary } from './dictionary.ts';
import { corrections, vocabularyOf } from './did-you-mean.ts';
import { ensureSearchIndex } from './documents.ts';
import type {
  FacetCounts,
  Hits,
  Paging,
  ProductFilters,
  ProductQuery,
  SearchEngine,
  TypeCounts,
} from './engine.ts';
import { facetCounts } from './facets.ts';
import { indexGeneration } from './generation.ts';
import { rankFromMemory } from './memory-rank.ts';
import { loadPostings, type PostingsReplica, postingsStamp, termsContaining } from './postings-replica.ts';
import { holdsIn, termPatterns } from './relevance.ts';
import { REPLICA_CHECK_MS, Replica } from './replica.ts';
import { searchDocuments as D } from './schema.ts';
import {
  filterCondition,
  fuzzyCondition,
  fuzzyScore,
  matchCondition,
  productOrder,
  relevanceTier,
} from './sql-conditions.ts';
import { SqlRanking } from './sql-ranking.ts';
import { suggestFromSql } from './sql-suggest.ts';
import { loadSuggestRows, type SuggestRow, suggestFromRows, suggestStamp } from './suggest-rows.ts';

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
/** Keywords (the most popular) and rounds the warm-up runs through the in-memory paths. */
const WARM_KEYWORDS = 16;
const WARM_ROUNDS = 3;
/** Without the in-memory suggest rows, the did-you-mean vocabulary is read again after a minute. */
const VOCABULARY_TTL_MS = 60_000;

export interface PgSearchOptions {
  /**
   * Keep the suggest rows, the term dictionary and the postings in memory (suggest-rows.ts,
   * postings-replica.ts; ranked by memory-rank.ts):
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
  /** The SQL ranking of product pages and the capped counts (sql-ranking.ts). */
  private readonly ranking: SqlRanking;
  /** The suggest rows read for did-you-mean when the replica is off or not loaded yet. */
  private vocabularyRows: { at: number; generation: number; rows: Promise<SuggestRow[]> } | null = null;

  /** `countCap`: COUNT_CAP unless given (tests take the pool path on a small catalogue with it). */
  constructor(
    private readonly db: Db,
    private readonly countCap = COUNT_CAP,
    opts: PgSearchOptions = {},
  ) {
    const memory = opts.memory ?? true;
    const checkMs = opts.checkMs ?? REPLICA_CHECK_MS;
    this.partialBounds = opts.partialBounds;
    this.ranking = new SqlRanking(db, countCap);
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

  /**
   * Waits until the in-memory replicas answer for the current index, then runs their paths once
   * (ranking and autocomplete for the most popular keywords, whole and as they are typed), so the
   * first searches after a start find that code compiled. Reads nothing more from the database.
   */
  async warm(): Promise<void> {
    await ensureSearchIndex(this.db);
    const [rows] = await Promise.all([this.suggestRows?.ready(), this.postings?.ready()]);
    if (!rows) return;
    const words = rows.filter((r) => r.kind === 'term').slice(0, WARM_KEYWORDS);
    for (let round = 0; round < WARM_ROUNDS; round++) {
      for (const w of words) {
        const q = analyseQuery(w.title);
        if (!q.normalised || q.readings.length === 0) continue;
        await this.products(q, { limit: 20, offset: 0, sort: 'relevance' });
        await this.products(q, { limit: 20, offset: 0, sort: 'popular' });
        for (const typed of [w.title.slice(0, 1), w.title.slice(0, 2)]) {
          await this.suggest(analyseQuery(typed), 10);
        }
      }
    }
  }

  /** Waits for the replicas' loads and checks under way (tests). */
  async settled(): Promise<void> {
    await Promise.all([this.suggestRows?.settled(), this.postings?.settled()]);
  }

  /**
   * The query's terms in the term dictionary (dictionary.ts lookupDictionary): from the in-memory
   * replica `mem` when given, else in one statement.
   */
  dictionary(q: AnalysedQuery, mem: PostingsReplica | null = null): Promise<DictionaryAnswer> {
    return lookupDictionary(this.db, q, mem);
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
      capped ? Math.min(await this.ranking.countUpTo(w), this.countCap) : this.ranking.count(w);
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
      return { total: page.offset > 0 ? await this.ranking.count(where) : 0, ids: [], fuzzy };
    };
    const exact = await attempt(and(base, matchCondition(q)), false);
    if (exact.total > 0) return exact;
    const fuzzy = fuzzyCondition(q);
    if (!fuzzy) return exact;
    const loose = await attempt(and(base, fuzzy), true);
    return loose.total > 0 ? loose : exact;
  }

  async products(q: AnalysedQuery, opts: ProductQuery): Promise<Hits> {
    const filter = filterCondition(opts.filters);
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
    if (hits.total > 0 || opts.exact) return hits;
    // Nothing matches exactly: the typo-tolerant fallback (few rows by nature).
    const fuzzy = fuzzyCondition(q);
    if (!fuzzy) return hits;
    const where = and(eq(D.kind, 'product'), eq(D.is_active, true), filter, fuzzy);
    const rows = await this.db
      .select({ id: D.ref_id, total: sql<number>`(count(*) over ())::int` })
      .from(D)
      .where(where)
      .orderBy(...productOrder(opts.sort, q, true))
      .limit(opts.limit)
      .offset(opts.offset);
    const total =
      rows.length > 0
        ? Number(rows[0]?.total ?? 0)
        : opts.offset > 0
          ? await this.ranking.countUpTo(where)
          : 0;
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
      return { ...(await this.ranking.rankPostings(q, dict, opts.sort === 'relevance', opts)), fuzzy: false };
    } else if (dict.postings <= narrow) {
      return {
        ...(await this.ranking.fromPostings(dict.ids, exact, productOrder(opts.sort, q, false), opts)),
        fuzzy: false,
      };
    } else if (ranked) {
      const capped = filter === undefined && dict.surely > this.countCap;
      return {
        ...(await this.ranking.pooled(
          q,
          base,
          matchCondition(q),
          opts,
          opts.sort === 'relevance',
          capped,
          dict,
        )),
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
          : Math.min(await this.ranking.countUpTo(exact), this.countCap);
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
   * Autocomplete: from the suggest rows in memory when loaded (suggest-rows.ts), else the same
   * ranking in SQL (sql-suggest.ts).
   */
  async suggest(q: AnalysedQuery, limit: number): Promise<Suggestion[]> {
    if (!q.normalised) return [];
    // The suggest rows in memory when loaded: the same ranking without a statement.
    const loaded = this.suggestRows?.get();
    if (loaded) return suggestFromRows(loaded, q, limit);
    return suggestFromSql(this.db, q, limit);
  }

  /**
   * "Did you mean" (did-you-mean.ts): the first correction with exact product hits (checked
   * without the typo-tolerant fallback, which a correction's answer never uses). The vocabulary
   * is the suggest rows, from memory when loaded, else read once a minute (the same rows, so
   * both paths offer the same correction).
   */
  async didYouMean(q: AnalysedQuery): Promise<string | null> {
    let rows = this.suggestRows?.get() ?? null;
    if (!rows) {
      const now = Date.now();
      const v = this.vocabularyRows;
      if (!v || now - v.at > VOCABULARY_TTL_MS || v.generation !== indexGeneration()) {
        const load = loadSuggestRows(this.db);
        this.vocabularyRows = { at: now, generation: indexGeneration(), rows: load };
        load.catch(() => {
          this.vocabularyRows = null;
        });
      }
      rows = await (this.vocabularyRows as { rows: Promise<SuggestRow[]> }).rows;
    }
    for (const text of corrections(q, vocabularyOf(rows))) {
      const c = analyseQuery(text);
      if (!c.readings.length) continue;
      const hits = await this.products(c, { limit: 1, offset: 0, sort: 'relevance', exact: true });
      if (hits.total > 0) return text;
    }
    return null;
  }

  async filters(q: AnalysedQuery): Promise<FacetCounts> {
    const { where, total } = await this.resolve('product', q);
    return facetCounts(this.db, where, total);
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
