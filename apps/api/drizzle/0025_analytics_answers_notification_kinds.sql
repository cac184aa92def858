CREATE TABLE "content_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"form" varchar(30) NOT NULL,
	"subject_id" integer DEFAULT 0 NOT NULL,
	"question_id" integer DEFAULT 0 NOT NULL,
	"user_id" integer,
	"guest_id" varchar(64),
	"voter_key" varchar(80) NOT NULL,
	"answer" jsonb NOT NULL,
	"is_correct" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "event_logs" ADD COLUMN "session_id" varchar(64);--> statement-breakpoint
ALTER TABLE "event_logs" ADD COLUMN "ab_group" varchar(2);--> statement-breakpoint
ALTER TABLE "event_logs" ADD COLUMN "path" varchar(300);--> statement-breakpoint
ALTER TABLE "event_logs" ADD COLUMN "product_display_id" integer;--> statement-breakpoint
ALTER TABLE "event_logs" ADD COLUMN "event_id" varchar(64);--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "kind" varchar(20) DEFAULT 'GENERAL' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "dedupe_key" varchar(120);--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "push_status" varchar(10);--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "push_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "kind" varchar(20) DEFAULT 'TICKET' NOT NULL;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "callback_phone" varchar(20);--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "callback_time" varchar(50);--> statement-breakpoint
CREATE UNIQUE INDEX "content_answers_voter_idx" ON "content_answers" USING btree ("form","subject_id","question_id","voter_key");--> statement-breakpoint
CREATE INDEX "content_answers_subject_idx" ON "content_answers" USING btree ("form","subject_id","question_id");--> statement-breakpoint
CREATE INDEX "event_logs_created_idx" ON "event_logs" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_dedupe_idx" ON "notifications" USING btree ("user_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "notifications_push_idx" ON "notifications" USING btree ("push_status","push_after");