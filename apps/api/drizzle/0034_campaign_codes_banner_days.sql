ALTER TABLE "banners" ADD COLUMN "days" varchar(10) DEFAULT 'ALL' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "campaign_code" smallint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "campaign_code" smallint;