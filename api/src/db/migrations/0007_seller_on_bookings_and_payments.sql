-- My Buyers pages a seller's bookings and paid payments by one index walk each
-- (docs/decisions/0030-dashboard-list-queries.md), so both rows carry their product's seller.
-- Added empty, filled from the products, then required.
ALTER TABLE "bookings" ADD COLUMN "seller_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "seller_id" text;--> statement-breakpoint
UPDATE "bookings" b SET "seller_id" = p."seller_id" FROM "products" p WHERE p."id" = b."product_id";--> statement-breakpoint
UPDATE "payments" pay SET "seller_id" = p."seller_id" FROM "products" p WHERE p."id" = pay."product_id";--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "seller_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "seller_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The copy can never disagree with the product: whatever an insert sends (the services, the bulk
-- seed, a test's raw SQL), the seller is taken from the product row.
CREATE FUNCTION seller_from_product() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT p.seller_id INTO NEW.seller_id FROM products p WHERE p.id = NEW.product_id;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER bookings_seller_from_product BEFORE INSERT OR UPDATE OF product_id, seller_id ON bookings
  FOR EACH ROW EXECUTE FUNCTION seller_from_product();--> statement-breakpoint
CREATE TRIGGER payments_seller_from_product BEFORE INSERT OR UPDATE OF product_id, seller_id ON payments
  FOR EACH ROW EXECUTE FUNCTION seller_from_product();--> statement-breakpoint
CREATE INDEX "bookings_seller_newest_idx" ON "bookings" USING btree ("seller_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payments_seller_paid_newest_idx" ON "payments" USING btree ("seller_id",coalesce("paid_at", "created_at"),"id") WHERE "payments"."status" = 'paid';
