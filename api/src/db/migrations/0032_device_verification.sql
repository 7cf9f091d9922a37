-- Verified devices (docs/product.md#verified-devices, docs/decisions/0057-verified-devices.md).
-- A listing's serial number, normalised (trimmed, upper case); unique among listings that are
-- neither sold nor removed, so two sellers cannot list one laptop at once.
ALTER TABLE "products" ADD COLUMN "serial_number" text;--> statement-breakpoint
-- Set when an operator approves the verification: the badge and the search filter read it.
ALTER TABLE "products" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "products_active_serial_idx" ON "products" ("serial_number") WHERE "serial_number" is not null and "deleted_at" is null and "status" <> 'sold';--> statement-breakpoint
-- "Verified devices only" on the search page: the few verified live listings, newest first.
CREATE INDEX "products_verified_newest_idx" ON "products" ("created_at" DESC NULLS FIRST, "id") WHERE "verified_at" is not null and "deleted_at" is null and "status" = 'available';--> statement-breakpoint
-- One row per submission of a serial: a resubmission after a refusal is a new row with a new code.
-- The photo's bytes live here, not in the public images, so only the operators' route serves them.
CREATE TABLE "device_verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL REFERENCES "products"("id"),
	"seller_id" text NOT NULL REFERENCES "users"("id"),
	"serial" text NOT NULL,
	"code" text NOT NULL,
	"state" text DEFAULT 'awaiting-photo' NOT NULL,
	"conflict" text,
	"photo" bytea,
	"reason" text,
	"decided_by" text REFERENCES "users"("id"),
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_verifications_state_check" CHECK ("state" in ('awaiting-photo', 'pending', 'approved', 'refused', 'conflict')),
	CONSTRAINT "device_verifications_conflict_check" CHECK ("conflict" is null or "conflict" in ('duplicate', 'reported-stolen'))
);--> statement-breakpoint
-- A code is used once, ever.
CREATE UNIQUE INDEX "device_verifications_code_idx" ON "device_verifications" ("code");--> statement-breakpoint
-- The seller's latest submission per listing.
CREATE INDEX "device_verifications_product_newest_idx" ON "device_verifications" ("product_id", "created_at", "id");--> statement-breakpoint
-- Device verifications, newest first and by state (docs/decisions/0030-dashboard-list-queries.md).
CREATE INDEX "device_verifications_newest_idx" ON "device_verifications" ("created_at", "id");--> statement-breakpoint
CREATE INDEX "device_verifications_state_newest_idx" ON "device_verifications" ("state", "created_at", "id");--> statement-breakpoint
CREATE INDEX "device_verifications_serial_trgm_idx" ON "device_verifications" USING gin ("serial" gin_trgm_ops);--> statement-breakpoint
-- Serials reported stolen through the report flow: a later submission of one is a conflict.
CREATE TABLE "stolen_serials" (
	"serial" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL REFERENCES "products"("id"),
	"report_id" text NOT NULL REFERENCES "reports"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "stolen" boolean DEFAULT false NOT NULL;
