/**
 * The search engine interface. Callers (service.ts, routes) only see this; the PostgreSQL
 * implementation (pg-engine.ts: pg_trgm over stored key/초성 forms) fulfils it now, an
 * OpenSearch/Elasticsearch implementation (nori analyzer plus the same key/초성 forms as extra
 * fields) can replace it for scale. Engines return ids and counts; cards are built by the caller
 * from the database, so both engines serve the same response shapes.
 */
import type { AnalysedQuery, SearchSort, Suggestion } from '@codiroom/shared';

export interface ProductFilters {
  brandIds?: number[];
  /** Category ids (a shop tab or a leaf, resolved by the caller). */
  categoryIds?: number[];
  priceMin?: number;
  priceMax?: number;
  sizes?: string[];
  colors?: string[];
}

export interface Paging {
  limit: number;
  offset: number;
}

export interface Hits {
  total: number;
  /** Ids of the page, best first (product display, style, brand or post ids). */
  ids: number[];
  /** True when nothing matched exactly and the hits come from the typo-tolerant fallback. */
  fuzzy: boolean;
}

export interface FacetCounts {
  total: number;
  brands: { id: number; count: number }[];
  categories: { id: number; count: number }[];
  price: { min: number | null; max: number | null };
  /** Counts per range of SEARCH_PRICE_RANGES, in its order. */
  priceRanges: number[];
  sizes: { size_name: string; count: number }[];
  colors: { color_name: string; color_hex: string; count: number }[];
}

export interface TypeCounts {
  product: number;
  style: number;
  brand: number;
  post: number;
}

/** A product search: the page, filters and order; `exact` skips the typo-tolerant fallback. */
export type ProductQuery = Paging & { filters?: ProductFilters; sort: SearchSort; exact?: boolean };

export interface SearchEngine {
  readonly name: string;
  products(q: AnalysedQuery, opts: ProductQuery): Promise<Hits>;
  styles(q: AnalysedQuery, page: Paging): Promise<Hits>;
  brands(q: AnalysedQuery, page: Paging): Promise<Hits>;
  posts(q: AnalysedQuery, page: Paging): Promise<Hits>;
  /** Autocomplete: keywords, brands and styles for what is being typed (초성 too). */
  suggest(q: AnalysedQuery, limit: number): Promise<Suggestion[]>;
  /** Facets of the product result set of `q`. */
  filters(q: AnalysedQuery): Promise<FacetCounts>;
  /** Hits per result type (available-types, tabs). */
  counts(q: AnalysedQuery): Promise<TypeCounts>;
  /**
   * "Did you mean": for a query without exact product hits, a corrected query (did-you-mean.ts)
   * that has them, or null.
   */
  didYouMean(q: AnalysedQuery): Promise<string | null>;
  /** Makes sure the index exists (builds it for a database seeded before the index). */
  ready(): Promise<void>;
  /**
   * ready(), then whatever the first searches would otherwise pay for (in-memory parts loaded,
   * code paths run once): the server awaits it before it listens.
   */
  warm(): Promise<void>;
}
