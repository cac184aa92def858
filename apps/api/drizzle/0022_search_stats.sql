CREATE TABLE "search_stats" (
	"day" date NOT NULL,
	"keyword" varchar(30) NOT NULL,
	"searches" integer DEFAULT 0 NOT NULL,
	"zero_results" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "search_stats_day_keyword_pk" PRIMARY KEY("day","keyword")
);
