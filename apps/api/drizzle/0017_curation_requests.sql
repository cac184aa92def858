ALTER TABLE "curations" ADD COLUMN "source" varchar(10) DEFAULT 'QUIZ' NOT NULL;--> statement-breakpoint
ALTER TABLE "curations" ADD COLUMN "request_styles" text[];--> statement-breakpoint
ALTER TABLE "curations" ADD COLUMN "drafted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "curations" ADD COLUMN "curator_note" text;--> statement-breakpoint
ALTER TABLE "curations" ADD COLUMN "curator_touched_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "style_quiz_photos" ADD COLUMN "image_key" text;--> statement-breakpoint
CREATE INDEX "curations_waiting_idx" ON "curations" USING btree ("created_at") WHERE "curations"."status" = 'REQUESTED';--> statement-breakpoint
CREATE INDEX "curations_drafted_idx" ON "curations" USING btree ("drafted_at");--> statement-breakpoint
CREATE INDEX "style_quiz_photos_user_idx" ON "style_quiz_photos" USING btree ("user_id");--> statement-breakpoint
UPDATE "curations" SET "drafted_at" = "created_at" WHERE "status" <> 'REQUESTED';
