DROP INDEX "products_newest_idx";--> statement-breakpoint
DROP INDEX "products_available_newest_idx";--> statement-breakpoint
DROP INDEX "products_category_newest_idx";--> statement-breakpoint
CREATE INDEX "products_newest_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"seller_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "products_available_newest_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE deleted_at is null and status = 'available';--> statement-breakpoint
CREATE INDEX "products_category_newest_idx" ON "products" USING btree ("category_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"seller_id") WHERE deleted_at is null;