CREATE TABLE "curation_items" (
	"curation_id" integer NOT NULL,
	"outfit" smallint NOT NULL,
	"role" varchar(10) NOT NULL,
	"product_display_id" integer NOT NULL,
	"size_name" varchar(20),
	"reasons" jsonb NOT NULL,
	CONSTRAINT "curation_items_curation_id_outfit_role_pk" PRIMARY KEY("curation_id","outfit","role")
);
--> statement-breakpoint
ALTER TABLE "curations" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "curation_items" ADD CONSTRAINT "curation_items_curation_id_curations_id_fk" FOREIGN KEY ("curation_id") REFERENCES "public"."curations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curation_items" ADD CONSTRAINT "curation_items_product_display_id_product_displays_id_fk" FOREIGN KEY ("product_display_id") REFERENCES "public"."product_displays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "curations_draft_idx" ON "curations" USING btree ("publish_at") WHERE "curations"."status" = 'DRAFT';