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
  /** SPEC.md §9: 85% of price_discount, rounded up to 10 won. */
  first_discount_price: Int,
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
  delivery_category: z.string(),
  /** Total stock of the active items. */
  quantity: Int,
  items: z.array(ProductItem),
  /** Every item has stock 0 (or there is no item). */
  is_sold_out: z.boolean(),
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

export const PromotionDetailBody = z.object({ promotion: PromotionInfo, products: PaginatedProducts });
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
