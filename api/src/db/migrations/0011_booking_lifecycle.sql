ALTER TABLE "bookings" ADD COLUMN "state" text DEFAULT 'requested' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "state_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Hand-written backfill (docs/product.md#booking-lifecycle). A paid booking is 'paid'; any other
-- booking of a laptop that is already sold was closed by that sale ('listing-sold' → cancelled).
-- The rest were requests nobody could answer before: they stay 'requested', and their three days
-- run from this migration (state_changed_at defaults to now()), not from a booking made long ago.
UPDATE "bookings" SET "state" = 'paid' WHERE "paid";--> statement-breakpoint
UPDATE "bookings" b SET "state" = 'cancelled'
  FROM "products" p
  WHERE p."id" = b."product_id" AND p."status" = 'sold' AND NOT b."paid";--> statement-breakpoint
-- A request alone no longer books a laptop: 'booked' now means a seller accepted a booking, and
-- no booking is accepted yet (shared-contracts/booking-lifecycle.ts listingStatusFromBookings).
UPDATE "products" SET "status" = 'available', "updated_at" = now() WHERE "status" = 'booked';--> statement-breakpoint
CREATE INDEX "bookings_requested_since_idx" ON "bookings" USING btree ("state_changed_at") WHERE "bookings"."state" = 'requested';--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_state_check" CHECK ("bookings"."state" in ('requested', 'accepted', 'declined', 'expired', 'cancelled', 'completed', 'paid'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_paid_is_state_check" CHECK ("bookings"."paid" = ("bookings"."state" = 'paid'));
