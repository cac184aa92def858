CREATE TABLE "page_document_epochs" (
	"event" varchar(50) PRIMARY KEY NOT NULL,
	"epoch" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_documents" (
	"key" varchar(100) PRIMARY KEY NOT NULL,
	"body" jsonb NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
