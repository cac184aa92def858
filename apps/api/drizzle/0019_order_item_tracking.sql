ALTER TABLE "order_items" ADD COLUMN "carrier_code" varchar(20);--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tracking_number" varchar(30);