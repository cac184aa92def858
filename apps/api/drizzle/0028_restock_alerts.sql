CREATE TABLE "restock_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"product_item_id" integer NOT NULL,
	"product_display_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "restock_alerts" ADD CONSTRAINT "restock_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restock_alerts" ADD CONSTRAINT "restock_alerts_product_item_id_product_items_id_fk" FOREIGN KEY ("product_item_id") REFERENCES "public"."product_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restock_alerts" ADD CONSTRAINT "restock_alerts_product_display_id_product_displays_id_fk" FOREIGN KEY ("product_display_id") REFERENCES "public"."product_displays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "restock_alerts_open_uq" ON "restock_alerts" USING btree ("user_id","product_item_id") WHERE "restock_alerts"."notified_at" is null;--> statement-breakpoint
CREATE INDEX "restock_alerts_item_open_idx" ON "restock_alerts" USING btree ("product_item_id") WHERE "restock_alerts"."notified_at" is null;