ALTER TABLE "users" ADD COLUMN "app_push_subscription_id" varchar(100);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "app_push_verified_at" timestamp with time zone;