CREATE TABLE "first_purchase_grants" (
	"phone_hash" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" integer,
	"granted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "terms_version" varchar(20);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "terms_agreed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "marketing_agreed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "first_purchase_grants" ADD CONSTRAINT "first_purchase_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;