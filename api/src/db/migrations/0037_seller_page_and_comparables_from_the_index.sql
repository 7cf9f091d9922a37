-- Two reads that fetched a heap row per listing, measured at 1,000,000 listings on PostgreSQL:
-- * A seller's public page counts their listed listings on sale (reviews.repository.ts
--   sellerListingsPage): 3,150 heap rows, 98 ms cold. This index holds exactly those listings, newest
--   first, so the count is an index-only scan (3 ms) and the page walks it in order.
-- * The comparable listings of price guidance and of the publish's low-price check
--   (price-guidance.repository.ts comparablePrices) read price, name, id and seller of each: 19,421
--   heap rows, 0.8 s a publish. With them in the index it is an index-only scan (51 ms).
CREATE INDEX "products_seller_listed_idx" ON "products" ("seller_id", "created_at" DESC, "id" DESC) WHERE deleted_at is null and review_state = 'published' and status = 'available';--> statement-breakpoint
DROP INDEX "products_comparables_idx";--> statement-breakpoint
CREATE INDEX "products_comparables_idx" ON "products" ("category_id", "ram_gb", "quality", "storage_gb", "price_cents", "name", "id", "seller_id") WHERE deleted_at is null and review_state = 'published' and status = 'available';
