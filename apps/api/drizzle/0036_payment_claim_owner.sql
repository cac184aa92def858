ALTER TABLE "payments" ADD COLUMN "claim_owner" varchar(100);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "claim_beat_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payments_in_progress_idx" ON "payments" USING btree ("claim_beat_at") WHERE "payments"."status" = 'IN_PROGRESS';