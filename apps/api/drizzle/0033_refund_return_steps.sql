ALTER TABLE "refunds" ADD COLUMN "collected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "inspected_at" timestamp with time zone;