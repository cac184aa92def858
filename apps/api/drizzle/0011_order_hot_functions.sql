-- Hot statements of the order path as functions (docs/ARCHITECTURE.md, "Orders and payments").
-- The claim of POST /api/orders/confirm-order (orders/service.ts confirmOrder) as one function, so
-- that it costs one round trip instead of BEGIN, the statements and COMMIT. Its three statements
-- run in order inside the caller's transaction, each with its own snapshot (a VOLATILE plpgsql
-- function under READ COMMITTED takes a new snapshot per statement), exactly as the pipelined
-- transaction did:
--   1. the order row locked, with what is known of this payment key;
--   2. (a later snapshot: it sees every payment committed by whoever held the lock before) the
--      conditional insert of the IN_PROGRESS claim, whose conditions are every check that allows
--      a confirm — the member's PENDING order, the amount, the payment window or a known key, no
--      other payment of the order in flight or approved;
--   3. (later still) the key's row and the payments holding the order, for when the claim was not
--      taken.
-- Answers {"head": row of 1 or null, "inserted": [ids], "after": row of 3}.
CREATE OR REPLACE FUNCTION claim_order_payment(
  p_order_no varchar, p_key varchar, p_user_id integer, p_amount integer, p_at timestamptz,
  p_provider varchar
) RETURNS json LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_head json;
  v_inserted json;
  v_after json;
BEGIN
  SELECT row_to_json(h) INTO v_head FROM (
    SELECT o.*, k.order_id AS known_order_id, k.status AS known_status
    FROM orders o LEFT JOIN payments k ON k.payment_key = p_key
    WHERE o.order_no = p_order_no
    LIMIT 1
    FOR UPDATE OF o
  ) h;

  WITH ins AS (
    INSERT INTO payments (order_id, payment_key, provider, status, amount, balance_amount, created_at, updated_at)
    SELECT o.id, p_key, p_provider, 'IN_PROGRESS', o.amount, o.amount, p_at, p_at
    FROM orders o
    WHERE o.order_no = p_order_no AND o.user_id = p_user_id AND o.status = 'PENDING'
      AND o.amount = p_amount
      AND (o.expires_at > p_at
        OR EXISTS (SELECT 1 FROM payments k WHERE k.payment_key = p_key AND k.order_id = o.id))
      AND NOT EXISTS (
        SELECT 1 FROM payments p WHERE p.order_id = o.id AND p.status IN ('IN_PROGRESS', 'DONE')
      )
    ON CONFLICT (payment_key) DO UPDATE SET status = 'IN_PROGRESS', updated_at = excluded.updated_at
      -- A key that failed before (ABORTED) may be retried for the same order.
      WHERE payments.order_id = excluded.order_id AND payments.status = 'ABORTED'
    RETURNING id
  )
  SELECT coalesce(json_agg(ins.id), '[]'::json) INTO v_inserted FROM ins;

  SELECT row_to_json(a) INTO v_after FROM (
    SELECT k.order_id AS known_order_id, k.status AS known_status,
      array(
        SELECT p.payment_key FROM payments p JOIN orders o ON o.id = p.order_id
        WHERE o.order_no = p_order_no AND p.status IN ('IN_PROGRESS', 'DONE')
      ) AS inflight
    FROM (SELECT 1) one LEFT JOIN payments k ON k.payment_key = p_key
  ) a;

  RETURN json_build_object('head', v_head, 'inserted', v_inserted, 'after', v_after);
END
$$;
--> statement-breakpoint
-- The price read of order lines (orders/pricing.ts priceLines: POST /api/orders, the checkout form,
-- calculate-price): the items with their display and brand, and each display's running time-sale
-- rows (the rows catalog/live-prices.ts runningTimeSales reads; prices.test.ts checks that cards,
-- cart, checkout and order agree). As a prepared statement
-- PostgreSQL planned it again on every call (a custom plan per id list: the generic plan's estimate
-- for `= any($1)` looks worse), which cost more than running it; here its plan is made once per
-- connection (force_generic_plan: index lookups by id whatever the list).
CREATE OR REPLACE FUNCTION order_price_rows(p_ids integer[], p_at timestamptz)
RETURNS TABLE (
  id integer, product_display_id integer, product_id integer, size_name text, color_name text,
  stock integer, extra_price integer, item_active boolean, name text, image_url text,
  product_type text, price integer, price_discount integer, display_active boolean,
  brand_id integer, brand_name text, shipping_fee integer, free_shipping_min integer,
  allows_custom_order boolean, sales json
) LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
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
      WHERE tsi.product_display_id = pd.id AND ts.starts_at <= p_at AND ts.ends_at > p_at)
  FROM product_items pi
    JOIN product_displays pd ON pd.id = pi.product_display_id
    JOIN brands b ON b.id = pd.brand_id
  WHERE pi.id = ANY (p_ids);
END
$$;
