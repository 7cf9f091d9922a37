-- Issue 41's automatic moderation checks (docs/decisions/0061-automatic-moderation-checks.md).
-- A 64-bit perceptual hash (dHash) of every main image, beside its bytes; null for width variants
-- and for images stored before this migration until the startup backfill hashes them. Its five
-- bands (13, 13, 13, 13 and 12 bits) are generated columns with an index each: two photos at most
-- 4 bits apart leave at least one band untouched (pigeonhole), so "photo reused" asks five
-- equality lookups instead of reading every hash.
ALTER TABLE "image_files" ADD COLUMN "phash" bigint;--> statement-breakpoint
ALTER TABLE "image_files" ADD COLUMN "phash_band0" integer GENERATED ALWAYS AS ((("phash" >> 51) & 8191)::integer) STORED;--> statement-breakpoint
ALTER TABLE "image_files" ADD COLUMN "phash_band1" integer GENERATED ALWAYS AS ((("phash" >> 38) & 8191)::integer) STORED;--> statement-breakpoint
ALTER TABLE "image_files" ADD COLUMN "phash_band2" integer GENERATED ALWAYS AS ((("phash" >> 25) & 8191)::integer) STORED;--> statement-breakpoint
ALTER TABLE "image_files" ADD COLUMN "phash_band3" integer GENERATED ALWAYS AS ((("phash" >> 12) & 8191)::integer) STORED;--> statement-breakpoint
ALTER TABLE "image_files" ADD COLUMN "phash_band4" integer GENERATED ALWAYS AS ((("phash" >> 0) & 4095)::integer) STORED;--> statement-breakpoint
CREATE INDEX "image_files_phash_band0_idx" ON "image_files" ("phash_band0") WHERE "phash" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "image_files_phash_band1_idx" ON "image_files" ("phash_band1") WHERE "phash" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "image_files_phash_band2_idx" ON "image_files" ("phash_band2") WHERE "phash" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "image_files_phash_band3_idx" ON "image_files" ("phash_band3") WHERE "phash" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "image_files_phash_band4_idx" ON "image_files" ("phash_band4") WHERE "phash" IS NOT NULL;--> statement-breakpoint
-- Which live listings show a given photo: the reuse check's step from a similar image to its listings.
CREATE INDEX "products_photo_urls_idx" ON "products" USING gin ("photo_urls") WHERE "deleted_at" IS NULL;--> statement-breakpoint
-- The operators' word list: a listing whose name or description holds one of these waits for review.
CREATE TABLE "moderation_words" (
	"id" text PRIMARY KEY NOT NULL,
	"word" text NOT NULL,
	"created_by" text REFERENCES "users"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- A word is on the list once, whatever its case.
CREATE UNIQUE INDEX "moderation_words_lower_word_idx" ON "moderation_words" (lower("word"));--> statement-breakpoint
-- The list's search (docs/decisions/0030-dashboard-list-queries.md) and its newest-first order.
CREATE INDEX "moderation_words_word_trgm_idx" ON "moderation_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "moderation_words_newest_idx" ON "moderation_words" ("created_at", "id");
