ALTER TABLE "orders" ADD COLUMN "orderer_name" varchar(50);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "orderer_phone" varchar(20);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method" varchar(20) DEFAULT 'CARD' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "easy_pay_provider" varchar(30);