-- Money after Buy Now (docs/product.md#money, docs/decisions/0043-double-entry-ledger.md): the
-- hold of a paid order, refunds, disputes, payout methods, payouts and a double-entry ledger whose
-- invariants the database itself enforces. Hand-written: triggers and deferred checks are beyond
-- drizzle-kit.
ALTER TABLE "payments" DROP CONSTRAINT "payments_status_check";--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('pending', 'paid', 'failed', 'cancelled', 'expired'));--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "funds" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "funds_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "handed_over_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "released_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "fee_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The gateway's own id of the money movement (SSLCommerz's bank_tran_id), which its refund API takes.
ALTER TABLE "payments" ADD COLUMN "gateway_payment_ref" text;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_funds_check" CHECK ("payments"."funds" is null or "payments"."funds" in ('held', 'handed-over', 'disputed', 'released', 'refunded', 'part-refunded'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_funds_dated_check" CHECK (("payments"."funds" is null) = ("payments"."funds_changed_at" is null));--> statement-breakpoint
-- The sweeps: orders the clock acts on (held: the handover window; handed-over: the receipt window).
CREATE INDEX "payments_funds_due_idx" ON "payments" USING btree ("funds", "funds_changed_at") WHERE "payments"."funds" in ('held', 'handed-over');--> statement-breakpoint
-- Reconciliation: payments still pending, oldest first.
CREATE INDEX "payments_pending_since_idx" ON "payments" USING btree ("created_at") WHERE "payments"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "payments_buyer_funds_idx" ON "payments" USING btree ("buyer_id", "paid_at") WHERE "payments"."funds" is not null;--> statement-breakpoint
CREATE INDEX "payments_seller_funds_idx" ON "payments" USING btree ("seller_id", "paid_at") WHERE "payments"."funds" is not null;--> statement-breakpoint

CREATE TABLE "ledger_accounts" (
	"code" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"owner_id" text,
	-- 1: a debit-normal account (the gateway's clearing); -1: credit-normal (what is owed or earned).
	"normal" smallint NOT NULL,
	-- sum(amount_paisa) × normal of its lines, kept by the trigger below and never written by hand.
	"balance" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_kind_check" CHECK ("kind" in ('gateway-clearing', 'held', 'seller-available', 'payouts-pending', 'platform-fees', 'refunds-pending', 'refunded', 'paid-out')),
	CONSTRAINT "ledger_accounts_normal_check" CHECK ("normal" in (1, -1)),
	-- No balance may go negative: not a seller's, not an order's hold, not the site's.
	CONSTRAINT "ledger_accounts_balance_nonnegative" CHECK ("balance" >= 0)
);--> statement-breakpoint
CREATE INDEX "ledger_accounts_owner_idx" ON "ledger_accounts" USING btree ("owner_id", "kind");--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	-- The external event or move the entry records ('capture:<transactionId>', 'refund:<id>', …):
	-- a repeated event finds its key taken and changes nothing a second time.
	"idempotency_key" text NOT NULL,
	"kind" text NOT NULL,
	"payment_id" text REFERENCES "payments"("id"),
	"payout_id" text,
	"memo" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_idempotency_key_unique" UNIQUE ("idempotency_key")
);--> statement-breakpoint
CREATE INDEX "ledger_entries_payment_idx" ON "ledger_entries" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_payout_idx" ON "ledger_entries" USING btree ("payout_id");--> statement-breakpoint
CREATE TABLE "ledger_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entry_id" bigint NOT NULL REFERENCES "ledger_entries"("id"),
	"account" text NOT NULL REFERENCES "ledger_accounts"("code"),
	-- Positive: a debit; negative: a credit. Integer paisa, never a fraction.
	"amount_paisa" bigint NOT NULL,
	CONSTRAINT "ledger_lines_amount_nonzero" CHECK ("amount_paisa" <> 0)
);--> statement-breakpoint
CREATE INDEX "ledger_lines_entry_idx" ON "ledger_lines" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "ledger_lines_account_idx" ON "ledger_lines" USING btree ("account", "entry_id");--> statement-breakpoint

-- Each line moves its account's balance; the CHECK above refuses a move below zero.
CREATE FUNCTION ledger_apply_line() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "ledger_accounts" SET "balance" = "balance" + NEW."amount_paisa" * "normal" WHERE "code" = NEW."account";
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "ledger_lines_apply" AFTER INSERT ON "ledger_lines" FOR EACH ROW EXECUTE FUNCTION ledger_apply_line();--> statement-breakpoint

-- At commit, every entry touched sums to zero and has at least two lines.
CREATE FUNCTION ledger_check_entry(entry bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  total bigint;
  lines integer;
BEGIN
  SELECT coalesce(sum("amount_paisa"), 0), count(*) INTO total, lines FROM "ledger_lines" WHERE "entry_id" = entry;
  IF total <> 0 THEN
    RAISE EXCEPTION 'ledger entry % does not balance (off by % paisa)', entry, total USING ERRCODE = 'check_violation';
  END IF;
  IF lines < 2 THEN
    RAISE EXCEPTION 'ledger entry % has % lines; an entry moves money between at least two accounts', entry, lines USING ERRCODE = 'check_violation';
  END IF;
END $$;--> statement-breakpoint
CREATE FUNCTION ledger_check_line_entry() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_check_entry(NEW."entry_id");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION ledger_check_new_entry() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_check_entry(NEW."id");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_lines_balance" AFTER INSERT ON "ledger_lines" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_line_entry();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_entries_balance" AFTER INSERT ON "ledger_entries" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_new_entry();--> statement-breakpoint

-- Append-only: a mistake is corrected by a new entry, never by editing or deleting one.
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: % on % is refused', TG_OP, TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END $$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();--> statement-breakpoint
CREATE TRIGGER "ledger_lines_append_only" BEFORE UPDATE OR DELETE ON "ledger_lines" FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_truncate" BEFORE TRUNCATE ON "ledger_entries" FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();--> statement-breakpoint
CREATE TRIGGER "ledger_lines_no_truncate" BEFORE TRUNCATE ON "ledger_lines" FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();--> statement-breakpoint

CREATE TABLE "refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL REFERENCES "payments"("id"),
	"amount_cents" bigint NOT NULL,
	"reason" text NOT NULL,
	-- requested: not yet accepted by the gateway; pending: accepted, polled until done or failed.
	"status" text DEFAULT 'requested' NOT NULL,
	"gateway_ref" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	-- One refund per order: a full one, the part of a dispute, or money taken for an order that cannot be fulfilled.
	CONSTRAINT "refunds_payment_unique" UNIQUE ("payment_id"),
	CONSTRAINT "refunds_amount_check" CHECK ("amount_cents" > 0),
	CONSTRAINT "refunds_status_check" CHECK ("status" in ('requested', 'pending', 'done', 'failed'))
);--> statement-breakpoint
CREATE INDEX "refunds_due_idx" ON "refunds" USING btree ("next_attempt_at") WHERE "refunds"."status" in ('requested', 'pending');--> statement-breakpoint

CREATE TABLE "disputes" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL REFERENCES "payments"("id"),
	"buyer_id" text NOT NULL REFERENCES "users"("id"),
	"seller_id" text NOT NULL REFERENCES "users"("id"),
	"reason" text NOT NULL,
	"text" text NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"outcome" text,
	"refund_cents" bigint,
	"note" text,
	"resolved_by" text REFERENCES "users"("id"),
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "disputes_payment_unique" UNIQUE ("payment_id"),
	CONSTRAINT "disputes_reason_check" CHECK ("reason" in ('not-received', 'not-as-described', 'damaged', 'other')),
	CONSTRAINT "disputes_state_check" CHECK ("state" in ('open', 'resolved')),
	CONSTRAINT "disputes_outcome_check" CHECK (("state" = 'open') = ("outcome" is null) AND ("outcome" is null or "outcome" in ('release', 'refund', 'part-refund')))
);--> statement-breakpoint
CREATE INDEX "disputes_state_opened_idx" ON "disputes" USING btree ("state", "opened_at");--> statement-breakpoint

CREATE TABLE "payout_methods" (
	"user_id" text PRIMARY KEY NOT NULL REFERENCES "users"("id"),
	"kind" text NOT NULL,
	"wallet_number" text,
	"account_name" text,
	"account_number" text,
	"bank_name" text,
	"branch" text,
	"routing_number" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_methods_kind_check" CHECK ("kind" in ('bkash', 'nagad', 'rocket', 'bank')),
	CONSTRAINT "payout_methods_wallet_check" CHECK ("kind" = 'bank' OR "wallet_number" ~ '^01[3-9][0-9]{8}$'),
	CONSTRAINT "payout_methods_bank_check" CHECK ("kind" <> 'bank' OR ("routing_number" ~ '^[0-9]{9}$' AND "account_number" ~ '^[0-9]{6,20}$' AND "account_name" is not null AND "bank_name" is not null AND "branch" is not null))
);--> statement-breakpoint

CREATE TABLE "payouts" (
	"id" text PRIMARY KEY NOT NULL,
	"seller_id" text NOT NULL REFERENCES "users"("id"),
	"amount_cents" bigint NOT NULL,
	-- The method as it was when requested: the transfer goes where the seller said at the time.
	"method" jsonb NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"reference" text,
	"failure_reason" text,
	"settled_by" text REFERENCES "users"("id"),
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payouts_amount_check" CHECK ("amount_cents" > 0),
	CONSTRAINT "payouts_state_check" CHECK ("state" in ('requested', 'paid', 'failed'))
);--> statement-breakpoint
-- One open request per seller: two clicks, two tabs or two replicas make one payout.
CREATE UNIQUE INDEX "payouts_one_open_per_seller" ON "payouts" USING btree ("seller_id") WHERE "payouts"."state" = 'requested';--> statement-breakpoint
CREATE INDEX "payouts_state_requested_idx" ON "payouts" USING btree ("state", "requested_at");--> statement-breakpoint
CREATE INDEX "payouts_seller_idx" ON "payouts" USING btree ("seller_id", "requested_at");--> statement-breakpoint

ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_target_type_check";--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_target_type_check" CHECK ("audit_log"."target_type" in ('user', 'product', 'report', 'dispute', 'payout'));--> statement-breakpoint

-- Payments confirmed before the hold existed: the site took the money and never paid anyone, so
-- the ledger records each as captured and released, and the seller may request it as a payout.
INSERT INTO "ledger_accounts" ("code", "kind", "owner_id", "normal") VALUES
  ('gateway-clearing', 'gateway-clearing', NULL, 1),
  ('platform-fees', 'platform-fees', NULL, -1),
  ('refunds-pending', 'refunds-pending', NULL, -1),
  ('refunded', 'refunded', NULL, -1),
  ('paid-out', 'paid-out', NULL, -1);--> statement-breakpoint
INSERT INTO "ledger_accounts" ("code", "kind", "owner_id", "normal")
  SELECT 'held:' || "id", 'held', "id", -1 FROM "payments" WHERE "status" = 'paid';--> statement-breakpoint
INSERT INTO "ledger_accounts" ("code", "kind", "owner_id", "normal")
  SELECT DISTINCT 'seller-available:' || "seller_id", 'seller-available', "seller_id", -1 FROM "payments" WHERE "status" = 'paid';--> statement-breakpoint
INSERT INTO "ledger_entries" ("idempotency_key", "kind", "payment_id", "memo", "created_at")
  SELECT 'capture:' || "transaction_id", 'capture', "id", 'Paid before the hold existed', coalesce("paid_at", "created_at") FROM "payments" WHERE "status" = 'paid';--> statement-breakpoint
INSERT INTO "ledger_lines" ("entry_id", "account", "amount_paisa")
  SELECT e."id", x."account", x."amount"
  FROM "ledger_entries" e JOIN "payments" p ON p."id" = e."payment_id"
  CROSS JOIN LATERAL (VALUES ('gateway-clearing', p."amount_cents"::bigint), ('held:' || p."id", -p."amount_cents"::bigint)) AS x("account", "amount")
  WHERE e."kind" = 'capture';--> statement-breakpoint
INSERT INTO "ledger_entries" ("idempotency_key", "kind", "payment_id", "memo", "created_at")
  SELECT 'release:' || "transaction_id", 'release', "id", 'Paid before the hold existed', coalesce("paid_at", "created_at") FROM "payments" WHERE "status" = 'paid';--> statement-breakpoint
INSERT INTO "ledger_lines" ("entry_id", "account", "amount_paisa")
  SELECT e."id", x."account", x."amount"
  FROM "ledger_entries" e JOIN "payments" p ON p."id" = e."payment_id"
  CROSS JOIN LATERAL (VALUES ('held:' || p."id", p."amount_cents"::bigint), ('seller-available:' || p."seller_id", -p."amount_cents"::bigint)) AS x("account", "amount")
  WHERE e."kind" = 'release';--> statement-breakpoint
UPDATE "payments" SET "funds" = 'released', "funds_changed_at" = coalesce("paid_at", "created_at"),
  "released_at" = coalesce("paid_at", "created_at"), "released_cents" = "amount_cents"
  WHERE "status" = 'paid';
