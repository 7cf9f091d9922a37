-- Saved searches and their alerts (docs/product.md#saved-searches, docs/decisions/0058-saved-search-alerts.md).
-- Each search is stored as columns the database matches a new listing against at publish: the
-- price band as a range (a GiST index finds the searches whose band holds the price), the other
-- filters as plain columns, the words as a tsquery matched against the listing's search_vector.
CREATE TABLE "saved_searches" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL REFERENCES "users"("id"),
	"query" text NOT NULL,
	"words" text,
	"words_query" tsquery,
	"category_id" text,
	"price_range" int4range NOT NULL,
	"conditions" text[],
	"min_ram_gb" integer,
	"min_storage_gb" integer,
	"storage_type" text,
	"cpu_lines" text[],
	"min_screen_tenths" integer,
	"max_screen_tenths" integer,
	"min_year" integer,
	"max_year" integer,
	"location" text,
	"created_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
-- Saving the same search twice is the same row.
CREATE UNIQUE INDEX "saved_searches_user_query_idx" ON "saved_searches" ("user_id", "query");--> statement-breakpoint
CREATE INDEX "saved_searches_user_newest_idx" ON "saved_searches" ("user_id", "created_at", "id");--> statement-breakpoint
CREATE INDEX "saved_searches_price_range_idx" ON "saved_searches" USING gist ("price_range");--> statement-breakpoint
-- A listing that matched a search: the bell was told at publish; the digest sends it once.
CREATE TABLE "saved_search_matches" (
	"saved_search_id" text NOT NULL REFERENCES "saved_searches"("id") ON DELETE CASCADE,
	"product_id" text NOT NULL REFERENCES "products"("id"),
	"user_id" text NOT NULL REFERENCES "users"("id"),
	"matched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"digested_at" timestamp with time zone,
	PRIMARY KEY ("saved_search_id", "product_id")
);--> statement-breakpoint
CREATE INDEX "saved_search_matches_waiting_idx" ON "saved_search_matches" ("user_id") WHERE "digested_at" IS NULL;--> statement-breakpoint
-- The daily digest: whether the user still wants it (one-click unsubscribe) and when it last left.
ALTER TABLE "users" ADD COLUMN "search_digest" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_digest_sent_at" timestamp with time zone;
