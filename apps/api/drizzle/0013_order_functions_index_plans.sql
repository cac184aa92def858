-- The two order functions of 0011 keep their plans for the life of a connection (plpgsql's plan
-- cache; order_price_rows forces a generic plan). A plan made while a table was small or had no
-- statistics — a fresh database, PGlite (no autovacuum), a server with autovacuum off — read
-- product_items, product_displays and payments sequentially on every call for as long as the
-- connection lived (bench/orders.mjs: about 40% of the database's CPU per order, growing with the
-- payments table). Every statement in them is a lookup by key through an index, so they plan
-- without sequential scans whatever the statistics say.
ALTER FUNCTION claim_order_payment(varchar, varchar, integer, integer, timestamptz, varchar) SET enable_seqscan = off;
--> statement-breakpoint
ALTER FUNCTION order_price_rows(integer[], timestamptz) SET enable_seqscan = off;
