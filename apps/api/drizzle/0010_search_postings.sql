CREATE TABLE "search_postings" (
	"term_id" integer NOT NULL,
	"popularity" real NOT NULL,
	"ref_id" integer NOT NULL,
	"roles" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "search_postings_term_id_popularity_ref_id_pk" PRIMARY KEY("term_id","popularity","ref_id")
);
--> statement-breakpoint
CREATE TABLE "search_terms" (
	"id" serial PRIMARY KEY NOT NULL,
	"form" varchar(1) NOT NULL,
	"keys" text NOT NULL,
	"df" integer DEFAULT 0 NOT NULL,
	"roles" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_postings_ref_idx" ON "search_postings" USING btree ("ref_id");--> statement-breakpoint
CREATE UNIQUE INDEX "search_terms_form_keys_uq" ON "search_terms" USING btree ("form","keys");--> statement-breakpoint
CREATE INDEX "search_terms_keys_trgm" ON "search_terms" USING gin ("keys" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_documents_suggest_initials_trgm" ON "search_documents" USING gin ("initials" gin_trgm_ops) WHERE "search_documents"."suggestible";