/**
 * Wire schemas shared by the API (validation + OpenAPI) and the storefront (types).
 * Field names follow SPEC.md (snake_case).
 */
import { z } from 'zod';
import { PRODUCT_TYPES } from './constants.ts';

export const ErrorBody = z.object({ detail: z.string() }).meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof ErrorBody>;

export const Pagination = z.object({
  page: z.number().int(),
  count: z.number().int(),
  total_count: z.number().int(),
  total_page: z.number().int(),
});
export type Pagination = z.infer<typeof Pagination>;

export const HealthBody = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['pglite', 'postgresql']),
  cache: z.enum(['memory', 'redis']),
  node: z.string(),
  uptime_s: z.number(),
});
export type HealthBody = z.infer<typeof HealthBody>;

export const WebStatusVariant = z.enum(['maintenance', 'overload', 'error4']);
export const WebStatusBody = z.object({
  /** true means maintenance or overload (SPEC.md "Web status"). */
  result: z.boolean(),
  start_at: z.string().nullable(),
  end_at: z.string().nullable(),
  variant: WebStatusVariant,
});
export type WebStatusBody = z.infer<typeof WebStatusBody>;

/** SPEC.md §3 "Product", plus what a product card shows. */
export const ProductCard = z.object({
  id: z.number().int(),
  product_display_id: z.number().int(),
  name: z.string(),
  brand_id: z.number().int(),
  brand_name: z.string(),
  price: z.number().int(),
  price_discount: z.number().int(),
  discount_rate: z.number().int(),
  product_type: z.enum(PRODUCT_TYPES),
  image_url: z.string(),
  review_count: z.number().int(),
  rating: z.number().nullable(),
  like_count: z.number().int(),
  is_fast: z.boolean(),
  quantity: z.number().int(),
  delivery_category: z.string(),
  /**
   * The colourway's colour: a list of product displays can hold two colours of one product, and the
   * card names its colour so they are told apart. Absent on lists that do not read it.
   */
  color_name: z.string().optional(),
  /**
   * Prices everywhere agree (docs/ARCHITECTURE.md, 'Prices'): the time-sale price while one runs for the
   * display (and its limited quantity lasts), else null. `price_discount` stays the display's own discount
   * price; the card shows `livePrice` (packages/shared/src/price.ts). Absent on lists that do not read it.
   */
  time_sale_price: z.number().int().nullable().optional(),
  /** Price of one unit after the display's running event coupon (SPEC.md slacks event), else null. */
  event_coupon_price: z.number().int().nullable().optional(),
});
export type ProductCard = z.infer<typeof ProductCard>;

export const Banner = z.object({
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  image_url: z.string(),
  link_url: z.string(),
});
export type Banner = z.infer<typeof Banner>;

export const HomeSection = z.object({
  key: z.string(),
  title: z.string(),
  link: z.string().nullable(),
  products: z.array(ProductCard),
});
export type HomeSection = z.infer<typeof HomeSection>;

export const HomeFeed = z.object({
  banners: z.array(Banner),
  sections: z.array(HomeSection),
});
export type HomeFeed = z.infer<typeof HomeFeed>;
