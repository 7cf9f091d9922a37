-- Blocking between two people (docs/product.md#blocking, docs/decisions/0059-blocking.md).
-- One row per blocker and blocked person; it stops messages, offers and bookings both ways while
-- it exists, and unblocking deletes it. `conversation_id` is where the block was made, for the
-- operators' record and the blocker's list.
CREATE TABLE "blocks" (
	"blocker_id" text NOT NULL REFERENCES "users"("id"),
	"blocked_id" text NOT NULL REFERENCES "users"("id"),
	"conversation_id" text REFERENCES "conversations"("id"),
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "blocks_pkey" PRIMARY KEY ("blocker_id", "blocked_id"),
	CONSTRAINT "blocks_not_self_check" CHECK ("blocker_id" <> "blocked_id")
);--> statement-breakpoint
-- The other direction: "has anyone blocked me", and the operators' "blocks received".
CREATE INDEX "blocks_blocked_idx" ON "blocks" ("blocked_id", "blocker_id");
