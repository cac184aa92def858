CREATE TYPE "public"."claim_status" AS ENUM('REQUESTED', 'IN_PROGRESS', 'COMPLETED', 'REJECTED');--> statement-breakpoint
CREATE TYPE "public"."coupon_scope" AS ENUM('ORDER', 'BRAND', 'CATEGORY', 'PRODUCT_DISPLAY', 'PRODUCT_ITEM');--> statement-breakpoint
CREATE TYPE "public"."coupon_type" AS ENUM('CODI', 'PROMOTION', 'MONTHLY_CODI_COUPON', 'WELCOME', 'FIRST_PURCHASE', 'SERIAL', 'EVENT', 'BRAND', 'PRODUCT');--> statement-breakpoint
CREATE TYPE "public"."discount_kind" AS ENUM('FIXED', 'PERCENT');--> statement-breakpoint
CREATE TYPE "public"."like_type" AS ENUM('PRODUCT', 'BRAND', 'STYLE', 'CODI', 'CONTENT');--> statement-breakpoint
CREATE TYPE "public"."log_kind" AS ENUM('ACTIVE_USER', 'PAGE', 'ERROR', 'SECTION', 'EVENT');--> statement-breakpoint
CREATE TYPE "public"."measurement_set" AS ENUM('TOP', 'TOP2', 'BOTTOM', 'BOTTOM2', 'OUTER', 'OUTER2', 'BAG', 'BAG2', 'TIE_BELT', 'TIE_BELT2', 'EYEWEAR', 'EYEWEAR2', 'CAP', 'CAP2', 'SHOES', 'SHOES2');--> statement-breakpoint
CREATE TYPE "public"."order_item_status" AS ENUM('PENDING', 'PAID', 'PREPARING', 'SHIPPING', 'COMPLETE', 'CANCEL', 'REFUND_REQUESTED', 'REFUNDED', 'EXCHANGE_REQUESTED', 'EXCHANGED');--> statement-breakpoint
CREATE TYPE "public"."order_status" AS ENUM('PENDING', 'PAID', 'PARTIALLY_CANCELLED', 'CANCELLED', 'EXPIRED', 'FAILED');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('READY', 'IN_PROGRESS', 'DONE', 'CANCELED', 'PARTIAL_CANCELED', 'ABORTED', 'EXPIRED');--> statement-breakpoint
CREATE TYPE "public"."photo_type" AS ENUM('FACE', 'BODY');--> statement-breakpoint
CREATE TYPE "public"."product_type" AS ENUM('TOP', 'BOTTOM', 'OUTER', 'ETC', 'SHOES', 'BAG');--> statement-breakpoint
CREATE TYPE "public"."size_feel" AS ENUM('SMALL', 'FIT', 'BIG');--> statement-breakpoint
CREATE TYPE "public"."social_type" AS ENUM('KAKAO', 'APPLE', 'NAVER');--> statement-breakpoint
CREATE TABLE "addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"recipient" varchar(50) NOT NULL,
	"phone" varchar(20) NOT NULL,
	"zipcode" varchar(10) NOT NULL,
	"main_address" text NOT NULL,
	"detail_address" text DEFAULT '' NOT NULL,
	"request" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_meta" (
	"key" varchar(50) PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"placement" varchar(30) NOT NULL,
	"title" varchar(200) NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"image_url" text NOT NULL,
	"link_url" text NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"sort_order" smallint DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"name_en" varchar(100) NOT NULL,
	"slug" varchar(100) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"logo_url" text,
	"is_contract" boolean DEFAULT false NOT NULL,
	"today_shipping" boolean DEFAULT false NOT NULL,
	"fast_shipping_cutoff" smallint,
	"allows_custom_order" boolean DEFAULT false NOT NULL,
	"shipping_fee" integer DEFAULT 3000 NOT NULL,
	"free_shipping_min" integer DEFAULT 50000 NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brands_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "cart_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"cart_id" integer NOT NULL,
	"product_item_id" integer NOT NULL,
	"product_display_id" integer NOT NULL,
	"codi_id" integer,
	"quantity" integer NOT NULL,
	"is_size_selected_by_user" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"guest_id" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carts_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "carts_guest_id_unique" UNIQUE("guest_id")
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(50) NOT NULL,
	"name" varchar(50) NOT NULL,
	"parent_id" integer,
	"main" varchar(20) NOT NULL,
	"sub" varchar(30),
	"product_type" "product_type" NOT NULL,
	"measurement_set" "measurement_set",
	"sort_order" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "categories_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "codi_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"codi_id" integer NOT NULL,
	"product_display_id" integer NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "codi_sets" (
	"id" serial PRIMARY KEY NOT NULL,
	"style_id" integer,
	"title" varchar(200) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_url" text NOT NULL,
	"curator_name" varchar(50),
	"is_active" boolean DEFAULT true NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_policies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(200) NOT NULL,
	"coupon_type" "coupon_type" NOT NULL,
	"discount_kind" "discount_kind" NOT NULL,
	"discount_value" integer NOT NULL,
	"max_discount" integer,
	"min_order_amount" integer DEFAULT 0 NOT NULL,
	"scope" "coupon_scope" DEFAULT 'ORDER' NOT NULL,
	"scope_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"is_cart_coupon" boolean DEFAULT false NOT NULL,
	"stackable" boolean DEFAULT false NOT NULL,
	"allow_time_sale" boolean DEFAULT false NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"valid_days" smallint,
	"per_user_limit" smallint DEFAULT 1 NOT NULL,
	"total_limit" integer,
	"issued_count" integer DEFAULT 0 NOT NULL,
	"serial_code" varchar(50),
	"is_downloadable" boolean DEFAULT true NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_policies_serial_code_unique" UNIQUE("serial_code")
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"coupon_policy_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"order_id" integer
);
--> statement-breakpoint
CREATE TABLE "curations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"style_quiz_id" integer,
	"status" varchar(20) DEFAULT 'REQUESTED' NOT NULL,
	"title" varchar(200),
	"message" text,
	"curator_name" varchar(50),
	"codi_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"product_display_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"viewed" boolean,
	"rating" smallint,
	"wanted_detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "daily_quiz_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"daily_quiz_id" integer NOT NULL,
	"answer" varchar(20) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_quizzes" (
	"id" serial PRIMARY KEY NOT NULL,
	"quiz_date" date NOT NULL,
	"question" text NOT NULL,
	"options" jsonb NOT NULL,
	"answer" varchar(20),
	"point" integer DEFAULT 10 NOT NULL,
	CONSTRAINT "daily_quizzes_quiz_date_unique" UNIQUE("quiz_date")
);
--> statement-breakpoint
CREATE TABLE "event_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" "log_kind" NOT NULL,
	"user_id" integer,
	"guest_id" varchar(64),
	"name" varchar(100),
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchanges" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_item_id" integer NOT NULL,
	"new_product_item_id" integer NOT NULL,
	"user_id" integer,
	"reason" text NOT NULL,
	"return_cost" integer DEFAULT 0 NOT NULL,
	"status" "claim_status" DEFAULT 'REQUESTED' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "guests" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"merged_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "likes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"guest_id" varchar(64),
	"like_type" "like_type" NOT NULL,
	"like_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mission_completions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"mission_id" integer NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rewarded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "missions" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(50) NOT NULL,
	"title" varchar(200) NOT NULL,
	"point" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "missions_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"product_item_id" integer NOT NULL,
	"product_display_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"codi_id" integer,
	"name" varchar(200) NOT NULL,
	"size_name" varchar(20) NOT NULL,
	"color_name" varchar(30) NOT NULL,
	"quantity" integer NOT NULL,
	"price" integer NOT NULL,
	"price_discount" integer NOT NULL,
	"coupon_id" integer,
	"coupon_discount" integer DEFAULT 0 NOT NULL,
	"point_used" integer DEFAULT 0 NOT NULL,
	"paid_amount" integer NOT NULL,
	"status" "order_item_status" DEFAULT 'PENDING' NOT NULL,
	"is_despoke" boolean DEFAULT false NOT NULL,
	"shipped_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" varchar(64) NOT NULL,
	"user_id" integer,
	"guest_id" varchar(64),
	"status" "order_status" DEFAULT 'PENDING' NOT NULL,
	"order_name" varchar(200) NOT NULL,
	"total_price" integer NOT NULL,
	"product_discount" integer DEFAULT 0 NOT NULL,
	"coupon_discount" integer DEFAULT 0 NOT NULL,
	"point_used" integer DEFAULT 0 NOT NULL,
	"shipping_fee" integer DEFAULT 0 NOT NULL,
	"amount" integer NOT NULL,
	"recipient" varchar(50),
	"phone" varchar(20),
	"zipcode" varchar(10),
	"main_address" text,
	"detail_address" text,
	"delivery_request" text,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_order_no_unique" UNIQUE("order_no")
);
--> statement-breakpoint
CREATE TABLE "payment_cancels" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"idempotency_key" varchar(300) NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_cancels_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"payment_key" varchar(200) NOT NULL,
	"provider" varchar(30) NOT NULL,
	"method" varchar(30),
	"status" "payment_status" NOT NULL,
	"amount" integer NOT NULL,
	"balance_amount" integer NOT NULL,
	"approved_at" timestamp with time zone,
	"raw" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_payment_key_unique" UNIQUE("payment_key")
);
--> statement-breakpoint
CREATE TABLE "personal_color_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"guest_id" varchar(64),
	"answers" jsonb NOT NULL,
	"result" varchar(30),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "point_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"reason" varchar(50) NOT NULL,
	"ref_type" varchar(30),
	"ref_id" integer,
	"balance_after" integer NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"user_id" integer,
	"guest_id" varchar(64),
	"value" varchar(30) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_products" (
	"post_id" integer NOT NULL,
	"product_display_id" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "post_products_post_id_product_display_id_pk" PRIMARY KEY("post_id","product_display_id")
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(200) NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"cover_image_url" text NOT NULL,
	"category" varchar(50) NOT NULL,
	"author" varchar(50) NOT NULL,
	"status" varchar(20) DEFAULT 'RUNNING' NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_displays" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"name" varchar(200) NOT NULL,
	"product_type" "product_type" NOT NULL,
	"price" integer NOT NULL,
	"price_discount" integer NOT NULL,
	"color_name" varchar(30) NOT NULL,
	"color_hex" varchar(7) NOT NULL,
	"image_url" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"delivery_category" varchar(30) DEFAULT 'home_delivery' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_fast" boolean DEFAULT false NOT NULL,
	"force_today_shipping" boolean DEFAULT false NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"sales_count" integer DEFAULT 0 NOT NULL,
	"popularity" real DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_display_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"size_name" varchar(20) NOT NULL,
	"color_name" varchar(30) NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"extra_price" integer DEFAULT 0 NOT NULL,
	"sku" varchar(64) NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "product_items_sku_unique" UNIQUE("sku")
);
--> statement-breakpoint
CREATE TABLE "product_signals" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_display_id" integer NOT NULL,
	"signal" varchar(10) NOT NULL,
	"weight" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"name" varchar(200) NOT NULL,
	"product_type" "product_type" NOT NULL,
	"material" text,
	"fit" varchar(30),
	"season" varchar(30),
	"style_tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_products" (
	"promotion_id" integer NOT NULL,
	"product_display_id" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "promotion_products_promotion_id_product_display_id_pk" PRIMARY KEY("promotion_id","product_display_id")
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(200) NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_url" text,
	"promotion_type" varchar(30) DEFAULT 'SALE' NOT NULL,
	"benefit_label" varchar(100),
	"coupon_policy_id" integer,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"jti" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"replaced_by" uuid,
	"revoked_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refresh_tokens_jti_unique" UNIQUE("jti")
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"user_id" integer,
	"reason" text NOT NULL,
	"amount" integer NOT NULL,
	"return_cost" integer DEFAULT 0 NOT NULL,
	"status" "claim_status" DEFAULT 'REQUESTED' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "review_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"review_id" integer NOT NULL,
	"image_url" text NOT NULL,
	"order" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"order_item_id" integer,
	"product_display_id" integer NOT NULL,
	"product_item_id" integer,
	"rating" smallint NOT NULL,
	"content" text NOT NULL,
	"size_feel" "size_feel",
	"size_name" varchar(20),
	"height" smallint,
	"weight" smallint,
	"is_quick" boolean DEFAULT false NOT NULL,
	"photo_count" smallint DEFAULT 0 NOT NULL,
	"helpful_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_order_item_id_unique" UNIQUE("order_item_id")
);
--> statement-breakpoint
CREATE TABLE "search_keywords" (
	"id" serial PRIMARY KEY NOT NULL,
	"keyword" varchar(100) NOT NULL,
	"kind" varchar(20) DEFAULT 'recommended' NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "search_keywords_keyword_unique" UNIQUE("keyword")
);
--> statement-breakpoint
CREATE TABLE "size_measurement_sets" (
	"code" "measurement_set" PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"fields" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "size_measurements" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"size_name" varchar(20) NOT NULL,
	"set_code" "measurement_set" NOT NULL,
	"values" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "size_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"product_display_id" integer NOT NULL,
	"product_item_id" integer,
	"size_name" varchar(20) NOT NULL,
	"fit" "size_feel" NOT NULL,
	"length_feel" "size_feel",
	"height" smallint,
	"weight" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_verifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" varchar(20) NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_identities" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"social_type" "social_type" NOT NULL,
	"social_id" varchar(255) NOT NULL,
	"oauth_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "style_quiz_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"photo_type" "photo_type" NOT NULL,
	"image_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "style_quizzes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"answers" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "styles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_url" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_ticket_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"file_url" text NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" varchar(100) NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"main_category" varchar(50) NOT NULL,
	"sub_category" varchar(50),
	"title" varchar(200) NOT NULL,
	"content" text NOT NULL,
	"target_type" varchar(30),
	"target_id" integer,
	"status" varchar(20) DEFAULT 'OPEN' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "theme_products" (
	"theme_id" integer NOT NULL,
	"product_display_id" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "theme_products_theme_id_product_display_id_pk" PRIMARY KEY("theme_id","product_display_id")
);
--> statement-breakpoint
CREATE TABLE "themes" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" varchar(100) NOT NULL,
	"kind" varchar(20) DEFAULT 'theme' NOT NULL,
	"title" varchar(200) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_url" text,
	"sort_order" smallint DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "themes_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "time_sale_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"time_sale_id" integer NOT NULL,
	"product_display_id" integer NOT NULL,
	"sale_price" integer NOT NULL,
	"stock_limit" integer NOT NULL,
	"sold_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "time_sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(200) NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"photo_type" "photo_type" NOT NULL,
	"image_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_size_info" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"height" smallint,
	"weight" smallint,
	"sizes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"phone" varchar(20),
	"email" varchar(254),
	"password_hash" text,
	"name" varchar(100) DEFAULT '' NOT NULL,
	"age" smallint,
	"gender" varchar(10),
	"height" smallint,
	"weight" smallint,
	"stylequiz" boolean DEFAULT false NOT NULL,
	"curator_name" varchar(50),
	"has_reservation" boolean DEFAULT false NOT NULL,
	"referral_code" varchar(16),
	"referred_by" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"is_app_alert" boolean DEFAULT false NOT NULL,
	"is_benefit_alert" boolean DEFAULT false NOT NULL,
	"is_nighttime_alert" boolean DEFAULT false NOT NULL,
	"ses_selected" jsonb,
	"stopped_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "users_referral_code_unique" UNIQUE("referral_code")
);
--> statement-breakpoint
CREATE TABLE "web_status" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"result" boolean DEFAULT false NOT NULL,
	"variant" varchar(20) DEFAULT 'maintenance' NOT NULL,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_product_item_id_product_items_id_fk" FOREIGN KEY ("product_item_id") REFERENCES "public"."product_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_product_display_id_product_displays_id_fk" FOREIGN KEY ("product_display_id") REFERENCES "public"."product_displays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_codi_id_codi_sets_id_fk" FOREIGN KEY ("codi_id") REFERENCES "public"."codi_sets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "codi_items" ADD CONSTRAINT "codi_items_codi_id_codi_sets_id_fk" FOREIGN KEY ("codi_id") REFERENCES "public"."codi_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "codi_items" ADD CONSTRAINT "codi_items_product_display_id_product_displays_id_fk" FOREIGN KEY ("product_display_id") REFERENCES "public"."product_displays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "codi_sets" ADD CONSTRAINT "codi_sets_style_id_styles_id_fk" FOREIGN KEY ("style_id") REFERENCES "public"."styles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_coupon_policy_id_coupon_policies_id_fk" FOREIGN KEY ("coupon_policy_id") REFERENCES "public"."coupon_policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curations" ADD CONSTRAINT "curations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curations" ADD CONSTRAINT "curations_style_quiz_id_style_quizzes_id_fk" FOREIGN KEY ("style_quiz_id") REFERENCES "public"."style_quizzes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_quiz_answers" ADD CONSTRAINT "daily_quiz_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_quiz_answers" ADD CONSTRAINT "daily_quiz_answers_daily_quiz_id_daily_quizzes_id_fk" FOREIGN KEY ("daily_quiz_id") REFERENCES "public"."daily_quizzes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchanges" ADD CONSTRAINT "exchanges_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchanges" ADD CONSTRAINT "exchanges_new_product_item_id_product_items_id_fk" FOREIGN KEY ("new_product_item_id") REFERENCES "public"."product_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchanges" ADD CONSTRAINT "exchanges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guests" ADD CONSTRAINT "guests_merged_user_id_users_id_fk" FOREIGN KEY ("merged_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_completions" ADD CONSTRAINT "mission_completions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_completions" ADD CONSTRAINT "mission_completions_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_item_id_product_items_id_fk" FOREIGN KEY ("product_item_id") REFERENCES "public"."product_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_display_id_product_displays_id_fk" FOREIGN KEY ("product_display_id") REFERENCES "public"."product_displays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_cancels" ADD CONSTRAINT "payment_cancels_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_color_answers" ADD CONSTRAINT "personal_color_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_ledger" ADD CONSTRAINT "point_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_feedback" ADD CONSTRAINT "post_feedback_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_products" ADD CONSTRAINT "post_products_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_products" ADD CONSTRAINT "post_products_product_display_id_product_displays_id_fk" FOREIGN KEY ("product_display_id") REFERENCES "public"."product_displays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_displays" ADD CONSTRAINT "product_displays_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_displays" ADD CONSTRAINT "product_displays_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_displays" ADD CONSTRAINT "product_displays_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_items" ADD CONSTRAINT "product_items_product_display_id_product_displays_id_fk" FOREIGN KEY ("product_display_id") REFERENCES "public"."product_displays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_items" ADD CONSTRAINT "product_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_products" ADD CONSTRAINT "promotion_products_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_products" ADD CONSTRAINT "promotion_products_product_display_id_product_displays_id_fk" FOREIGN KEY ("product_display_id") REFERENCES "public"."product_displays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_photos" ADD CONSTRAINT "review_photos_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_product_display_id_product_displays_id_fk" FOREIGN KEY ("product_display_id") REFERENCES "public"."product_displays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_product_item_id_product_items_id_fk" FOREIGN KEY ("product_item_id") REFERENCES "public"."product_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "size_measurements" ADD CONSTRAINT "size_measurements_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "size_reviews" ADD CONSTRAINT "size_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "size_reviews" ADD CONSTRAINT "size_reviews_product_display_id_product_displays_id_fk" FOREIGN KEY ("product_display_id") REFERENCES "public"."product_displays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "size_reviews" ADD CONSTRAINT "size_reviews_product_item_id_product_items_id_fk" FOREIGN KEY ("product_item_id") REFERENCES "public"."product_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_identities" ADD CONSTRAINT "social_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "style_quiz_photos" ADD CONSTRAINT "style_quiz_photos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "style_quizzes" ADD CONSTRAINT "style_quizzes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_ticket_files" ADD CONSTRAINT "support_ticket_files_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theme_products" ADD CONSTRAINT "theme_products_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theme_products" ADD CONSTRAINT "theme_products_product_display_id_product_displays_id_fk" FOREIGN KEY ("product_display_id") REFERENCES "public"."product_displays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_sale_items" ADD CONSTRAINT "time_sale_items_time_sale_id_time_sales_id_fk" FOREIGN KEY ("time_sale_id") REFERENCES "public"."time_sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_sale_items" ADD CONSTRAINT "time_sale_items_product_display_id_product_displays_id_fk" FOREIGN KEY ("product_display_id") REFERENCES "public"."product_displays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_photos" ADD CONSTRAINT "user_photos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_size_info" ADD CONSTRAINT "user_size_info_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_user_idx" ON "addresses" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "cart_lines_cart_idx" ON "cart_lines" USING btree ("cart_id");--> statement-breakpoint
CREATE INDEX "codi_items_codi_idx" ON "codi_items" USING btree ("codi_id");--> statement-breakpoint
CREATE INDEX "codi_items_display_idx" ON "codi_items" USING btree ("product_display_id");--> statement-breakpoint
CREATE INDEX "coupons_user_idx" ON "coupons" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "coupons_policy_idx" ON "coupons" USING btree ("coupon_policy_id");--> statement-breakpoint
CREATE INDEX "curations_user_idx" ON "curations" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "daily_quiz_answers_uq" ON "daily_quiz_answers" USING btree ("user_id","daily_quiz_id");--> statement-breakpoint
CREATE INDEX "event_logs_kind_idx" ON "event_logs" USING btree ("kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "likes_user_uq" ON "likes" USING btree ("user_id","like_type","like_id") WHERE "likes"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "likes_guest_uq" ON "likes" USING btree ("guest_id","like_type","like_id") WHERE "likes"."guest_id" is not null;--> statement-breakpoint
CREATE INDEX "likes_target_idx" ON "likes" USING btree ("like_type","like_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mission_completions_uq" ON "mission_completions" USING btree ("user_id","mission_id");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_status_expiry_idx" ON "orders" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "point_ledger_user_idx" ON "point_ledger" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "product_displays_brand_idx" ON "product_displays" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "product_displays_category_idx" ON "product_displays" USING btree ("category_id","popularity");--> statement-breakpoint
CREATE INDEX "product_displays_popularity_idx" ON "product_displays" USING btree ("popularity");--> statement-breakpoint
CREATE INDEX "product_displays_created_idx" ON "product_displays" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "product_items_display_idx" ON "product_items" USING btree ("product_display_id");--> statement-breakpoint
CREATE INDEX "product_signals_time_idx" ON "product_signals" USING btree ("created_at","product_display_id");--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "review_photos_review_idx" ON "review_photos" USING btree ("review_id");--> statement-breakpoint
CREATE INDEX "reviews_display_idx" ON "reviews" USING btree ("product_display_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "size_measurements_uq" ON "size_measurements" USING btree ("product_id","size_name","set_code");--> statement-breakpoint
CREATE UNIQUE INDEX "size_reviews_uq" ON "size_reviews" USING btree ("user_id","product_display_id");--> statement-breakpoint
CREATE INDEX "sms_verifications_phone_idx" ON "sms_verifications" USING btree ("phone","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "social_identities_uq" ON "social_identities" USING btree ("social_type","social_id");--> statement-breakpoint
CREATE INDEX "style_quizzes_user_idx" ON "style_quizzes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "time_sale_items_uq" ON "time_sale_items" USING btree ("time_sale_id","product_display_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_active_uq" ON "users" USING btree ("phone") WHERE "users"."is_active";--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_active_uq" ON "users" USING btree ("email") WHERE "users"."is_active";