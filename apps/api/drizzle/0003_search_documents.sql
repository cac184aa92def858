CREATE TABLE "search_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(10) NOT NULL,
	"ref_id" integer NOT NULL,
	"title" varchar(200) NOT NULL,
	"name_keys" text NOT NULL,
	"brand_keys" text DEFAULT '' NOT NULL,
	"all_keys" text NOT NULL,
	"initials" text NOT NULL,
	"suggestible" boolean DEFAULT false NOT NULL,
	"brand_id" integer,
	"category_id" integer,
	"price" integer,
	"price_discount" integer,
	"color_name" varchar(30),
	"color_hex" varchar(7),
	"sizes" text[] DEFAULT '{}'::text[] NOT NULL,
	"popularity" real DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "search_documents_kind_ref_uq" ON "search_documents" USING btree ("kind","ref_id");--> statement-breakpoint
CREATE INDEX "search_documents_all_keys_trgm" ON "search_documents" USING gin ("all_keys" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_documents_initials_trgm" ON "search_documents" USING gin ("initials" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_documents_suggest_trgm" ON "search_documents" USING gin ("name_keys" gin_trgm_ops) WHERE "search_documents"."suggestible";--> statement-breakpoint
CREATE INDEX "search_documents_kind_pop_idx" ON "search_documents" USING btree ("kind","popularity");