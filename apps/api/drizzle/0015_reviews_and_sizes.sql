CREATE TABLE "review_reports" (
	"review_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"reason" varchar(30) NOT NULL,
	"detail" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_reports_review_id_user_id_pk" PRIMARY KEY("review_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "review_votes" (
	"review_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_votes_review_id_user_id_pk" PRIMARY KEY("review_id","user_id")
);
--> statement-breakpoint
ALTER TYPE "public"."size_feel" RENAME VALUE 'BIG' TO 'LARGE';--> statement-breakpoint
DROP INDEX "size_reviews_uq";--> statement-breakpoint
ALTER TABLE "reviews" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "size_reviews" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "review_photos" ADD COLUMN "width" smallint;--> statement-breakpoint
ALTER TABLE "review_photos" ADD COLUMN "height" smallint;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "report_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_reason" varchar(200);--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "credit_paid" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "external_id" varchar(100);--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "size_reviews" ADD COLUMN "order_item_id" integer;--> statement-breakpoint
ALTER TABLE "size_reviews" ADD COLUMN "chest" "size_feel";--> statement-breakpoint
ALTER TABLE "size_reviews" ADD COLUMN "waist" "size_feel";--> statement-breakpoint
ALTER TABLE "size_reviews" ADD COLUMN "shoulder" "size_feel";--> statement-breakpoint
ALTER TABLE "size_reviews" ADD COLUMN "sleeve" "size_feel";--> statement-breakpoint
ALTER TABLE "size_reviews" ADD COLUMN "thigh" "size_feel";--> statement-breakpoint
ALTER TABLE "size_reviews" ADD COLUMN "external_id" varchar(100);--> statement-breakpoint
ALTER TABLE "user_size_info" ADD COLUMN "fit_preference" varchar(10);--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_votes" ADD CONSTRAINT "review_votes_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_votes" ADD CONSTRAINT "review_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reviews_user_idx" ON "reviews" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "size_reviews_display_idx" ON "size_reviews" USING btree ("product_display_id");--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_external_id_unique" UNIQUE("external_id");--> statement-breakpoint
ALTER TABLE "size_reviews" ADD CONSTRAINT "size_reviews_order_item_id_unique" UNIQUE("order_item_id");--> statement-breakpoint
ALTER TABLE "size_reviews" ADD CONSTRAINT "size_reviews_external_id_unique" UNIQUE("external_id");