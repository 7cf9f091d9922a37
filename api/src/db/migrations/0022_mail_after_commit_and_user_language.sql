-- The language a user reads SecondByte in: their e-mails are written in it. Once they choose it
-- with the site's switch (`language_chosen_at`), the site takes it up when they sign in on another
-- device; until then each device keeps its own (the browser's) (docs/product.md#languages-and-money).
ALTER TABLE "users" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language_chosen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_check" CHECK ("language" IN ('en', 'bn'));--> statement-breakpoint

-- Mail is relayed after the transaction that wrote it commits, by a delivery round that claims due
-- rows (docs/decisions/0049-mail-leaves-after-commit.md). `next_attempt_at` is null for a message
-- stored while no relay was configured: turning SMTP on later never sends old mail.
ALTER TABLE "email_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" ("next_attempt_at") WHERE "status" = 'queued' AND "next_attempt_at" IS NOT NULL;
