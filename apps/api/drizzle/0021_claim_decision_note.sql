ALTER TABLE "exchanges" ADD COLUMN "decision_note" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "decision_note" text;