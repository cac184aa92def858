/**
 * The catalogue's order-pricing read as one database function, `order_price_rows(ids, at)` (orders'
 * pricing.ts calls it through `itemPriceRows`): the items with their
 * display, brand and the display's running time-sale rows (what the catalogue's runningTimeSales
 * reads), in one round trip under a plan made once per connection (measured faster than the same
 * statement prepared from the client: bench/orders.mjs, see pricing.ts).
 *
 * The function is not written by hand: its text is built here from the catalogue's running-time-sale
 * condition (`timeSaleRunningAt`, time-sale.ts — docs/ARCHITECTURE.md, 'Time sales'), so the rule
 * exists once. `ORDER_PRICE_ROWS` is (re)created when the app starts (db/functions.ts), under an
 * advisory lock, and only when the installed text differs (its hash is the function's comment): several
 * processes starting at once over one database install it once. Migration 0011 created the first version;
 * this text replaces it.
 */
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import type { DatabaseFunction } from '../../db/functions.ts';
import { runHot } from '../../db/hot-sql.ts';
import type { Conn } from '../../platform/transactions.ts';
import { timeSaleRunningAt } from './time-sale.ts';

const SIGNATURE = 'order_price_rows(integer[], timestamptz)';

/** The running sale over the function's alias and argument (no parameters: plain SQL text). */
const running = new PgDialect().sqlToQuery(
  timeSaleRunningAt(sql.raw('p_at'), { starts_at: sql.raw('ts.starts_at'), ends_at: sql.raw('ts.ends_at') }),
).sql;

/**
 * `plan_cache_mode = force_generic_plan`: planned once per connection whatever the ids. The rows
 * are read id by id (each id of `p_ids`, which callers pass without repeats, looked up by primary
 * key; `LIMIT 1` keeps each lookup a subquery the planner cannot turn into a join): a generic plan
 * does not know how many ids come, and for a whole-table join it may pick hashing the small
 * catalogue of a fresh shop, several times slower than three index probes per item (bench/orders.mjs).
 */
export const ORDER_PRICE_ROWS_SQL = `CREATE OR REPLACE FUNCTION ${SIGNATURE.replace('integer[], timestamptz', 'p_ids integer[], p_at timestamptz')}
RETURNS TABLE (
  id integer, product_display_id integer, product_id integer, size_name text, color_name text,
  stock integer, extra_price integer, item_active boolean, name text, image_url text,
  product_type text, price integer, price_discount integer, display_active boolean,
  brand_id integer, brand_name text, shipping_fee integer, free_shipping_min integer,
  allows_custom_order boolean, sales json
) LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $fn$
BEGIN
  RETURN QUERY
  SELECT pi.id, pi.product_display_id, pi.product_id, pi.size_name::text, pi.color_name::text,
    pi.stock, pi.extra_price, pi.is_active, pd.name::text, pd.image_url::text,
    pd.product_type::text, pd.price, pd.price_discount, pd.is_active, b.id, b.name::text,
    b.shipping_fee, b.free_shipping_min, b.allows_custom_order,
    (SELECT coalesce(json_agg(json_build_object('time_sale_item_id', tsi.id,
        'product_display_id', tsi.product_display_id, 'sale_price', tsi.sale_price,
        'stock_limit', tsi.stock_limit, 'sold_count', tsi.sold_count, 'ends_at', ts.ends_at)), '[]'::json)
      FROM time_sale_items tsi JOIN time_sales ts ON ts.id = tsi.time_sale_id
      WHERE tsi.product_display_id = pd.id AND ${running})
  FROM unnest(p_ids) AS u(id)
    CROSS JOIN LATERAL (SELECT * FROM product_items x WHERE x.id = u.id LIMIT 1) pi
    CROSS JOIN LATERAL (SELECT * FROM product_displays x WHERE x.id = pi.product_display_id LIMIT 1) pd
    CROSS JOIN LATERAL (SELECT * FROM brands x WHERE x.id = pd.brand_id LIMIT 1) b;
END
$fn$`;

/** order_price_rows, installed at start (db/functions.ts) unless the installed one is this text. */
export const ORDER_PRICE_ROWS: DatabaseFunction = { signature: SIGNATURE, text: ORDER_PRICE_ROWS_SQL };

/** One item's row of order_price_rows. */
export type ItemPriceRow = {
  id: number;
  product_display_id: number;
  product_id: number;
  size_name: string;
  color_name: string;
  stock: number;
  extra_price: number;
  item_active: boolean;
  name: string;
  image_url: string;
  product_type: string;
  price: number;
  price_discount: number;
  display_active: boolean;
  brand_id: number;
  brand_name: string;
  shipping_fee: number;
  free_shipping_min: number;
  allows_custom_order: boolean;
  /** The display's running time-sale rows, as runningTimeSales reads them (a json array). */
  sales: unknown;
};

/**
 * The items `ids` (no repeats) priced at `now`: one prepared statement whatever their number (ids as
 * one int[] parameter, hot-sql.ts) calling the function, whose plan is made once per connection (the
 * same statement prepared from the client measured 0.5–1.7 ms slower per call).
 */
export async function itemPriceRows(
  db: Conn | Db,
  ids: readonly number[],
  now: Date,
): Promise<ItemPriceRow[]> {
  return (await runHot(db)(sql`
    select * from order_price_rows(${`{${ids.join(',')}}`}::int[], ${now.toISOString()}::timestamptz)`)) as ItemPriceRow[];
}
