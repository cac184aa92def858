/**
 * The answer of every call, keyed `METHOD /path` like API_ROUTES (`{name}` stands for one path
 * segment): the type of the 2xx body, taken from the shared zod schema the API route answers with
 * (`response: { 200: … }`). The API client (api-client.ts) reads a call's answer type from this
 * map by its method and path, so a caller never names it, and a path that is not here does not
 * compile. A new route: add its key here with its schema's output type.
 *
 * The storefront section was generated from the API's registered routes (every route whose 2xx
 * schema is a schema exported by this package); the few answers the API still declares inline
 * have their schema at the end of this file, transcribed from the route, until the route
 * imports it. `unknown` marks calls whose answer no caller reads.
 */
import { z } from 'zod';
import type { AddressSearchBody } from './address-search.ts';
import type { AdminResponses } from './admin-responses.ts';
import type { AnalyticsAck } from './analytics-schemas.ts';
import type { ApiMethod } from './api-routes.ts';
import type {
  AuthResultBody,
  AuthSession,
  ChangePasswordResult,
  ChangePhoneResult,
  SmsOutboxMessage,
  TokenPair,
} from './auth-schemas.ts';
import type {
  BestCouponCombBody,
  CouponBox,
  CouponExistsBody,
  CouponListStatusBody,
  CouponOfferList,
  CouponStatusBody,
  EventRandomStatusBody,
  HasCouponBody,
  IssueResultBody,
  MissionPointBody,
  MultiIssueBody,
  OwnedCouponList,
  PointHistoryBody,
  ProductBenefitsBody,
  ProductCouponsBody,
  ProductsWithCouponsBody,
} from './benefit-schemas.ts';
import type {
  CartAddBody,
  CartAddedLine,
  CartCount,
  CartDeleteBody,
  CartLineList,
  CartLineOptions,
  CartList,
  CartProductIds,
  CartSoldOutBody,
} from './cart-schemas.ts';
import {
  type AiSimilarBody,
  type BannerListBody,
  type BrandContentsBody,
  type BrandFiltersBody,
  type BrandListBody,
  type BrandRankingBody,
  type CategoryFiltersBody,
  type CategoryListingBody,
  type CategoryTabBrandBody,
  type CategoryTreeBody,
  CodiSet,
  type CurrentViewCountBody,
  type DailyLookBody,
  type ImageMainBody,
  type MainRankingBody,
  type MatchupProductsBody,
  type PostDetail,
  type PostInfo,
  type PostListBody,
  type ProductBoxBody,
  type ProductCardList,
  type ProductDetail,
  type ProductItemsBody,
  type PromotionDetailBody,
  type PromotionInfo,
  type PromotionListBody,
  type RankingPageBody,
  type RecommendStyleBody,
  type SameProductsBody,
  type ShippingInfoBody,
  type SitemapEntriesBody,
  type SizeGradingBody,
  type StyleDetail,
  type StyleListBody,
  type SubmissionAck,
  type ThemeBody,
  type TimeSaleBody,
} from './catalog-schemas.ts';
import type { FormAck, FormResults } from './content-form-schemas.ts';
import type {
  CurationInfoBody,
  CurationPaymentType,
  CurationRatingBody,
  CurationStylesBody,
  MissionListBody,
  StylingRequestList,
  UserStyleBody,
} from './curation-schemas.ts';
import type { LatestLikeTypeBody, LikeCountBody, LikeStatusBody, LikesListBody } from './like-schemas.ts';
import type {
  CalculatePriceBody,
  CancelDetail,
  CancelResult,
  ClosetPage,
  CreatedOrder,
  ExchangeBody,
  ExchangeDetail,
  OrderDetail,
  OrderForm,
  OrderList,
  PaymentClientConfig,
  RefundBody,
  RefundList,
  ReleasePendingBody,
  ReturnCostBody,
  UserOrderData,
} from './order-schemas.ts';
import type { PersonalColorQuizBody, PersonalColorResultBody } from './personal-color.ts';
import type { RestockAlert, RestockAlertList } from './restock-schemas.ts';
import type {
  MyReviewsBody,
  RecommendedSizeBody,
  ReviewableListBody,
  ReviewCreatedBody,
  ReviewDetail,
  ReviewHelpfulBody,
  ReviewListBody,
  ReviewPhotoStripBody,
  ReviewSummary,
  SizeReviewItem,
  SizeReviewListBody,
} from './review-schemas.ts';
import type { HealthBody, HomeFeed, WebStatusBody } from './schemas.ts';
import type {
  AvailableTypesBody,
  BrandSearchBody,
  ContentsSearchBody,
  KeywordsBody,
  ProductSearchBody,
  RealtimeKeywordsBody,
  RecommendedKeywordsBody,
  SearchFiltersBody,
  StyleSearchBody,
} from './search-schemas.ts';
import type { InterestFreeNoticeBody } from './site-content.ts';
import type { SocialAuthTokenResult, SocialRevokeResult, SocialSession } from './social-schemas.ts';
import type { StyleQuizBody, StyleQuizPhoto, StyleQuizSaved } from './style-quiz-schemas.ts';
import { type TicketDetail, TicketSummary } from './support.ts';
import {
  type AppPushPermissionBody,
  type CurationViewStatus,
  type GuestIdBody,
  NotificationEntry,
  type NotificationPermissions,
  type OkBody,
  type PublicProfile,
  type PublicProfileSimple,
  type ReferralCodeBody,
  type SesSelectedBody,
  type ShippingAddress,
  type ShippingAddressList,
  type SizeInfo,
  type UserDetail,
  type UserInfo,
  type UserPhotoList,
  type UserStatus,
  type UserStatusMain,
  type UserVariants,
  type VerifyReferralCodeBody,
} from './user-schemas.ts';

const Int = z.number().int();

// ---------------------------------------------------------------------------------------------
// Answers the API still declares inline (the routes' schemas, transcribed)

/** GET /api/curations/codi-by-product/{id}: the outfits a product is part of. */
export const CodiByProductBody = z.object({ result: z.array(CodiSet) });
/** GET /api/curations/daily-quiz-today: today's style question (KST), with the member's answer. */
export const DailyQuizBody = z.object({
  id: Int,
  quiz_date: z.string(),
  question: z.string(),
  options: z.array(z.object({ key: z.string(), label: z.string(), image_url: z.string().nullable() })),
  /** The member's answer today (null for guests and members who have not answered). */
  answered: z.string().nullable(),
});
export type DailyQuizBody = z.infer<typeof DailyQuizBody>;
/** POST /api/curations/daily-quiz-today. */
export const DailyQuizAnswerBody = z.object({
  id: Int,
  answered: z.string(),
  monthly_coupon_policy_id: Int.nullable(),
});
/** GET /api/curations/daily-quiz-done. */
export const DailyQuizDoneBody = z.object({ quiz_date: z.string(), done: z.boolean() });
/** GET /api/curations/daily-quiz-done-monthly. */
export const DailyQuizMonthBody = z.object({ month: z.string(), days: z.array(z.string()), count: Int });
/** DELETE /api/curations/style-quiz-photo/{id}. */
export const StyleQuizPhotoDeleted = z.object({ id: Int, deleted: z.boolean() });
/** GET /api/users/notifications: one page of the member's notifications. */
export const NotificationPage = z.object({
  page: Int,
  count: Int,
  total_count: Int,
  total_page: Int,
  unread_count: Int,
  result: z.array(NotificationEntry),
});
/** GET /api/customer_experiences/tickets: one page of the member's tickets. */
export const TicketPage = z.object({
  page: Int,
  count: Int,
  total_count: Int,
  total_page: Int,
  result: z.array(TicketSummary),
});

/** POST /api/orders/order-items/{id}/status (arrival, 구매확정, withdrawal). */
export const OrderItemStatusBody = z.looseObject({ order_item_id: Int, status: z.string() });

type Out<S extends z.ZodType> = z.output<S>;

// ---------------------------------------------------------------------------------------------
// The map

export interface StorefrontResponses {
  'DELETE /api/carts': Out<typeof CartDeleteBody>;
  'DELETE /api/likes': Out<typeof LikeStatusBody>;
  'DELETE /api/likes/{id}': Out<typeof LikeStatusBody>;
  'DELETE /api/users/delete-user-shipping-info/{id}': Out<typeof OkBody>;
  'DELETE /api/v1/carts/products-in-cart': Out<typeof CartDeleteBody>;
  'GET /api/addresses/search': Out<typeof AddressSearchBody>;
  'GET /api/benefits/can-download-brand-coupon-list': Out<typeof CouponOfferList>;
  'GET /api/benefits/can-download-coupon-list': Out<typeof CouponOfferList>;
  'GET /api/benefits/coupon-exists': Out<typeof CouponExistsBody>;
  'GET /api/benefits/coupon-list': Out<typeof CouponBox>;
  'GET /api/benefits/coupon-list-status': Out<typeof CouponListStatusBody>;
  'GET /api/benefits/coupon-status': Out<typeof CouponStatusBody>;
  'GET /api/benefits/event-random-coupon-status': Out<typeof EventRandomStatusBody>;
  'GET /api/benefits/has-coupon': Out<typeof HasCouponBody>;
  'GET /api/benefits/owned-coupons': Out<typeof OwnedCouponList>;
  'GET /api/benefits/point-history': Out<typeof PointHistoryBody>;
  'GET /api/brands/{id}/contents': Out<typeof BrandContentsBody>;
  'GET /api/brands/{id}/filters': Out<typeof BrandFiltersBody>;
  'GET /api/brands/category-tab-brand': Out<typeof CategoryTabBrandBody>;
  'GET /api/brands/simple-brand-data': Out<typeof BrandListBody>;
  'GET /api/carts': Out<typeof CartList>;
  'GET /api/carts/{id}/options': Out<typeof CartLineOptions>;
  'GET /api/carts/cart-product-ids': Out<typeof CartProductIds>;
  'GET /api/carts/product-count': Out<typeof CartCount>;
  'GET /api/contents/banners': Out<typeof BannerListBody>;
  'GET /api/contents/collection/{slug}': Out<typeof ThemeBody>;
  'GET /api/contents/daily-look': Out<typeof DailyLookBody>;
  'GET /api/contents/daily-look-feedback': Out<typeof FormResults>;
  'GET /api/contents/home-feed': Out<typeof HomeFeed>;
  'GET /api/contents/interest-free-notice': Out<typeof InterestFreeNoticeBody>;
  'GET /api/contents/keywords': Out<typeof KeywordsBody>;
  'GET /api/contents/post-detail/{id}': Out<typeof PostDetail>;
  'GET /api/contents/post-info/{id}': Out<typeof PostInfo>;
  'GET /api/contents/post-list': Out<typeof PostListBody>;
  'GET /api/contents/posts/{id}/answers': Out<typeof FormResults>;
  'GET /api/contents/promotion-detail/{id}': Out<typeof PromotionDetailBody>;
  'GET /api/contents/promotion-info/{id}': Out<typeof PromotionInfo>;
  'GET /api/contents/promotion-list': Out<typeof PromotionListBody>;
  'GET /api/contents/search': Out<typeof ContentsSearchBody>;
  'GET /api/contents/sitemap-entries': Out<typeof SitemapEntriesBody>;
  'GET /api/contents/style-detail/{id}': Out<typeof StyleDetail>;
  'GET /api/contents/style-list': Out<typeof StyleListBody>;
  'GET /api/contents/theme/{id}': Out<typeof ThemeBody>;
  'GET /api/contents/time-sale': Out<typeof TimeSaleBody>;
  'GET /api/curations/codi-detail/{id}': Out<typeof CodiSet>;
  'GET /api/curations/curation-status': Out<typeof CurationViewStatus>;
  'GET /api/curations/get-curation-info': Out<typeof CurationInfoBody>;
  'GET /api/curations/get-curation-styles/{id}': Out<typeof CurationStylesBody>;
  'GET /api/curations/get-rating/{id}': Out<typeof CurationRatingBody>;
  'GET /api/curations/get-styling-request': Out<typeof StylingRequestList>;
  'GET /api/curations/mission': Out<typeof MissionListBody>;
  'GET /api/curations/payment-type': Out<typeof CurationPaymentType>;
  'GET /api/curations/personal-color-quiz': Out<typeof PersonalColorQuizBody>;
  'GET /api/curations/style-quiz': Out<typeof StyleQuizBody>;
  'GET /api/customer_experiences/tickets/{id}': Out<typeof TicketDetail>;
  'GET /api/dev/sms-outbox': Out<typeof SmsOutboxMessage>;
  'GET /api/health': Out<typeof HealthBody>;
  'GET /api/likes/count-likes': Out<typeof LikeCountBody>;
  'GET /api/likes/get-like': Out<typeof LikeStatusBody>;
  'GET /api/likes/latest-like-type': Out<typeof LatestLikeTypeBody>;
  'GET /api/likes/likes': Out<typeof LikesListBody>;
  'GET /api/likes/product-like-list': Out<typeof LikesListBody>;
  'GET /api/orders/{id}/detail': Out<typeof OrderDetail>;
  'GET /api/orders/best-coupon-combs': Out<typeof BestCouponCombBody>;
  'GET /api/orders/claim-list': Out<typeof OrderList>;
  'GET /api/orders/closet-list': Out<typeof ClosetPage>;
  'GET /api/orders/data': Out<typeof OrderForm>;
  'GET /api/orders/my-closet': Out<typeof ClosetPage>;
  'GET /api/orders/order-by-phone': Out<typeof OrderDetail>;
  'GET /api/orders/order-items/{id}/cancel-detail': Out<typeof CancelDetail>;
  'GET /api/orders/order-items/{id}/exchange-detail': Out<typeof ExchangeDetail>;
  'GET /api/orders/order-list-simple': Out<typeof OrderList>;
  'GET /api/orders/products-with-coupons': Out<typeof ProductsWithCouponsBody>;
  'GET /api/orders/refund-list-by-user': Out<typeof RefundList>;
  'GET /api/orders/refunds/{id}': Out<typeof RefundBody>;
  'GET /api/orders/user-order-data': Out<typeof UserOrderData>;
  'GET /api/payments/client-config': Out<typeof PaymentClientConfig>;
  'GET /api/products/{id}/benefits': Out<typeof ProductBenefitsBody>;
  'GET /api/products/categories': Out<typeof CategoryTreeBody>;
  'GET /api/products/category-filters': Out<typeof CategoryFiltersBody>;
  'GET /api/products/category-products': Out<typeof CategoryListingBody>;
  'GET /api/products/current-view-count': Out<typeof CurrentViewCountBody>;
  'GET /api/products/detail/{id}': Out<typeof ProductDetail>;
  'GET /api/products/get-product-display-detail/{id}': Out<typeof ProductDetail>;
  'GET /api/products/image-main': Out<typeof ImageMainBody>;
  'GET /api/products/main-ranking-items': Out<typeof MainRankingBody>;
  'GET /api/products/matchup-products': Out<typeof MatchupProductsBody>;
  'GET /api/products/product-box/{id}': Out<typeof ProductBoxBody>;
  'GET /api/products/product-displays/{id}/coupons': Out<typeof ProductCouponsBody>;
  'GET /api/products/product-items/{id}': Out<typeof ProductItemsBody>;
  'GET /api/products/ranking-brands': Out<typeof BrandRankingBody>;
  'GET /api/products/ranking-items': Out<typeof RankingPageBody>;
  'GET /api/products/recommend-style': Out<typeof RecommendStyleBody>;
  'GET /api/products/recommended-size/{id}': Out<typeof RecommendedSizeBody>;
  'GET /api/products/same-products': Out<typeof SameProductsBody>;
  'GET /api/products/shipping-info': Out<typeof ShippingInfoBody>;
  'GET /api/products/similar-products': Out<typeof ProductCardList>;
  'GET /api/products/size-grading': Out<typeof SizeGradingBody>;
  'GET /api/products/user-preferred-product-displays': Out<typeof ProductCardList>;
  'GET /api/restock-alerts': Out<typeof RestockAlertList>;
  'GET /api/reviews/my-reviews': Out<typeof MyReviewsBody>;
  'GET /api/reviews/product-review-photo/{id}': Out<typeof ReviewPhotoStripBody>;
  'GET /api/reviews/product-reviews/{id}/{x}': Out<typeof ReviewListBody>;
  'GET /api/reviews/review-count': Out<typeof ReviewSummary>;
  'GET /api/reviews/review-detail/{id}': Out<typeof ReviewDetail>;
  'GET /api/reviews/reviews-to-write': Out<typeof ReviewableListBody>;
  'GET /api/reviews/size-review-list': Out<typeof SizeReviewListBody>;
  'GET /api/reviews/size-review/{id}': Out<typeof SizeReviewItem>;
  'GET /api/users/app-alarm': Out<typeof NotificationPermissions>;
  'GET /api/users/check-email': Out<typeof AuthResultBody>;
  'GET /api/users/check-phone': Out<typeof AuthResultBody>;
  'GET /api/users/curation-status': Out<typeof CurationViewStatus>;
  'GET /api/users/get-user-shipping-info': Out<typeof ShippingAddressList>;
  'GET /api/users/get-user-shipping-info/{id}': Out<typeof ShippingAddress>;
  'GET /api/users/info': Out<typeof UserInfo>;
  'GET /api/users/notification-permissions': Out<typeof NotificationPermissions>;
  'GET /api/users/photos': Out<typeof UserPhotoList>;
  'GET /api/users/profile-simple/{id}': Out<typeof PublicProfileSimple>;
  'GET /api/users/profile/{id}': Out<typeof PublicProfile>;
  'GET /api/users/referral-code': Out<typeof ReferralCodeBody>;
  'GET /api/users/ses-selected': Out<typeof SesSelectedBody>;
  'GET /api/users/status': Out<typeof UserStatus>;
  'GET /api/users/status-main': Out<typeof UserStatusMain>;
  'GET /api/users/user-detail': Out<typeof UserDetail>;
  'GET /api/users/user-size-info': Out<typeof SizeInfo>;
  'GET /api/users/user-variants': Out<typeof UserVariants>;
  'GET /api/users/verify-referral-code': Out<typeof VerifyReferralCodeBody>;
  'GET /api/users/verify-sms': Out<typeof AuthResultBody>;
  'GET /api/v1/carts/products-in-cart': Out<typeof CartLineList>;
  'GET /api/v1/orders/closet-items': Out<typeof ClosetPage>;
  'GET /api/v1/orders/return-cost': Out<typeof ReturnCostBody>;
  'GET /api/v1/products/ai-similar-products': Out<typeof AiSimilarBody>;
  'GET /api/v1/search/available-types': Out<typeof AvailableTypesBody>;
  'GET /api/v1/search/brand': Out<typeof BrandSearchBody>;
  'GET /api/v1/search/filters': Out<typeof SearchFiltersBody>;
  'GET /api/v1/search/product': Out<typeof ProductSearchBody>;
  'GET /api/v1/search/realtime-keywords': Out<typeof RealtimeKeywordsBody>;
  'GET /api/v1/search/recommended-keywords': Out<typeof RecommendedKeywordsBody>;
  'GET /api/v1/search/style': Out<typeof StyleSearchBody>;
  'GET /api/web-status': Out<typeof WebStatusBody>;
  'PATCH /api/carts/{id}': Out<typeof CartAddedLine>;
  'POST /api/benefits/download-coupon': Out<typeof IssueResultBody>;
  'POST /api/benefits/download-coupons': Out<typeof MultiIssueBody>;
  'POST /api/benefits/download-coupons-by-type': Out<typeof MultiIssueBody>;
  'POST /api/benefits/downloadable-coupons': Out<typeof CouponOfferList>;
  'POST /api/benefits/event-random-coupon': Out<typeof IssueResultBody>;
  'POST /api/benefits/event-random-coupon-weekend': Out<typeof IssueResultBody>;
  'POST /api/benefits/issue-by-serial': Out<typeof IssueResultBody>;
  'POST /api/benefits/issue-coupon2': Out<typeof IssueResultBody>;
  'POST /api/benefits/issue-welcome-coupon': Out<typeof IssueResultBody>;
  'POST /api/benefits/receive-mission-point': Out<typeof MissionPointBody>;
  'POST /api/carts': Out<typeof CartAddBody>;
  'POST /api/carts/codi-to-cart': Out<typeof CartAddBody>;
  'POST /api/carts/product-to-cart': Out<typeof CartAddBody>;
  'POST /api/contents/codi-quiz-event': Out<typeof FormAck>;
  'POST /api/contents/daily-look-feedback': Out<typeof FormAck>;
  'POST /api/contents/post-curator-chat': Out<typeof SubmissionAck>;
  'POST /api/contents/post-mini-quiz': Out<typeof FormAck>;
  'POST /api/contents/post-quiz': Out<typeof FormAck>;
  'POST /api/contents/post-survey': Out<typeof FormAck>;
  'POST /api/contents/posts/{id}/feedback': Out<typeof FormAck>;
  'POST /api/contents/telephone-cs': Out<typeof SubmissionAck>;
  'POST /api/curations/personal-color-quiz': Out<typeof PersonalColorResultBody>;
  'POST /api/curations/post-rating': Out<typeof CurationRatingBody>;
  'POST /api/curations/style-quiz-photo': Out<typeof StyleQuizPhoto>;
  'POST /api/curations/user-style': Out<typeof UserStyleBody>;
  'POST /api/customer_experiences/tickets': Out<typeof TicketDetail>;
  'POST /api/customer_experiences/tickets/{id}/replies': Out<typeof TicketDetail>;
  'POST /api/likes/post-like': Out<typeof LikeStatusBody>;
  'POST /api/loggers/batch': Out<typeof AnalyticsAck>;
  'POST /api/misc/cart-ses-soldout': Out<typeof CartSoldOutBody>;
  'POST /api/orders': Out<typeof CreatedOrder>;
  'POST /api/orders/confirm-order': Out<typeof OrderDetail>;
  'POST /api/orders/exchanges': Out<typeof ExchangeBody>;
  'POST /api/orders/order-items/{id}/cancel': Out<typeof CancelResult>;
  'POST /api/orders/order-items/{id}/cancel-despoke': Out<typeof CancelResult>;
  'POST /api/orders/post-coupon3': Out<typeof BestCouponCombBody>;
  'POST /api/orders/refunds/{id}/complete': Out<typeof RefundBody>;
  'POST /api/orders/release-pending': Out<typeof ReleasePendingBody>;
  'POST /api/products/product-displays/{id}/calculate-price': Out<typeof CalculatePriceBody>;
  'POST /api/restock-alerts': Out<typeof RestockAlert>;
  'POST /api/reviews/{id}/helpful': Out<typeof ReviewHelpfulBody>;
  'POST /api/reviews/quick-review': Out<typeof ReviewCreatedBody>;
  'POST /api/reviews/review': Out<typeof ReviewCreatedBody>;
  'POST /api/reviews/review-photo': Out<typeof ReviewCreatedBody>;
  'POST /api/reviews/size-review': Out<typeof SizeReviewItem>;
  'POST /api/users/app-push-permission': Out<typeof AppPushPermissionBody>;
  'POST /api/users/auth/token': Out<typeof SocialAuthTokenResult>;
  'POST /api/users/change-password': Out<typeof ChangePasswordResult>;
  'POST /api/users/change-phone': Out<typeof ChangePhoneResult>;
  'POST /api/users/guest-id': Out<typeof GuestIdBody>;
  'POST /api/users/notification-permissions': Out<typeof NotificationPermissions>;
  'POST /api/users/post-user-shipping-info': Out<typeof ShippingAddress>;
  'POST /api/users/revoke-apple': Out<typeof SocialRevokeResult>;
  'POST /api/users/send-sms': Out<typeof AuthResultBody>;
  'POST /api/users/ses-selected': Out<typeof SesSelectedBody>;
  'POST /api/users/sign-in': Out<typeof AuthSession>;
  'POST /api/users/sign-out': Out<typeof AuthResultBody>;
  'POST /api/users/sign-up': Out<typeof AuthSession>;
  'POST /api/users/social-sign-in': Out<typeof SocialSession>;
  'POST /api/users/social-sign-up': Out<typeof SocialSession>;
  'POST /api/users/stop': Out<typeof OkBody>;
  'POST /api/users/token/refresh': Out<typeof TokenPair>;
  'POST /api/users/update-password': Out<typeof AuthResultBody>;
  'POST /api/users/user-size-info': Out<typeof SizeInfo>;
  'POST /api/v1/curations/style-quiz': Out<typeof StyleQuizSaved>;
  'PUT /api/orders/{id}/detail2': Out<typeof OrderDetail>;
  'PUT /api/reviews/review/{id}': Out<typeof ReviewCreatedBody>;
  'PUT /api/reviews/size-review': Out<typeof SizeReviewItem>;
  'PUT /api/users/put-user-shipping-info': Out<typeof ShippingAddress>;
  'PUT /api/users/update-profile': Out<typeof UserDetail>;
  'GET /api/curations/codi-by-product/{id}': Out<typeof CodiByProductBody>;
  'GET /api/curations/daily-quiz-today': Out<typeof DailyQuizBody>;
  'POST /api/curations/daily-quiz-today': Out<typeof DailyQuizAnswerBody>;
  'GET /api/curations/daily-quiz-done': Out<typeof DailyQuizDoneBody>;
  'GET /api/curations/daily-quiz-done-monthly': Out<typeof DailyQuizMonthBody>;
  'DELETE /api/curations/style-quiz-photo/{id}': Out<typeof StyleQuizPhotoDeleted>;
  'GET /api/users/notifications': Out<typeof NotificationPage>;
  'GET /api/customer_experiences/tickets': Out<typeof TicketPage>;
  'GET /api/products/product-display-list': Out<typeof ProductCardList>;
  'POST /api/orders/payment-failed': unknown;
  'POST /api/orders/refunds': unknown;
  'POST /api/orders/order-items/{id}/status': Out<typeof OrderItemStatusBody>;
  'POST /api/reviews/{id}/report': unknown;
  'POST /api/users/notifications/read': unknown;
  'DELETE /api/restock-alerts/{id}': unknown;
  'GET /api/dev/oauth/providers': {
    providers: { provider: string; label: string; mode: 'dev' | 'real' | 'off'; authorize: string }[];
  };
  'POST /api/loggers/active-user-log': unknown;
  'POST /api/loggers/page-log': unknown;
  'POST /api/loggers/error-log': unknown;
  'POST /api/loggers/section-log': unknown;
}

/** The storefront's calls and the back office's (admin-responses.ts). */
export interface ApiResponses extends StorefrontResponses, AdminResponses {}

// ---------------------------------------------------------------------------------------------
// From a call to its answer

/** `/a/{id}/b` → `/a/${string}/b`: the concrete paths a template stands for. */
export type PathTemplate<S extends string> = S extends `${infer Head}{${string}}${infer Tail}`
  ? `${Head}${string}${PathTemplate<Tail>}`
  : S;

type KeysFor<M extends ApiMethod, R> = Extract<keyof R, `${M} /${string}`>;
type PathsOf<K> = K extends `${string} ${infer P}` ? PathTemplate<P> | `${PathTemplate<P>}?${string}` : never;

/** Every path a `method` call may take (with or without a query string). */
export type ApiPath<M extends ApiMethod, R = ApiResponses> = PathsOf<KeysFor<M, R>>;

/**
 * The 2xx answer of `method path`, by the route the path falls under. `{name}` stands for one
 * path segment, so a path with more segments than a route is not that route's
 * (`/a/items/5/x` is not `/a/{id}`), and a route's own path (no `{name}` in it) is that route's:
 * the server's router picks the literal segment, so `/api/admin/tickets/templates` is not
 * `/api/admin/tickets/{id}`.
 */
export type ApiResponse<
  M extends ApiMethod,
  P extends string,
  R = ApiResponses,
> = `${M} ${PathOf<P>}` extends keyof R
  ? R[`${M} ${PathOf<P>}`]
  : {
      [K in KeysFor<M, R>]: P extends PathsOf<K> ? R[K] : never;
    }[Exclude<KeysFor<M, R>, Deeper<PathOf<P>, KeysFor<M, R>>>];
/** The routes `path` has more segments than. */
type Deeper<Path extends string, K> = K extends unknown
  ? Path extends `${TemplateOf<K>}/${string}`
    ? K
    : never
  : never;
type PathOf<P extends string> = P extends `${infer Path}?${string}` ? Path : P;
type TemplateOf<K> = K extends `${string} ${infer P}` ? PathTemplate<P> : never;

/**
 * The paths of `method` calls answered with a `T`: the type of a path a caller picks at run time
 * (a form's endpoint, a list's page) and reads as one answer type.
 */
export type ApiPathTo<M extends ApiMethod, T, R = ApiResponses> = {
  [K in KeysFor<M, R>]: [R[K]] extends [T] ? PathsOf<K> : never;
}[KeysFor<M, R>];
