-- The hand-written claim_order_payment of 0011 held its own copy of the payment states: it goes, and
-- the app installs its replacement at start, built from the one state machine (orders/payment-state.ts,
-- orders/payment-claim.ts).
DROP FUNCTION IF EXISTS claim_order_payment(varchar, varchar, integer, integer, timestamptz, varchar);
--> statement-breakpoint
-- No planner switches on functions: order_price_rows reads by primary key and by
-- time_sale_items_display_idx, which the planner picks on its own once the tables have statistics.
-- Guarded: a later migration may replace the function.
DO $$
BEGIN
  IF to_regprocedure('order_price_rows(integer[], timestamptz)') IS NOT NULL THEN
    ALTER FUNCTION order_price_rows(integer[], timestamptz) RESET enable_seqscan;
  END IF;
END
$$;
