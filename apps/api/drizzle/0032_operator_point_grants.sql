CREATE TABLE "operator_point_grants" (
	"idempotency_key" varchar(100) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"operator_id" integer,
	"amount" integer NOT NULL,
	"moved" integer DEFAULT 0 NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "operator_point_grants" ADD CONSTRAINT "operator_point_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_point_grants" ADD CONSTRAINT "operator_point_grants_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;