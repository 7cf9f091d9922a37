-- Trigram matching makes search tolerant of typos (docs/decisions/0017-search-in-postgres.md).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "products_category_idx";--> statement-breakpoint
DROP INDEX "products_created_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "photo_urls" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "processor" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "cpu_family" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "cpu_line" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "ram_gb" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "storage_gb" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "storage_type" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "screen_tenths" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "graphics" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "battery_health_percent" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "battery_health_source" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "os" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "warranty_months" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_keywords" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Listings from before this migration: the cover is their only photo, the brand their only keyword.
UPDATE "products" SET "photo_urls" = ARRAY["image_url"];--> statement-breakpoint
UPDATE "products" p SET "search_keywords" = c."name" FROM "categories" c WHERE c."id" = p."category_id";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', name), 'A') || setweight(to_tsvector('simple', search_keywords), 'B') || setweight(to_tsvector('simple', description), 'D')) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_words" text GENERATED ALWAYS AS (lower(name || ' ' || search_keywords)) STORED;--> statement-breakpoint
CREATE INDEX "products_newest_idx" ON "products" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "products_available_newest_idx" ON "products" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null and status = 'available';--> statement-breakpoint
CREATE INDEX "products_category_newest_idx" ON "products" USING btree ("category_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "products_available_price_idx" ON "products" USING btree ("price_cents","id") WHERE deleted_at is null and status = 'available';--> statement-breakpoint
CREATE INDEX "products_category_price_idx" ON "products" USING btree ("category_id","price_cents","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "products_search_vector_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "products_search_words_idx" ON "products" USING gin ("search_words" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_photos_check" CHECK (cardinality("products"."photo_urls") <= 6);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_ram_check" CHECK ("products"."ram_gb" is null or "products"."ram_gb" between 1 and 256);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_storage_check" CHECK ("products"."storage_gb" is null or "products"."storage_gb" between 16 and 16384);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_screen_check" CHECK ("products"."screen_tenths" is null or "products"."screen_tenths" between 100 and 190);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_battery_check" CHECK ("products"."battery_health_percent" is null or "products"."battery_health_percent" between 1 and 100);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_warranty_check" CHECK ("products"."warranty_months" is null or "products"."warranty_months" between 0 and 60);