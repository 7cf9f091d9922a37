-- The comparable listings of price guidance and of the publish's low-price check
-- (price-guidance.repository.ts comparablePrices): same category, memory and condition, storage
-- within a factor of two, among the published listings on sale. Without it every publish read the
-- whole products table (17 ms at 3,300 listings, linear in the catalogue). The model family is
-- matched by the name's trigram index beside it (docs/decisions/0056-price-guidance.md).
CREATE INDEX "products_comparables_idx" ON "products" ("category_id", "ram_gb", "quality", "storage_gb") WHERE deleted_at is null and review_state = 'published' and status = 'available';
