-- The gateway's clearing account takes a line on every capture. While migration 0015's trigger kept
-- its balance in its row, the capture's first ledger line locked that row until the confirmation's
-- transaction committed, so every confirmation waited for the one before it (the money section of
-- `pnpm bench`, docs/decisions/0043-double-entry-ledger.md). Its balance is derived from its lines
-- instead, marked by NULL in its row. Every invariant stays the database's: an entry still sums to
-- zero at commit, lines stay append-only, and a line that would lower a derived balance (none does
-- today: the clearing only receives captures) locks the account's row and checks the sum of its
-- lines at once, so two such lines are checked one after the other and each sees the other's. (For
-- the clearing, the only debit-normal account, the rest implies it too: every entry sums to zero, so
-- its balance is the sum of all the others', none of which may go below zero.) Hand-written, like 0015.
ALTER TABLE "ledger_accounts" ALTER COLUMN "balance" DROP NOT NULL;--> statement-breakpoint
UPDATE "ledger_accounts" SET "balance" = NULL WHERE "code" = 'gateway-clearing';--> statement-breakpoint

-- A kept balance moves with each line (the CHECK of 0015 refuses one below zero); a derived one
-- (NULL) is touched only by a line that lowers it.
CREATE OR REPLACE FUNCTION ledger_apply_line() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  direction smallint;
  derived bigint;
BEGIN
  UPDATE "ledger_accounts" SET "balance" = "balance" + NEW."amount_paisa" * "normal"
    WHERE "code" = NEW."account" AND "balance" IS NOT NULL;
  IF FOUND THEN
    RETURN NEW;
  END IF;
  SELECT "normal" INTO direction FROM "ledger_accounts" WHERE "code" = NEW."account";
  IF NEW."amount_paisa" * direction < 0 THEN
    -- Each statement of this function reads a fresh snapshot: taken after the lock, the sum sees
    -- every line committed by whoever held the lock before.
    PERFORM 1 FROM "ledger_accounts" WHERE "code" = NEW."account" FOR UPDATE;
    SELECT coalesce(sum("amount_paisa"), 0) * direction INTO derived FROM "ledger_lines" WHERE "account" = NEW."account";
    IF derived < 0 THEN
      RAISE EXCEPTION 'ledger account % would go below zero (% paisa)', NEW."account", derived USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  RETURN NEW;
END $$;
