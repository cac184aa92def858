/**
 * The in-process reads of the storefront's other pages (storefront-reads.ts has the product page's):
 * every page's shell (SPEC.md "Web status") and the visitor's guest id, the home page, the listing
 * pages (category, collection, theme), the ranking, brand and search pages, and the editorial pages
 * (magazine, styles, promotions, the time sale, an outfit). As there, each answer
 * is exactly the body of the API route named beside it, validated by the route's response schema;
 * failures are the routes' errors (`statusCode`, `detail`). Reads are anonymous, but for the one
 * that names its caller (a member's home feed, with the member's access token, checked as the
 * route's access guard checks it).
 */

import type { DailyQuizBody } from './api-responses.ts';
import type {
  BannerListBody,
  BrandContentsBody,
  BrandFiltersBody,
  BrandListBody,
  BrandRankingBody,
  CategoryFiltersBody,
  CategoryListingBody,
  CategoryTreeBody,
  CodiSet,
  DailyLookBody,
  PostDetail,
  PostListBody,
  PromotionDetailBody,
  PromotionListBody,
  RankingPageBody,
  SitemapEntriesBody,
  StyleDetail,
  StyleListBody,
  ThemeBody,
  TimeSaleBody,
} from './catalog-schemas.ts';
import type { ReviewSort } from './review-lists.ts';
import type { ReviewDetail, ReviewListBody, ReviewPhotoStripBody } from './review-schemas.ts';
import type { HomeFeed, ProductCard, WebStatusBody } from './schemas.ts';
import type {
  AvailableTypesBody,
  BrandSearchBody,
  ProductSearchBody,
  RealtimeKeywordsBody,
  RecommendedKeywordsBody,
  SearchFiltersBody,
  StyleSearchBody,
} from './search-schemas.ts';
import type { GuestIdBody } from './user-schemas.ts';

/** Reads every page makes. */
export interface SiteReads {
  /** GET /api/web-status */
  webStatus(): Promise<WebStatusBody>;
  /** GET /api/contents/banners?placement= */
  banners(placement: string): Promise<BannerListBody>;
}

/** The visitor's guest id (SPEC.md §6), asked once per page request by the root loader. */
export interface VisitorReads {
  /**
   * POST /api/users/guest-id with x-guest-user-id `presented`: `presented` back when this server
   * issued it, else a new id.
   */
  guestId(presented: string | null): Promise<GuestIdBody>;
}

/** The home page's reads. */
export interface HomeReads {
  /** GET /api/contents/home-feed as the guest `guestId` (x-guest-user-id); no personal section without one. */
  feed(guestId: string | null): Promise<HomeFeed>;
  /**
   * GET /api/contents/home-feed as the member of the access token `token` (Authorization: Bearer),
   * with x-guest-user-id `guestId` when not null; a token the route refuses is its 401, a guest id
   * it refuses its 400.
   */
  memberFeed(token: string, guestId: string | null): Promise<HomeFeed>;
  /** GET /api/contents/daily-look */
  dailyLook(): Promise<DailyLookBody>;
}

/** The query of GET /api/products/category-products as a loader sends it (query-string values). */
export interface CategoryProductsQuery {
  page?: number;
  category_main?: string;
  category_sub?: string | undefined;
  sort?: string;
  brand_id?: string | undefined;
  size?: string | undefined;
  color?: string | undefined;
  price_min?: string | undefined;
  price_max?: string | undefined;
}

/** The listing pages' reads. */
export interface ListingReads {
  /** GET /api/products/categories */
  categories(): Promise<CategoryTreeBody>;
  /** GET /api/products/category-products?… (a query the route refuses is its 400) */
  categoryProducts(query: CategoryProductsQuery): Promise<CategoryListingBody>;
  /** GET /api/products/category-filters?category_main=&category_sub= */
  categoryFilters(categoryMain: string, categorySub: string | undefined): Promise<CategoryFiltersBody>;
  /** GET /api/contents/collection/{slug}?page= */
  collection(slug: string, page: number): Promise<ThemeBody>;
  /** GET /api/contents/theme/{id}?page= (`id` as in the path: anything but an id is the 404) */
  theme(id: string, page: number): Promise<ThemeBody>;
}

/** The query of GET /api/products/ranking-items as a loader sends it. */
export interface RankingItemsQuery {
  page?: number;
  category_main?: string;
  period?: string;
}

/** The ranking page's reads. */
export interface RankingReads {
  /** GET /api/products/ranking-items?… (a query the route refuses is its 400) */
  items(query: RankingItemsQuery): Promise<RankingPageBody>;
  /** GET /api/products/ranking-brands */
  brands(): Promise<BrandRankingBody>;
}

/** The query of GET /api/brands/{id}/contents as the brand loader sends it. */
export interface BrandContentsQuery {
  sort?: string;
  page?: number;
  category?: string | undefined;
}

/** The brand page's reads (`id` as in the path: anything but an id is the brand's 404). */
export interface BrandReads {
  /** GET /api/brands/{id}/filters */
  filters(id: string): Promise<BrandFiltersBody>;
  /** GET /api/brands/{id}/contents?… (a query the route refuses is its 400) */
  contents(id: string, query: BrandContentsQuery): Promise<BrandContentsBody>;
  /** GET /api/brands/simple-brand-data (every brand, in Korean name order) */
  all(): Promise<BrandListBody>;
}

/** The query of GET /api/v1/search/product as the search loader sends it (query-string values). */
export interface ProductSearchInput {
  query: string;
  page?: number;
  sort?: string;
  brand_ids?: string;
  category?: string;
  price_min?: string;
  price_max?: string;
  sizes?: string;
  colors?: string;
}

/** The search page's reads (a query the route refuses is its 400, a search over its limit its 429). */
export interface SearchReads {
  /** GET /api/v1/search/realtime-keywords */
  realtimeKeywords(): Promise<RealtimeKeywordsBody>;
  /** GET /api/v1/search/recommended-keywords */
  recommendedKeywords(): Promise<RecommendedKeywordsBody>;
  /** GET /api/v1/search/available-types?query= */
  availableTypes(query: string): Promise<AvailableTypesBody>;
  /**
   * GET /api/v1/search/product?… as the guest `guestId` (x-guest-user-id): the realtime keywords
   * count the search as that guest's, else as the client address's.
   */
  products(query: ProductSearchInput, guestId: string | null): Promise<ProductSearchBody>;
  /** GET /api/v1/search/filters?query= */
  filters(query: string): Promise<SearchFiltersBody>;
  /** GET /api/v1/search/style?query=&page= */
  styles(query: string, page: number): Promise<StyleSearchBody>;
  /** GET /api/v1/search/brand?query=&page= */
  brands(query: string, page: number): Promise<BrandSearchBody>;
}

/** The editorial pages' reads: magazine, styles, promotions, the time sale, an outfit (codi). */
export interface ContentReads {
  /** GET /api/contents/time-sale */
  timeSale(): Promise<TimeSaleBody>;
  /** GET /api/contents/post-list?page= */
  posts(page: number): Promise<PostListBody>;
  /** GET /api/contents/post-detail/{id} */
  post(id: string): Promise<PostDetail>;
  /** GET /api/contents/style-list?page= */
  styles(page: number): Promise<StyleListBody>;
  /** GET /api/contents/style-detail/{id} */
  style(id: string): Promise<StyleDetail>;
  /** GET /api/contents/promotion-list */
  promotions(): Promise<PromotionListBody>;
  /** GET /api/contents/promotion-detail/{id}?page= */
  promotion(id: string, page: number): Promise<PromotionDetailBody>;
  /** GET /api/curations/codi-detail/{id} */
  codi(id: string): Promise<CodiSet>;
  /** GET /api/contents/sitemap-entries */
  sitemapEntries(): Promise<SitemapEntriesBody>;
  /**
   * GET /api/curations/daily-quiz-today for a guest (no answer of their own); the route's access
   * wants an issued guest id, which the caller has vouched for.
   */
  dailyQuiz(guestId: string): Promise<DailyQuizBody>;
}

/** The query of GET /api/reviews/product-reviews/{id}/{sort} as the reviews page sends it. */
export interface ReviewListInput {
  page?: number;
  count?: number;
  height_min?: number;
  height_max?: number;
  weight_min?: number;
  weight_max?: number;
  size?: string;
}

/** The reviews page's reads (/cloth_review/{id}), as a guest. */
export interface ReviewPageReads {
  /** GET /api/reviews/product-reviews/{id}/{sort}?… (a query the route refuses is its 400) */
  list(id: string, sort: ReviewSort, query: ReviewListInput): Promise<ReviewListBody>;
  /** GET /api/reviews/product-review-photo/{id}?count= */
  photos(id: string, count: number): Promise<ReviewPhotoStripBody>;
  /** GET /api/reviews/review-detail/{id} */
  review(id: number): Promise<ReviewDetail>;
  /** GET /api/products/product-display-list?product_display_list={id}: its card, or null */
  card(id: string): Promise<ProductCard | null>;
}
