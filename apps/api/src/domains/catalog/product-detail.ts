/**
 * The product page's detail (SPEC.md 'Product detail'; GET /api/products/detail/{id} and the
 * storefront's in-process read): the display with its product, brand and category, its active items
 * and the time-sale rows running for it, read in ONE fixed statement (hot-sql.ts `fixedStatement`:
 * on PostgreSQL a named prepared statement built once, parsed once per connection, one round trip,
 * no query building per page), beside the running event coupons that can price it (eventCouponRules, live-prices.ts: the card price
 * snapshot's, read at most once a second for every page and card). The live price fields are then
 * filled by the same rules as every card (`applyLiveDetail`: the time sale `timeSalesFromJson` picks,
 * the event coupon price, the almost-sold-out flag).
 */
import { discountRate, type ProductDetail } from '@codiroom/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import { fixedStatement } from '../../db/hot-sql.ts';
import { applyLiveDetail, eventCouponRules, type LiveSource, timeSalesFromJson } from './live-prices.ts';
import { isSoldOut, productMissing, toItem } from './products.ts';
import {
  brands,
  categories,
  productDisplays,
  productItems,
  products,
  timeSaleItems,
  timeSales,
} from './schema.ts';
import { timeSaleRunningAt } from './time-sale.ts';

/** The display row as the statement's json object (snake_case keys, timestamps as JSON text). */
type DetailRow = {
  id: number;
  product_id: number;
  name: string;
  product_type: ProductDetail['product_type'];
  price: number;
  price_discount: number;
  images: string[];
  image_url: string;
  color_name: string;
  color_hex: string;
  review_count: number;
  rating_sum: number;
  like_count: number;
  is_fast: boolean;
  delivery_category: string;
  almost_sold_out_from: string | null;
  almost_sold_out_until: string | null;
  material: string | null;
  fit: string | null;
  season: string | null;
  description: string;
  style_tags: string[];
  brand_id: number;
  brand_name: string;
  brand_name_en: string;
  brand_logo_url: string | null;
  made_to_order: boolean;
  category_code: string;
  category_name: string;
  category_main: string;
  category_sub: string | null;
};
type ItemRow = Parameters<typeof toItem>[0];

const jsonOf = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);
/** A timestamptz as JSON text (`2026-12-02T05:00:00.123456+00:00`) → the API's ISO form, or null. */
const isoOf = (v: string | null): string | null => (v === null ? null : new Date(v).toISOString());

/**
 * One statement: `detail` (json object or no row), `items` and `sales` (json arrays). A fixed text
 * built once (hot-sql.ts fixedStatement): most first visits of a product page read it.
 */
const detailStatement = fixedStatement<{ id: number; at: string }>((v) => {
  const d = productDisplays;
  return sql`select json_build_object(
      'id', ${d.id}, 'product_id', ${d.product_id}, 'name', ${d.name}, 'product_type', ${d.product_type},
      'price', ${d.price}, 'price_discount', ${d.price_discount}, 'images', ${d.images},
      'image_url', ${d.image_url}, 'color_name', ${d.color_name}, 'color_hex', ${d.color_hex},
      'review_count', ${d.review_count}, 'rating_sum', ${d.rating_sum}, 'like_count', ${d.like_count},
      'is_fast', ${d.is_fast}, 'delivery_category', ${d.delivery_category},
      'almost_sold_out_from', ${d.almost_sold_out_from}, 'almost_sold_out_until', ${d.almost_sold_out_until},
      'material', ${products.material}, 'fit', ${products.fit}, 'season', ${products.season},
      'description', ${products.description}, 'style_tags', ${products.style_tags},
      'brand_id', ${brands.id}, 'brand_name', ${brands.name}, 'brand_name_en', ${brands.name_en},
      'brand_logo_url', ${brands.logo_url}, 'made_to_order', ${brands.allows_custom_order},
      'category_code', ${categories.code}, 'category_name', ${categories.name},
      'category_main', ${categories.main}, 'category_sub', ${categories.sub}
    ) as detail,
    coalesce((
      select json_agg(json_build_object(
          'id', ${productItems.id}, 'size_name', ${productItems.size_name},
          'color_name', ${productItems.color_name}, 'stock', ${productItems.stock},
          'extra_price', ${productItems.extra_price})
        order by ${asc(productItems.sort_order)}, ${asc(productItems.id)})
      from ${productItems}
      where ${and(eq(productItems.product_display_id, d.id), eq(productItems.is_active, true))}
    ), '[]'::json) as items,
    coalesce((
      select json_agg(json_build_object(
          'time_sale_item_id', ${timeSaleItems.id}, 'product_display_id', ${timeSaleItems.product_display_id},
          'sale_price', ${timeSaleItems.sale_price}, 'stock_limit', ${timeSaleItems.stock_limit},
          'sold_count', ${timeSaleItems.sold_count}, 'ends_at', ${timeSales.ends_at}))
      from ${timeSaleItems} inner join ${timeSales} on ${timeSales.id} = ${timeSaleItems.time_sale_id}
      where ${timeSaleItems.product_display_id} = ${d.id} and ${timeSaleRunningAt(sql`${v('at')}::timestamptz`)}
    ), '[]'::json) as sales
    from ${d}
    inner join ${products} on ${products.id} = ${d.product_id}
    inner join ${brands} on ${brands.id} = ${d.brand_id}
    inner join ${categories} on ${categories.id} = ${d.category_id}
    where ${d.id} = ${v('id')}::int and ${d.is_active} = true
    limit 1`;
});

/** The detail of an active display at `now`, with its live prices; 404 (상품이 없습니다.) otherwise. */
export async function productDetailAt(src: LiveSource, now: Date, id: number | null): Promise<ProductDetail> {
  if (id === null) throw productMissing();
  const [[row], rules] = await Promise.all([
    detailStatement(src.db, { id, at: now.toISOString() }),
    eventCouponRules(src, now, [id]),
  ]);
  if (!row) throw productMissing();
  const r = jsonOf(row.detail) as DetailRow;
  const items = (jsonOf(row.items) as ItemRow[]).map(toItem);
  const detail: ProductDetail = {
    id: r.id,
    product_display_id: r.id,
    product_id: r.product_id,
    brand: { id: r.brand_id, name: r.brand_name, name_en: r.brand_name_en, logo_url: r.brand_logo_url },
    category: { code: r.category_code, name: r.category_name, main: r.category_main, sub: r.category_sub },
    name: r.name,
    product_type: r.product_type,
    price: r.price,
    price_discount: r.price_discount,
    discount_rate: discountRate(r.price, r.price_discount),
    images: r.images,
    image_url: r.image_url,
    color_name: r.color_name,
    color_hex: r.color_hex,
    material: r.material,
    fit: r.fit,
    season: r.season,
    description: r.description,
    style_tags: r.style_tags,
    review_count: r.review_count,
    rating: r.review_count > 0 ? Math.round((r.rating_sum / r.review_count) * 10) / 10 : null,
    like_count: r.like_count,
    is_fast: r.is_fast,
    is_made_to_order: r.made_to_order,
    delivery_category: r.delivery_category,
    quantity: items.reduce((s, i) => s + Math.max(0, i.stock), 0),
    items,
    is_sold_out: isSoldOut(items),
    almost_sold_out_from: isoOf(r.almost_sold_out_from),
    almost_sold_out_until: isoOf(r.almost_sold_out_until),
  };
  const sale = timeSalesFromJson([row.sales], [{ id: r.id, price_discount: r.price_discount }]).get(r.id);
  return applyLiveDetail(detail, sale, rules, now);
}
