/**
 * Wire schemas of the search calls (`/api/v1/search/*`, `/api/contents/search`,
 * `/api/contents/keywords`). Request query schemas validate (400 naming the field); response
 * schemas serialise and document. Snake_case, money in integer won.
 */
import { z } from 'zod';
import { BrandSummary, PostInfo, paginated, StyleSummary } from './catalog-schemas.ts';
import { ProductCard } from './schemas.ts';
import { SEARCH_PAGE_SIZE, SEARCH_SORTS, SEARCH_TYPES } from './search-lists.ts';
import { MAX_QUERY_LENGTH } from './search-text.ts';

const Int = z.number().int();

export const MAX_SEARCH_PAGE = 500;

/** Price ranges of the filter sheet (won, max exclusive; null = no upper bound). */
export const SEARCH_PRICE_RANGES = [
  { min: 0, max: 30_000, label: '3만원 이하' },
  { min: 30_000, max: 50_000, label: '3만~5만원' },
  { min: 50_000, max: 100_000, label: '5만~10만원' },
  { min: 100_000, max: 200_000, label: '10만~20만원' },
  { min: 200_000, max: null, label: '20만원 이상' },
] as const;

export const SearchQueryText = z
  .string()
  .trim()
  .min(1, 'query is required')
  .max(MAX_QUERY_LENGTH, `query is at most ${MAX_QUERY_LENGTH} characters`);

const IntList = (what: string) =>
  z
    .string()
    .max(500)
    .regex(/^(\d{1,9})(,\d{1,9})*$/, `expected comma-separated ${what}`)
    .transform((s) => [...new Set(s.split(',').map(Number))].slice(0, 50));

const TextList = z
  .string()
  .max(500)
  .transform((s) =>
    [
      ...new Set(
        s
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      ),
    ].slice(0, 50),
  );

const Won = z.coerce.number().int().min(0).max(100_000_000);

const PageNumber = z.coerce.number().int().min(1).max(MAX_SEARCH_PAGE).default(1);
const PageSize = z.coerce.number().int().min(1).max(60).default(SEARCH_PAGE_SIZE);

/** Filters of the product search (all optional, combined with AND). */
export const SearchFilterQuery = z.object({
  brand_ids: IntList('brand ids').optional(),
  /** A shop tab (outer, top …) or a leaf category code (bottom_slacks …). */
  category: z
    .string()
    .regex(/^[a-z0-9_]{1,50}$/, 'expected a category code')
    .optional(),
  price_min: Won.optional(),
  price_max: Won.optional(),
  sizes: TextList.optional(),
  colors: TextList.optional(),
});
export type SearchFilterQuery = z.infer<typeof SearchFilterQuery>;

export const ProductSearchQuery = SearchFilterQuery.extend({
  query: SearchQueryText,
  sort: z.enum(SEARCH_SORTS).default('relevance'),
  page: PageNumber,
  page_size: PageSize,
});
export type ProductSearchQuery = z.infer<typeof ProductSearchQuery>;

export const PagedSearchQuery = z.object({ query: SearchQueryText, page: PageNumber, page_size: PageSize });
export type PagedSearchQuery = z.infer<typeof PagedSearchQuery>;

export const QueryOnly = z.object({ query: SearchQueryText });

/** How the server read the query (shown as "‘슬랙스’로 검색한 결과", the particle by josaOf). */
const QueryEcho = z.object({
  query: z.string(),
  /**
   * The query as searched: English or romanised words in Korean (slacks → 슬랙스), English-mode
   * typing read as Hangul (tmffortm → 슬랙스), stop words left out (남자 니트 → 니트), else the query.
   */
  interpreted_query: z.string(),
});

/** "혹시 이것을 찾으셨나요?": a corrected query with results, when this one has no exact result. */
export const DidYouMean = z.string().nullable().meta({
  description:
    "Addition to API-CATALOGUE.md: when the query found no product exactly (no hits, or only typo-tolerant ones), a corrected query that has product hits (typo, English-mode typing or misspelt English name corrected against the catalogue's words), else null. Only on the first page of an unfiltered search.",
  example: '슬랙스',
});

export const ProductSearchBody = paginated(ProductCard)
  .extend(QueryEcho.shape)
  .extend({ did_you_mean: DidYouMean });
export type ProductSearchBody = z.infer<typeof ProductSearchBody>;

export const StyleSearchBody = paginated(StyleSummary).extend(QueryEcho.shape);
export type StyleSearchBody = z.infer<typeof StyleSearchBody>;

export const BrandSearchBody = paginated(BrandSummary).extend(QueryEcho.shape);
export type BrandSearchBody = z.infer<typeof BrandSearchBody>;

export const SearchFiltersBody = z.object({
  query: z.string(),
  total_count: Int,
  brands: z.array(z.object({ id: Int, name: z.string(), count: Int })),
  categories: z.array(z.object({ code: z.string(), name: z.string(), main: z.string(), count: Int })),
  price: z.object({ min: Int.nullable(), max: Int.nullable() }),
  price_ranges: z.array(z.object({ min: Int, max: Int.nullable(), label: z.string(), count: Int })),
  sizes: z.array(z.object({ size_name: z.string(), count: Int })),
  colors: z.array(z.object({ color_name: z.string(), color_hex: z.string(), count: Int })),
});
export type SearchFiltersBody = z.infer<typeof SearchFiltersBody>;

export const AvailableTypesBody = z.object({
  query: z.string(),
  /** Result types with at least one hit, in tab order. */
  available: z.array(z.enum(SEARCH_TYPES)),
  counts: z.object({ product: Int, style: Int, brand: Int }),
});
export type AvailableTypesBody = z.infer<typeof AvailableTypesBody>;

export const RankChange = z.enum(['up', 'down', 'same', 'new']);
export type RankChange = z.infer<typeof RankChange>;

export const RealtimeKeyword = z.object({
  rank: Int,
  keyword: z.string(),
  /** Searches in the last hour. */
  count: Int,
  /** Arrow against the ranking 5 minutes earlier. */
  status: RankChange,
  /** Places moved (positive = up); null when new. */
  rank_change: Int.nullable(),
});
export type RealtimeKeyword = z.infer<typeof RealtimeKeyword>;

export const RealtimeKeywordsBody = z.object({
  /** When the ranking was computed (ISO 8601). */
  updated_at: z.iso.datetime(),
  result: z.array(RealtimeKeyword),
});
export type RealtimeKeywordsBody = z.infer<typeof RealtimeKeywordsBody>;

export const RecommendedKeyword = z.object({
  keyword: z.string(),
  /** curated = chosen by an operator (search_keywords); trending = from realtime searches. */
  source: z.enum(['curated', 'trending']),
});
export const RecommendedKeywordsBody = z.object({ result: z.array(RecommendedKeyword) });
export type RecommendedKeywordsBody = z.infer<typeof RecommendedKeywordsBody>;

export const SUGGESTION_TYPES = ['keyword', 'brand', 'style'] as const;
export const Suggestion = z.object({
  keyword: z.string(),
  type: z.enum(SUGGESTION_TYPES),
  /** Brand or style id for brand and style suggestions (link straight to them). */
  id: Int.nullable(),
});
export type Suggestion = z.infer<typeof Suggestion>;

export const KeywordsQuery = z.object({
  query: z.string().trim().max(MAX_QUERY_LENGTH).optional(),
  limit: z.coerce.number().int().min(1).max(20).default(10),
});

/** `/api/contents/keywords`: autocomplete suggestions for `query`, or the recommended keywords. */
export const KeywordsBody = z.object({
  query: z.string().nullable(),
  result: z.array(Suggestion),
});
export type KeywordsBody = z.infer<typeof KeywordsBody>;

export const ContentsSearchBody = z.object({
  query: z.string(),
  interpreted_query: z.string(),
  did_you_mean: DidYouMean,
  counts: z.object({ product: Int, style: Int, brand: Int, post: Int }),
  products: z.array(ProductCard),
  brands: z.array(BrandSummary),
  styles: z.array(StyleSummary),
  posts: z.array(PostInfo),
});
export type ContentsSearchBody = z.infer<typeof ContentsSearchBody>;
