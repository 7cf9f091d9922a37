-- "Verified devices only" is part of a saved search (docs/product.md#saved-searches): a search saved
-- with it matches verified listings only. Searches saved before kept `verified=true` in their query
-- but matched every listing; they now match as they read.
ALTER TABLE "saved_searches" ADD COLUMN "verified_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "saved_searches" SET "verified_only" = true WHERE '&' || "query" || '&' LIKE '%&verified=true&%';
