/**
 * The in-process reads of the storefront's other pages (storefront-reads.ts has the product page's):
 * every page's shell (SPEC.md "Web status"), the home page and the listing pages (category,
 * collection, theme). As there, each answer is exactly the body of the API route named beside it,
 * validated by the route's response schema; failures are the routes' errors (`statusCode`,
 * `detail`). Reads are anonymous: a loader that reads as the signed-in member (the home feed with
 * the member's token) still calls the API.
 */
import type {
  BannerListBody,
  BrandRankingBody,
  CategoryFiltersBody,
  CategoryListingBody,
  CategoryTreeBody,
  DailyLookBody,
  RankingPageBody,
  ThemeBody,
} from './catalog-schemas.ts';
import type { HomeFeed, WebStatusBody } from './schemas.ts';

/** Reads every page makes. */
export interface SiteReads {
  /** GET /api/web-status */
  webStatus(): Promise<WebStatusBody>;
  /** GET /api/contents/banners?placement= */
  banners(placement: string): Promise<BannerListBody>;
}

/** The home page's reads. */
export interface HomeReads {
  /** GET /api/contents/home-feed as the guest `guestId` (x-guest-user-id); no personal section without one. */
  feed(guestId: string | null): Promise<HomeFeed>;
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
