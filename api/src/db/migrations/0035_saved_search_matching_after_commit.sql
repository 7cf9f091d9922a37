-- Saved searches are matched after the publish commits (docs/decisions/0058-saved-search-alerts.md,
-- "Publish at 10,000 searches"): the publish writes one row here; a round in each API process
-- claims the rows, matches each listing against every saved search and deletes the row, in one
-- transaction. A process that dies mid-round leaves its rows for the next.
CREATE TABLE "saved_search_unmatched" (
	"product_id" text PRIMARY KEY NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "saved_search_unmatched_published_idx" ON "saved_search_unmatched" ("published_at");
