-- Offers and counter-offers (docs/product.md#offers, docs/decisions/0055-offers-and-counter-offers.md).
-- Amounts are integer cents like every price; `agreed_cents` is the price a booking and a payment
-- of this buyer take while the acceptance holds.
CREATE TABLE "offers" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL REFERENCES "products"("id"),
	"buyer_id" text NOT NULL REFERENCES "users"("id"),
	"seller_id" text NOT NULL REFERENCES "users"("id"),
	"amount_cents" integer NOT NULL,
	"counter_cents" integer,
	"agreed_cents" integer,
	"state" text DEFAULT 'pending' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"state_changed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "offers_state_check" CHECK ("state" in ('pending', 'countered', 'accepted', 'declined', 'expired', 'closed', 'completed')),
	CONSTRAINT "offers_amount_check" CHECK ("amount_cents" > 0),
	CONSTRAINT "offers_counter_check" CHECK ("counter_cents" is null or "counter_cents" >= "amount_cents")
);--> statement-breakpoint
-- One live offer per buyer and listing: two offers sent at once leave one, the other gets a 409.
CREATE UNIQUE INDEX "offers_one_live_per_buyer_idx" ON "offers" ("product_id", "buyer_id") WHERE "state" in ('pending', 'countered', 'accepted');--> statement-breakpoint
CREATE INDEX "offers_buyer_newest_idx" ON "offers" ("buyer_id", "created_at", "id");--> statement-breakpoint
CREATE INDEX "offers_seller_newest_idx" ON "offers" ("seller_id", "created_at", "id");--> statement-breakpoint
CREATE INDEX "offers_live_expiry_idx" ON "offers" ("expires_at") WHERE "state" in ('pending', 'countered', 'accepted');--> statement-breakpoint
-- A booking made while an accepted offer held its price keeps that price (docs/product.md#offers).
ALTER TABLE "bookings" ADD COLUMN "agreed_price_cents" integer;
