CREATE TABLE "coupon_serials" (
	"id" serial PRIMARY KEY NOT NULL,
	"coupon_policy_id" integer NOT NULL,
	"code" varchar(20) NOT NULL,
	"batch" integer NOT NULL,
	"redeemed_by" integer,
	"redeemed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_serials_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "point_ledger" ADD COLUMN "note" varchar(100);--> statement-breakpoint
ALTER TABLE "coupon_serials" ADD CONSTRAINT "coupon_serials_coupon_policy_id_coupon_policies_id_fk" FOREIGN KEY ("coupon_policy_id") REFERENCES "public"."coupon_policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_serials" ADD CONSTRAINT "coupon_serials_redeemed_by_users_id_fk" FOREIGN KEY ("redeemed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_serials_policy_idx" ON "coupon_serials" USING btree ("coupon_policy_id","batch");