ALTER TABLE "users" ADD COLUMN "stopped_phone_hash" varchar(64);--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_user_default_uq" ON "addresses" USING btree ("user_id") WHERE "addresses"."is_default";--> statement-breakpoint
CREATE INDEX "users_stopped_phone_hash_idx" ON "users" USING btree ("stopped_phone_hash") WHERE "users"."stopped_phone_hash" is not null;