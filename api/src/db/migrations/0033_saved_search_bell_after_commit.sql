-- The bell of saved-search matches leaves after the publish commits (docs/decisions/0058-saved-search-alerts.md,
-- "Publish at 10,000 searches"): the publish only records the matches; a round in each API process
-- tells their owners and stamps told_at. The matches already there were told at their publish.
ALTER TABLE "saved_search_matches" ADD COLUMN "told_at" timestamp with time zone;--> statement-breakpoint
UPDATE "saved_search_matches" SET "told_at" = "matched_at";--> statement-breakpoint
-- The round's look-up: the untold matches only, oldest first; empty almost always.
CREATE INDEX "saved_search_matches_untold_idx" ON "saved_search_matches" ("matched_at") WHERE "told_at" IS NULL;
