/**
 * Search calls: query analysis (packages/shared/src/search-text.ts), the engine (ids and counts),
 * cards and summaries from the database, realtime keyword counting.
 */
import {
  type AnalysedQuery,
  type AvailableTypesBody,
  analyseQuery,
  type BrandSearchBody,
  type BrandSummary,
  type ContentsSearchBody,
  type KeywordsBody,
  type PostInfo,
  type ProductSearchBody,
  type ProductSearchQuery,
  type RecommendedKeywordsBody,
  SEARCH_PRICE_RANGES,
  SEARCH_TYPES,
  type SearchFiltersBody,
  type StyleSearchBody,
  type StyleSummary,
  trendKeywordOf,
} from '@codiroom/shared';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cache, defineCache } from '../../platform/cache.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/errors.ts';
import { enforceRateLimit, type RateLimit } from '../../platform/rate-limit.ts';
import { clientOf } from '../../platform/sign-in-limits.ts';
import {
  brandNames,
  brandSummaryRows,
  categoryFacetRows,
  categoryIdsOfCode,
  liveCards,
} from '../catalog/index.ts';
import { postSummaryRows, styleSummaryRows } from '../contents/index.ts';
import { CachedSearchEngine } from './cached-engine.ts';
import { copyCard, searchCards } from './cards.ts';
import { indexGeneration } from './documents.ts';
import type { Hits, ProductFilters, ProductQuery, SearchEngine } from './engine.ts';
import { PgSearchEngine } from './pg-engine.ts';
import { searchDocuments, searchKeywords } from './schema.ts';
import { countSearch } from './stats.ts';
import { realtimeKeywords, recordSearch } from './trends.ts';

const engines = new WeakMap<object, SearchEngine>();

/**
 * Answers of the engine are cached per node for SEARCH_CACHE_TTL_S seconds (default 30; 0 turns
 * the cache off, e.g. to measure the engine itself).
 */
function cacheTtlMs(ctx: AppContext): number {
  return ctx.config.SEARCH_CACHE_TTL_S * 1000;
}

/**
 * The engine of this context (PostgreSQL now; an OpenSearch engine would be chosen here by config).
 * SEARCH_MEMORY_INDEX=0 turns the in-memory replicas off (replica.ts; on by default).
 */
export function searchEngine(ctx: AppContext): SearchEngine {
  let e = engines.get(ctx.db);
  if (!e) {
    const memory = ctx.config.SEARCH_MEMORY_INDEX;
    e = new CachedSearchEngine(new PgSearchEngine(ctx.db, undefined, { memory }), cacheTtlMs(ctx));
    engines.set(ctx.db, e);
  }
  return e;
}

/** Cards read by the search warm-up: a first page of the most popular products. */
const WARM_CARDS = 20;

/**
 * What the first searches after a start would otherwise pay for, done before the server listens
 * (routes.ts): the engine's in-memory parts and paths (SearchEngine.warm), a connection of the
 * database pool per concurrent search with the cards statement prepared on it (cards.ts), and the
 * live-price snapshot. Counts nothing: no realtime keyword, no daily search stat.
 */
export async function warmSearch(ctx: AppContext): Promise<void> {
  await searchEngine(ctx).warm();
  const rows = await ctx.db
    .select({ id: searchDocuments.ref_id })
    .from(searchDocuments)
    .where(and(eq(searchDocuments.kind, 'product'), eq(searchDocuments.is_active, true)))
    .orderBy(desc(searchDocuments.popularity))
    .limit(WARM_CARDS);
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return;
  const pages = await Promise.all(
    Array.from({ length: ctx.config.DATABASE_POOL_MAX }, () => searchCards(ctx.db, ids)),
  );
  for (const cards of pages) await liveCards(ctx, ctx.clock.now(), cards.map(copyCard));
}

/** Whole product result pages (cards included) of hot queries, for a few seconds only. */
const CARD_PAGE_TTL_MS = 5_000;

type ProductPage = { hits: Hits; result: ProductSearchBody['result'] };

/**
 * Keys hold the index generation (documents.ts), so a re-index in this process is never answered
 * from before it; a change of the cards' prices or stock sends `prices.changed` or
 * `catalog.changed`, which clears the pages on every node.
 */
export const SEARCH_PAGE_CACHE = defineCache<ProductPage>('search-product-pages', {
  ttlMs: (config) => Math.min(config.SEARCH_CACHE_TTL_S * 1000, CARD_PAGE_TTL_MS),
  maxEntries: 5_000,
  invalidatedBy: ['catalog.changed', 'popularity.changed', 'prices.changed'],
});

/**
 * Searches without an exact product hit per client address (docs/ARCHITECTURE.md, "Security":
 * bounded search typo work): only they run the typo-tolerant fallback and "did you mean", the
 * costly part of a search.
 */
function typoLimit(ctx: AppContext): RateLimit {
  return {
    name: 'search:typo:ip',
    max: ctx.config.SEARCH_TYPO_LIMIT,
    windowSeconds: 60,
    detail: '검색 요청이 너무 많아요. 잠시 후 다시 검색해주세요.',
  };
}

/**
 * Product hits of `q`: the exact matches, else — within the client's limit of such searches
 * (typoLimit) — the typo-tolerant fallback's. `load` runs the engine (through a cache or not).
 */
async function productHits<T extends { hits: Hits }>(
  ctx: AppContext,
  client: string,
  opts: ProductQuery,
  load: (opts: ProductQuery) => Promise<T>,
): Promise<T> {
  const exact = await load({ ...opts, exact: true });
  if (exact.hits.total > 0) return exact;
  await enforceRateLimit(ctx, typoLimit(ctx), clientOf(client));
  return load(opts);
}

function analysed(query: string): AnalysedQuery {
  const q = analyseQuery(query);
  if (!q.normalised || q.readings.length === 0) {
    throw badRequest('query: 검색어를 입력해주세요.');
  }
  return q;
}

function pageInfo(page: number, pageSize: number, total: number, count: number) {
  return { page, count, total_count: total, total_page: Math.ceil(total / pageSize) };
}

/**
 * Who searched, for the realtime keywords (trends.ts): `u<member id>`, `g<guest id>` or
 * `ip<address>`; asked only when the search is counted.
 */
export type ShopperOf = () => Promise<string>;

export async function searchProducts(
  ctx: AppContext,
  p: ProductSearchQuery,
  client: string,
  shopper: ShopperOf = async () => 'anonymous',
): Promise<ProductSearchBody> {
  const q = analysed(p.query);
  if (p.price_min !== undefined && p.price_max !== undefined && p.price_min > p.price_max) {
    throw badRequest('price_min: must not be greater than price_max');
  }
  const engine = searchEngine(ctx);
  await engine.ready();
  const category = p.category;
  const filters: ProductFilters = {
    brandIds: p.brand_ids,
    categoryIds: category ? await categoryIdsOfCode(ctx.db, category) : undefined,
    priceMin: p.price_min,
    priceMax: p.price_max,
    sizes: p.sizes,
    colors: p.colors,
  };
  const opts = { filters, sort: p.sort, limit: p.page_size, offset: (p.page - 1) * p.page_size };
  // Cards (prices, stock) of a hot query's page may be up to 5 s old; the product page is live.
  const { hits, result } = await productHits(ctx, client, opts, (opts) =>
    cache(ctx, SEARCH_PAGE_CACHE).load(
      JSON.stringify([indexGeneration(), 'products', q.readings, q.initials, opts]),
      async () => {
        const hits = await engine.products(q, opts);
        return { hits, result: await searchCards(ctx.db, hits.ids) };
      },
    ),
  );
  const unfiltered =
    !p.brand_ids &&
    !p.category &&
    !p.sizes &&
    !p.colors &&
    p.price_min === undefined &&
    p.price_max === undefined;
  // No exact hit: "혹시 이것을 찾으셨나요?" (did-you-mean.ts).
  const didYouMean =
    p.page === 1 && unfiltered && (hits.total === 0 || hits.fuzzy) ? await engine.didYouMean(q) : null;
  // Realtime keywords count real searches (first pages without filters) under the keyword the
  // shop understood: exact hits count under the catalogue's spelling (셔쯔 → 셔츠), a typo under
  // its correction; a search with neither is not counted.
  const trendKeyword =
    p.page === 1 && unfiltered
      ? hits.total > 0 && !hits.fuzzy
        ? trendKeywordOf(q.display)
        : didYouMean
      : null;
  if (trendKeyword) await recordSearch(ctx, trendKeyword, await shopper()).catch(() => undefined);
  // The dashboard's daily counts include searches that found nothing.
  if (p.page === 1 && unfiltered) countSearch(ctx, q.display, hits.total);
  // The cached cards are copied before the catalogue's live price is put on them
  // (docs/ARCHITECTURE.md, 'Prices').
  const live = await liveCards(ctx, ctx.clock.now(), result.map(copyCard));
  return {
    ...pageInfo(p.page, p.page_size, hits.total, live.length),
    result: live,
    query: p.query,
    interpreted_query: q.display,
    did_you_mean: didYouMean,
  };
}

async function styleSummaries(db: Db, ids: number[]): Promise<StyleSummary[]> {
  const rows = await styleSummaryRows(db, ids);
  const byId = new Map(rows.map((r) => [r.id, { ...r, codi_count: Number(r.codi_count) }]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

async function brandSummaries(db: Db, ids: number[]): Promise<BrandSummary[]> {
  const rows = await brandSummaryRows(db, ids);
  const byId = new Map(rows.map((r) => [r.id, { ...r, product_count: Number(r.product_count) }]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

async function postInfos(db: Db, ids: number[]): Promise<PostInfo[]> {
  const rows = await postSummaryRows(db, ids);
  const byId = new Map(rows.map((r) => [r.id, { ...r, published_at: r.published_at.toISOString() }]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function searchStyles(
  ctx: AppContext,
  p: { query: string; page: number; page_size: number },
): Promise<StyleSearchBody> {
  const q = analysed(p.query);
  const engine = searchEngine(ctx);
  await engine.ready();
  const hits = await engine.styles(q, { limit: p.page_size, offset: (p.page - 1) * p.page_size });
  const result = await styleSummaries(ctx.db, hits.ids);
  return {
    ...pageInfo(p.page, p.page_size, hits.total, result.length),
    result,
    query: p.query,
    interpreted_query: q.display,
  };
}

export async function searchBrands(
  ctx: AppContext,
  p: { query: string; page: number; page_size: number },
): Promise<BrandSearchBody> {
  const q = analysed(p.query);
  const engine = searchEngine(ctx);
  await engine.ready();
  const hits = await engine.brands(q, { limit: p.page_size, offset: (p.page - 1) * p.page_size });
  const result = await brandSummaries(ctx.db, hits.ids);
  return {
    ...pageInfo(p.page, p.page_size, hits.total, result.length),
    result,
    query: p.query,
    interpreted_query: q.display,
  };
}

export async function searchFilters(ctx: AppContext, query: string): Promise<SearchFiltersBody> {
  const q = analysed(query);
  const engine = searchEngine(ctx);
  await engine.ready();
  const f = await engine.filters(q);
  const brandIds = f.brands.map((b) => b.id);
  const catIds = f.categories.map((c) => c.id);
  const [brandName, catRows] = await Promise.all([
    brandNames(ctx.db, brandIds),
    categoryFacetRows(ctx.db, catIds),
  ]);
  const cat = new Map(catRows.map((c) => [c.id, c]));
  return {
    query,
    total_count: f.total,
    brands: f.brands.map((b) => ({ id: b.id, name: brandName.get(b.id) ?? '', count: b.count })),
    categories: f.categories.flatMap((c) => {
      const row = cat.get(c.id);
      return row ? [{ code: row.code, name: row.name, main: row.main, count: c.count }] : [];
    }),
    price: f.price,
    price_ranges: SEARCH_PRICE_RANGES.map((r, i) => ({
      min: r.min,
      max: r.max,
      label: r.label,
      count: f.priceRanges[i] ?? 0,
    })),
    sizes: f.sizes,
    colors: f.colors,
  };
}

export async function availableTypes(ctx: AppContext, query: string): Promise<AvailableTypesBody> {
  const q = analysed(query);
  const engine = searchEngine(ctx);
  await engine.ready();
  const c = await engine.counts(q);
  return {
    query,
    available: SEARCH_TYPES.filter((t) => c[t] > 0),
    counts: { product: c.product, style: c.style, brand: c.brand },
  };
}

/** Trending keywords added after the curated ones. */
const TRENDING_IN_RECOMMENDED = 5;

/**
 * Operator-curated keywords (search_keywords kind=recommended, in their order, at most `limit`),
 * then up to 5 of the realtime top keywords that are not curated already.
 */
export async function recommendedKeywords(ctx: AppContext, limit = 12): Promise<RecommendedKeywordsBody> {
  const curated = await ctx.db
    .select({ keyword: searchKeywords.keyword })
    .from(searchKeywords)
    .where(eq(searchKeywords.kind, 'recommended'))
    .orderBy(asc(searchKeywords.sort_order), asc(searchKeywords.id));
  const seen = new Set(curated.map((k) => k.keyword));
  const trending = (await realtimeKeywords(ctx)).result
    .map((r) => r.keyword)
    .filter((k) => !seen.has(k))
    .slice(0, TRENDING_IN_RECOMMENDED);
  return {
    result: [
      ...curated.slice(0, limit).map((k) => ({ keyword: k.keyword, source: 'curated' as const })),
      ...trending.map((keyword) => ({ keyword, source: 'trending' as const })),
    ],
  };
}

/** Autocomplete suggestions for `query`, or the recommended keywords without one. */
export async function keywords(
  ctx: AppContext,
  p: { query?: string | undefined; limit: number },
): Promise<KeywordsBody> {
  const text = p.query?.trim() ?? '';
  const q = text ? analyseQuery(text) : null;
  if (!q?.normalised || q.readings.length === 0) {
    const rec = await recommendedKeywords(ctx, p.limit);
    return {
      query: text || null,
      result: rec.result.slice(0, p.limit).map((r) => ({ keyword: r.keyword, type: 'keyword', id: null })),
    };
  }
  const engine = searchEngine(ctx);
  await engine.ready();
  return { query: text, result: await engine.suggest(q, p.limit) };
}

const CONTENTS_LIMIT = { product: 6, brand: 5, style: 5, post: 5 } as const;

/** One call for the search landing: the first products, brands, styles and magazine posts. */
export async function contentsSearch(
  ctx: AppContext,
  query: string,
  client: string,
): Promise<ContentsSearchBody> {
  const q = analysed(query);
  const engine = searchEngine(ctx);
  await engine.ready();
  const first = (n: number) => ({ limit: n, offset: 0 });
  const products = (opts: ProductQuery) => engine.products(q, opts).then((hits) => ({ hits }));
  const { hits: p } = await productHits(
    ctx,
    client,
    { ...first(CONTENTS_LIMIT.product), sort: 'relevance' },
    products,
  );
  const [b, s, po]: Hits[] = [
    await engine.brands(q, first(CONTENTS_LIMIT.brand)),
    await engine.styles(q, first(CONTENTS_LIMIT.style)),
    await engine.posts(q, first(CONTENTS_LIMIT.post)),
  ] as Hits[];
  const [cards, brandList, styleList, postList] = await Promise.all([
    searchCards(ctx.db, p?.ids ?? []),
    brandSummaries(ctx.db, b?.ids ?? []),
    styleSummaries(ctx.db, s?.ids ?? []),
    postInfos(ctx.db, po?.ids ?? []),
  ]);
  const didYouMean = !p || p.total === 0 || p.fuzzy ? await engine.didYouMean(q) : null;
  return {
    query,
    interpreted_query: q.display,
    did_you_mean: didYouMean,
    counts: { product: p?.total ?? 0, brand: b?.total ?? 0, style: s?.total ?? 0, post: po?.total ?? 0 },
    products: await liveCards(ctx, ctx.clock.now(), cards),
    brands: brandList,
    styles: styleList,
    posts: postList,
  };
}

export { realtimeKeywords };
