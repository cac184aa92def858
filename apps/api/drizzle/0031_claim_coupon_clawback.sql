ALTER TABLE "order_items" ADD COLUMN "coupon_clawback" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "coupon_clawback" integer DEFAULT 0 NOT NULL;