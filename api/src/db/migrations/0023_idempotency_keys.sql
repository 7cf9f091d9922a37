-- A write sent with an Idempotency-Key keeps its answer here, committed in the same transaction
-- as the write itself, so a retry on any replica replays it instead of writing twice
-- (docs/decisions/0052-idempotent-writes.md). `scope` is the caller (a user id, a Firebase uid
-- before the profile exists, or anonymous) with the method and path; `request_hash` tells a
-- retry from a different request under the same key.
CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer NOT NULL,
	"headers" jsonb NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("scope", "key")
);--> statement-breakpoint
CREATE INDEX "idempotency_keys_expires_idx" ON "idempotency_keys" ("expires_at");
