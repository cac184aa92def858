/**
 * The reads the server-rendered storefront makes in process (SPEC.md 'Product detail'): the same
 * read models the API routes answer, called directly by the server that renders the page (no HTTP
 * round trip, no JSON in between), passed to loaders in the React Router load context. Every answer
 * is exactly the body the matching API route sends (validated by the route's response schema);
 * failures are the routes' errors (an object with `statusCode` and `detail`, e.g. 404 for a
 * missing product). Reads are anonymous, as the loaders' API calls are: the guest id only names the
 * live viewer.
 */
import type {
  AiSimilarBody,
  CodiSet,
  MatchupProductsBody,
  ProductDetail,
  ShippingInfoBody,
  SizeGradingBody,
} from './catalog-schemas.ts';
import type { RecommendedSizeBody, ReviewListBody, ReviewPhotoStripBody } from './review-schemas.ts';
import type { InterestFreeNoticeBody } from './site-content.ts';
import type { FitPreference } from './sizing.ts';
import type {
  BrandReads,
  ContentReads,
  HomeReads,
  ListingReads,
  RankingReads,
  ReviewPageReads,
  SearchReads,
  SiteReads,
  VisitorReads,
} from './storefront-page-reads.ts';

export interface ProductPageReads {
  /** GET /api/products/detail/{id}; counts `guestId` (or the client address) as a live viewer. */
  detail(id: number, guestId: string | null): Promise<ProductDetail>;
  /** GET /api/products/size-grading */
  sizeGrading(id: number): Promise<SizeGradingBody>;
  /** GET /api/v1/products/ai-similar-products */
  similar(id: number): Promise<AiSimilarBody>;
  /** GET /api/products/shipping-info */
  shipping(id: number): Promise<ShippingInfoBody>;
  /** GET /api/products/matchup-products */
  matchup(id: number): Promise<MatchupProductsBody>;
  /** GET /api/curations/codi-by-product/{id} */
  codis(id: number): Promise<{ result: CodiSet[] }>;
  /** GET /api/reviews/product-reviews/{id}/best?count= (anonymous viewer) */
  bestReviews(id: number, count: number): Promise<ReviewListBody>;
  /** GET /api/reviews/product-review-photo/{id}?count= */
  reviewPhotos(id: number, count: number): Promise<ReviewPhotoStripBody>;
  /** GET /api/contents/interest-free-notice */
  interestFreeNotice(): Promise<InterestFreeNoticeBody>;
  /**
   * GET /api/products/recommended-size/{id}?height=&weight=&fit= (anonymous: the body is the one
   * the shopper gave the size recommendation, never a member's size info).
   */
  recommendedSize(
    id: number,
    body: { height: number; weight: number; fit?: FitPreference } | { shoe_size: string },
  ): Promise<RecommendedSizeBody>;
}

export interface StorefrontReads {
  product: ProductPageReads;
  /** The other pages' reads (storefront-page-reads.ts). */
  site: SiteReads;
  visitor: VisitorReads;
  home: HomeReads;
  listing: ListingReads;
  ranking: RankingReads;
  brand: BrandReads;
  search: SearchReads;
  content: ContentReads;
  reviews: ReviewPageReads;
}
