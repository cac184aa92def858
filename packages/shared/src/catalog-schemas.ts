/**
 * Wire schemas of the read-only catalogue and content calls (products, rankings, brands, posts,
 * styles, promotions, time sales, banners, themes, sitemap). The API validates and documents its
 * responses with them; the storefront imports the inferred types.
 *
 * Conventions: snake_case field names (SPEC.md), money in integer won, instants as ISO 8601 UTC
 * strings, paginated lists as `{ page, count, total_count, total_page, result: [...] }`.
 */
import { z } from 'zod';
import { SHOP_CATEGORIES } from './constants.ts';
import { COUPON_SCOPES, DISCOUNT_KINDS } from './coupons.ts';
import { RANKING_PERIODS } from './ranking-periods.ts';
import { Banner, Pagination, ProductCard } from './schemas.ts';

const Int = z.number().int();
const Instant = z.iso.datetime();

/** A page of `item`: SPEC.md §3 Pagination (page is 1-based, count = items on this page). */
export function paginated<T extends z.ZodType>(item: T) {
  return Pagination.extend({ result: z.array(item) });
}

export const PaginatedProducts = paginated(ProductCard);
export type PaginatedProducts = z.infer<typeof PaginatedProducts>;

export const ProductCardList = z.object({ result: z.array(ProductCard) });
export type ProductCardList = z.infer<typeof ProductCardList>;

// ───────────────────────────── products ─────────────────────────────

export const ShopCategoryEnum = z.enum(SHOP_CATEGORIES);

export const BrandRef = z.object({
  id: Int,
  name: z.string(),
  name_en: z.string(),
  logo_url: z.string().nullable(),
});
export type BrandRef = z.infer<typeof BrandRef>;

export const CategoryRef = z.object({
  code: z.string(),
  name: z.string(),
  /** Shop tab: outer, top, bottom, shoes, bag, accessories, sports. */
  main: z.string(),
  sub: z.string().nullable(),
});
export type CategoryRef = z.infer<typeof CategoryRef>;

/** A purchasable option (size × colour) of a product display. */
export const ProductItem = z.object({
  id: Int,
  size_name: z.string(),
  color_name: z.string(),
  stock: Int,
  extra_price: Int,
  is_sold_out: z.boolean(),
  /** 1–3 left. */
  is_low_stock: z.boolean(),
});
export type ProductItem = z.infer<typeof ProductItem>;

export const ProductDetail = z.object({
  id: Int,
  product_display_id: Int,
  product_id: Int,
  brand: BrandRef,
  category: CategoryRef,
  name: z.string(),
  product_type: ProductCard.shape.product_type,
  price: Int,
  price_discount: Int,
  discount_rate: Int,
  images: z.array(z.string()),
  image_url: z.string(),
  color_name: z.string(),
  color_hex: z.string(),
  material: z.string().nullable(),
  fit: z.string().nullable(),
  season: z.string().nullable(),
  description: z.string(),
  style_tags: z.array(z.string()),
  review_count: Int,
  /** Average rating, 1 decimal; null without reviews. */
  rating: z.number().nullable(),
  like_count: Int,
  is_fast: z.boolean(),
  /** 주문 제작 (despoke): the brand makes it after the order (SPEC.md, 'Orders': its own cancel call). */
  is_made_to_order: z.boolean(),
  delivery_category: z.string(),
  /** Total stock of the active items. */
  quantity: Int,
  items: z.array(ProductItem),
  /** Every item has stock 0 (or there is no item). */
  is_sold_out: z.boolean(),
  /**
   * The running time sale that sets the price (docs/ARCHITECTURE.md, 'Time sales'), else null;
   * absent when not read.
   */
  time_sale: z
    .object({
      time_sale_item_id: Int,
      sale_price: Int,
      /** Units still sellable at the sale price. */
      remaining: Int,
      ends_at: z.string(),
    })
    .nullable()
    .optional(),
  /** Price of one unit after the display's running event coupon (SPEC.md slacks event), else null. */
  event_coupon_price: Int.nullable().optional(),
  /**
   * [addition] SPEC.md §9 almost sold-out (품절임박): the colourway's flag window, as ISO instants
   * (null without one), and whether it holds now (isAlmostSoldOut).
   */
  almost_sold_out_from: z.string().nullable().optional(),
  almost_sold_out_until: z.string().nullable().optional(),
  is_almost_sold_out: z.boolean().optional(),
});
export type ProductDetail = z.infer<typeof ProductDetail>;

export const ProductItemsBody = z.object({
  product_display_id: Int,
  is_sold_out: z.boolean(),
  items: z.array(ProductItem),
});
export type ProductItemsBody = z.infer<typeof ProductItemsBody>;

export const MeasurementField = z.object({ key: z.string(), label: z.string() });
export const MeasurementSet = z.object({
  code: z.string(),
  name: z.string(),
  fields: z.array(MeasurementField),
});
export type MeasurementSet = z.infer<typeof MeasurementSet>;

export const SizeGradingRow = z.object({
  size_name: z.string(),
  /** Values (cm, or mm for EYEWEAR2) keyed by `set.fields[].key`. */
  values: z.record(z.string(), z.number()),
  /** The same size in the '2' variant, keyed by `set2.fields[].key`; null when not measured. */
  values2: z.record(z.string(), z.number()).nullable(),
});
export type SizeGradingRow = z.infer<typeof SizeGradingRow>;

/** The size sheet. `set` is null (and rows empty) for categories without measurements (e.g. socks). */
export const SizeGradingBody = z.object({
  product_display_id: Int.nullable(),
  set: MeasurementSet.nullable(),
  set2: MeasurementSet.nullable(),
  rows: z.array(SizeGradingRow),
});
export type SizeGradingBody = z.infer<typeof SizeGradingBody>;

/** A product card with its colour, for colour-way pickers. */
export const ColourwayCard = ProductCard.extend({ color_name: z.string(), color_hex: z.string() });
export type ColourwayCard = z.infer<typeof ColourwayCard>;

export const SameProductsBody = z.object({ result: z.array(ColourwayCard) });
export type SameProductsBody = z.infer<typeof SameProductsBody>;

export const RankingSection = z.object({
  category_main: ShopCategoryEnum,
  title: z.string(),
  products: z.array(ProductCard),
});
export type RankingSection = z.infer<typeof RankingSection>;

export const MainRankingBody = z.object({ sections: z.array(RankingSection) });
export type MainRankingBody = z.infer<typeof MainRankingBody>;

export const CategoryTab = z.object({
  main: z.string(),
  name: z.string(),
  subs: z.array(z.object({ code: z.string(), name: z.string(), sub: z.string(), product_count: Int })),
  product_count: Int,
});
export const CategoryTreeBody = z.object({ result: z.array(CategoryTab) });
export type CategoryTreeBody = z.infer<typeof CategoryTreeBody>;

// ───────────────────────────── brands ─────────────────────────────

export const BrandSummary = BrandRef.extend({ product_count: Int });
export type BrandSummary = z.infer<typeof BrandSummary>;

export const BrandListBody = z.object({ result: z.array(BrandSummary) });
export type BrandListBody = z.infer<typeof BrandListBody>;

export const CategoryTabBrandBody = z.object({
  category_main: ShopCategoryEnum,
  /** product_count counts the brand's products in this tab only. */
  result: z.array(BrandSummary),
});
export type CategoryTabBrandBody = z.infer<typeof CategoryTabBrandBody>;

export const BrandDetail = BrandRef.extend({
  description: z.string(),
  like_count: Int,
  product_count: Int,
  /** [addition] The brand page's wide banner (a generated picture by the brand's slug). */
  banner_url: z.string(),
});
export type BrandDetail = z.infer<typeof BrandDetail>;

export const BrandContentsBody = z.object({ brand: BrandDetail, products: PaginatedProducts });
export type BrandContentsBody = z.infer<typeof BrandContentsBody>;

export const BrandFiltersBody = z.object({
  brand_id: Int,
  categories: z.array(CategoryRef.extend({ count: Int })),
  /** Range of price_discount (what the shopper pays); null when the brand has no product. */
  price: z.object({ min: Int.nullable(), max: Int.nullable() }),
  sizes: z.array(z.object({ size_name: z.string(), count: Int })),
  colors: z.array(z.object({ color_name: z.string(), color_hex: z.string(), count: Int })),
});
export type BrandFiltersBody = z.infer<typeof BrandFiltersBody>;

// ───────────────────────────── posts (magazine) ─────────────────────────────

export const PostInfo = z.object({
  id: Int,
  title: z.string(),
  subtitle: z.string(),
  cover_image_url: z.string(),
  published_at: Instant,
});
export type PostInfo = z.infer<typeof PostInfo>;

export const PostSummary = PostInfo.extend({
  category: z.string(),
  author: z.string(),
  view_count: Int,
  like_count: Int,
});
export type PostSummary = z.infer<typeof PostSummary>;

export const PostListBody = paginated(PostSummary);
export type PostListBody = z.infer<typeof PostListBody>;

export const PostDetail = PostSummary.extend({
  /** Markdown as stored. */
  body: z.string(),
  products: z.array(ProductCard),
});
export type PostDetail = z.infer<typeof PostDetail>;

// ───────────────────────────── styles and codi sets ─────────────────────────────

export const StyleSummary = z.object({
  id: Int,
  name: z.string(),
  description: z.string(),
  image_url: z.string(),
  tags: z.array(z.string()),
  like_count: Int,
  codi_count: Int,
});
export type StyleSummary = z.infer<typeof StyleSummary>;

export const StyleListBody = paginated(StyleSummary);
export type StyleListBody = z.infer<typeof StyleListBody>;

export const CodiSet = z.object({
  id: Int,
  title: z.string(),
  description: z.string(),
  image_url: z.string(),
  curator_name: z.string().nullable(),
  like_count: Int,
  /** Sum of the list prices of its products. */
  total_price: Int,
  /** Sum of the discounted prices (what the set costs). */
  total_price_discount: Int,
  products: z.array(ProductCard),
});
export type CodiSet = z.infer<typeof CodiSet>;

export const StyleDetail = StyleSummary.extend({ codis: paginated(CodiSet) });
export type StyleDetail = z.infer<typeof StyleDetail>;

// ───────────────────────────── promotions ─────────────────────────────

export const PromotionInfo = z.object({
  id: Int,
  title: z.string(),
  subtitle: z.string(),
  description: z.string(),
  promotion_type: z.string(),
  benefit_label: z.string().nullable(),
  coupon_policy_id: Int.nullable(),
  image_url: z.string().nullable(),
  starts_at: Instant,
  ends_at: Instant,
  /** starts_at ≤ now < ends_at. */
  is_running: z.boolean(),
});
export type PromotionInfo = z.infer<typeof PromotionInfo>;

export const PromotionListBody = z.object({ result: z.array(PromotionInfo) });
export type PromotionListBody = z.infer<typeof PromotionListBody>;

/** [addition] The coupon policy a promotion offers, as its page shows it (SPEC.md §3 Brand promotion info). */
export const PromotionCoupon = z.object({
  coupon_policy_id: Int,
  name: z.string(),
  coupon_type: z.string(),
  discount_kind: z.enum(DISCOUNT_KINDS),
  discount_value: Int,
  max_discount: Int.nullable(),
  min_order_amount: Int,
  scope: z.enum(COUPON_SCOPES),
  scope_names: z.array(z.string()),
  is_cart_coupon: z.boolean(),
  stackable: z.boolean(),
  allow_time_sale: z.boolean(),
  starts_at: Instant.nullable(),
  ends_at: Instant.nullable(),
  valid_days: Int.nullable(),
  per_user_limit: Int,
  total_limit: Int.nullable(),
  is_downloadable: z.boolean(),
  /** Downloadable right now: active, inside its window and not sold out. */
  is_open: z.boolean(),
});
export type PromotionCoupon = z.infer<typeof PromotionCoupon>;

export const PromotionDetailBody = z.object({
  promotion: PromotionInfo,
  products: PaginatedProducts,
  /** [addition] The promotion's coupon, or null (none, or no longer active). */
  coupon: PromotionCoupon.nullable(),
  /** [addition] 유의사항, written from the promotion's and the coupon's facts (promotion-terms.ts). */
  terms: z.array(z.string()),
});
export type PromotionDetailBody = z.infer<typeof PromotionDetailBody>;

// ───────────────────────────── time sales ─────────────────────────────

export const TimeSaleItem = ProductCard.extend({
  sale_price: Int,
  /** Whole percent off the list price. */
  sale_rate: Int,
  stock_limit: Int,
  sold_count: Int,
  remaining: Int,
});
export type TimeSaleItem = z.infer<typeof TimeSaleItem>;

export const TimeSale = z.object({
  id: Int,
  title: z.string(),
  starts_at: Instant,
  ends_at: Instant,
  items: z.array(TimeSaleItem),
});
export type TimeSale = z.infer<typeof TimeSale>;

export const TimeSaleBody = z.object({
  /** Server time the answer was computed at (for countdowns). */
  now: Instant,
  running: TimeSale.nullable(),
  upcoming: TimeSale.nullable(),
});
export type TimeSaleBody = z.infer<typeof TimeSaleBody>;

// ───────────────────────────── banners, themes, sitemap ─────────────────────────────

export const BannerListBody = z.object({ placement: z.string(), result: z.array(Banner) });
export type BannerListBody = z.infer<typeof BannerListBody>;

export const ThemeInfo = z.object({
  id: Int,
  slug: z.string(),
  /** theme | collection */
  kind: z.string(),
  title: z.string(),
  description: z.string(),
  image_url: z.string().nullable(),
});
export type ThemeInfo = z.infer<typeof ThemeInfo>;

export const ThemeBody = z.object({ theme: ThemeInfo, products: PaginatedProducts });
export type ThemeBody = z.infer<typeof ThemeBody>;

export const SitemapEntry = z.object({ id: Int, updated_at: Instant });
export type SitemapEntry = z.infer<typeof SitemapEntry>;

export const SitemapEntriesBody = z.object({
  products: z.array(SitemapEntry),
  brands: z.array(SitemapEntry),
  posts: z.array(SitemapEntry),
  styles: z.array(SitemapEntry),
});
export type SitemapEntriesBody = z.infer<typeof SitemapEntriesBody>;

// ───────────────────────────── product page extras ─────────────────────────────

/** GET /api/products/shipping-info: the brand's shipping terms and SPEC.md §9's promise for now. */
export const ShippingInfoBody = z.object({
  product_display_id: Int.nullable(),
  brand_id: Int.nullable(),
  delivery_category: z.string(),
  shipping_fee: Int,
  free_shipping_min: Int,
  shipping_type: z.enum(['today', 'fast', 'standard']),
  cutoff_hour: Int.nullable(),
  is_weekend: z.boolean(),
  is_before_cutoff: z.boolean(),
  cutoff_at: Instant.nullable(),
  dispatch_date: z.string(),
  arrival_date: z.string(),
  label: z.string(),
  message: z.string(),
});
export type ShippingInfoBody = z.infer<typeof ShippingInfoBody>;

export const CurrentViewCountBody = z.object({
  product_display_id: Int.nullable(),
  /** Distinct viewers of the product over the last `window_minutes`. */
  count: Int,
  window_minutes: Int,
});
export type CurrentViewCountBody = z.infer<typeof CurrentViewCountBody>;

export const ImageMainBody = z.object({
  product_display_id: Int.nullable(),
  image_url: z.string().nullable(),
  images: z.array(z.string()),
});
export type ImageMainBody = z.infer<typeof ImageMainBody>;

/** A compact product box (posts, reviews, codi sets): the card plus its sizes and sold-out state. */
export const ProductBoxBody = z.object({
  result: ProductCard.extend({
    color_name: z.string(),
    sizes: z.array(z.object({ size_name: z.string(), is_sold_out: z.boolean() })),
    is_sold_out: z.boolean(),
  }),
});
export type ProductBoxBody = z.infer<typeof ProductBoxBody>;

export const RecommendStyleBody = z.object({
  product_display_id: Int.nullable(),
  /** Styles of the codi sets that contain the product (or share its style tags). */
  styles: z.array(StyleSummary),
  /** Codi sets that contain the product, most liked first. */
  codis: z.array(CodiSet),
});
export type RecommendStyleBody = z.infer<typeof RecommendStyleBody>;

export const MatchupItem = ProductCard.extend({
  /** The codi set the pairing comes from; null for a category-complement pick. */
  codi_id: Int.nullable(),
  reason: z.enum(['same_codi', 'complement']),
});
export const MatchupProductsBody = z.object({ result: z.array(MatchupItem) });
export type MatchupProductsBody = z.infer<typeof MatchupProductsBody>;

export const AiSimilarItem = ProductCard.extend({
  /** 0–1, higher is closer. */
  score: z.number(),
  /** Features that matched at least halfway: category, style, colour, price, fit, co_signal (co-like/co-purchase). */
  reasons: z.array(z.string()),
});
export const AiSimilarBody = z.object({
  product_display_id: Int.nullable(),
  method: z.string(),
  result: z.array(AiSimilarItem),
});
export type AiSimilarBody = z.infer<typeof AiSimilarBody>;

// ───────────────────────────── ranking tabs ─────────────────────────────

/** SPEC.md §2 ranking tabs: rising, brands, then the shop categories. */
export const RANKING_TABS = ['rising', 'brands', ...SHOP_CATEGORIES] as const;
export const RankingCategoryEnum = z.enum(['rising', ...SHOP_CATEGORIES]);

export const RankingPeriodEnum = z.enum(RANKING_PERIODS);

/** [addition] A ranking card: one per product (colourways grouped), with its rank and change. */
export const RankingCard = ProductCard.extend({
  rank: Int,
  /** Previous rank − rank (positive: up); null when new or nothing to compare with. */
  rank_change: Int.nullable(),
  /** Not ranked in the previous period of the same tab. */
  is_new: z.boolean(),
  /** The colourway shown (the product's best in the period). */
  color_name: z.string(),
  /** How many colourways of the product are on sale. */
  colourway_count: Int,
});
export type RankingCard = z.infer<typeof RankingCard>;

/** ranking-items: the catalogue's paginated cards, plus (additions) the period and its times. */
export const RankingPageBody = paginated(RankingCard).extend({
  period: RankingPeriodEnum.nullable(),
  /** When the ranking was computed; null before the first computation. */
  computed_at: Instant.nullable(),
  /** What the changes compare with: the realtime baseline's computation, or the previous window's start. */
  compared_at: Instant.nullable(),
  /** The activity window of a windowed period. */
  window_from: Instant.nullable(),
  window_to: Instant.nullable(),
});
export type RankingPageBody = z.infer<typeof RankingPageBody>;

export const BrandRankingItem = BrandRef.extend({
  rank: Int,
  score: z.number(),
  product_count: Int,
  products: z.array(ProductCard),
});
export const BrandRankingBody = z.object({
  computed_at: Instant.nullable(),
  result: z.array(BrandRankingItem),
});
export type BrandRankingBody = z.infer<typeof BrandRankingBody>;

// ───────────────────────────── content submissions ─────────────────────────────

/** What the content POSTs answer once they stored the submission. */
export const SubmissionAck = z.object({ result: z.literal('SUCCESS'), id: Int });
export type SubmissionAck = z.infer<typeof SubmissionAck>;

export const DailyLookBody = z.object({
  /** KST date of the look. */
  date: z.string(),
  codi: CodiSet.nullable(),
});
export type DailyLookBody = z.infer<typeof DailyLookBody>;

// ───────────────────────────── category listing ─────────────────────────────

/** A category page: page numbers for links and a keyset cursor for infinite scroll. */
export const CategoryListingBody = PaginatedProducts.extend({
  /** Pass as `cursor` for the next 30; null at the end. */
  next_cursor: z.string().nullable(),
});
export type CategoryListingBody = z.infer<typeof CategoryListingBody>;

export const CategoryFiltersBody = z.object({
  brands: z.array(z.object({ id: Int, name: z.string(), count: Int })),
  price: z.object({ min: Int.nullable(), max: Int.nullable() }),
  sizes: z.array(z.object({ size_name: z.string(), count: Int })),
  colors: z.array(z.object({ color_name: z.string(), color_hex: z.string(), count: Int })),
});
export type CategoryFiltersBody = z.infer<typeof CategoryFiltersBody>;
