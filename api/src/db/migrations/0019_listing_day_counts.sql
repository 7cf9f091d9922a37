-- How many listed listings (not deleted, seller not deleted) each day of creation holds, per brand
-- and in all ('*'): a newest-first page at any depth and its list's exact total come from these
-- few hundred rows instead of counting or skipping the listings themselves
-- (docs/decisions/0046-newest-first-pages-at-any-depth.md). Triggers keep the counts in the
-- transaction of the write that changes them. Hand-written, like 0015.
CREATE TABLE "listing_day_counts" (
  "scope" text NOT NULL,
  "starts" timestamp with time zone NOT NULL,
  "listed" integer NOT NULL,
  -- No CHECK (listed >= 0): PostgreSQL checks the row an upsert proposes (a -1) before it finds the
  -- row to add it to. The tests compare the counts with the listings instead.
  CONSTRAINT "listing_day_counts_pkey" PRIMARY KEY ("scope", "starts")
);--> statement-breakpoint

-- Adds `delta` for each listed row of `changed`, to its brand's day and to all brands' day. In key
-- order, so two writers lock the same counts in the same order.
CREATE FUNCTION listing_day_counts_shift(changed products[], delta integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO listing_day_counts (scope, starts, listed)
  SELECT s.scope, date_bin('1 day', r.created_at, timestamptz 'epoch'), sum(delta)
  FROM unnest(changed) AS r
  CROSS JOIN LATERAL (VALUES (r.category_id), ('*')) AS s(scope)
  WHERE r.deleted_at IS NULL
    AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = r.seller_id AND u.deleted_at IS NOT NULL)
  GROUP BY 1, 2
  ORDER BY 1, 2
  ON CONFLICT (scope, starts) DO UPDATE SET listed = listing_day_counts.listed + EXCLUDED.listed
$$;--> statement-breakpoint

CREATE FUNCTION listing_day_counts_products_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  before products[];
  after products[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(n) INTO after FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(o) INTO before FROM old_rows o;
  ELSE
    -- Only what moves a listing between days or brands, in or out of the lists: a price edit
    -- touches no count.
    SELECT array_agg(o), array_agg(n) INTO before, after
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.deleted_at, o.category_id, o.created_at, o.seller_id)
      IS DISTINCT FROM (n.deleted_at, n.category_id, n.created_at, n.seller_id);
  END IF;
  IF before IS NOT NULL THEN
    PERFORM listing_day_counts_shift(before, -1);
  END IF;
  IF after IS NOT NULL THEN
    PERFORM listing_day_counts_shift(after, 1);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER products_listing_day_counts_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION listing_day_counts_products_changed();--> statement-breakpoint
CREATE TRIGGER products_listing_day_counts_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION listing_day_counts_products_changed();--> statement-breakpoint
CREATE TRIGGER products_listing_day_counts_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION listing_day_counts_products_changed();--> statement-breakpoint

-- A seller deleted (or restored) takes their listings out of (or back into) every list.
CREATE FUNCTION listing_day_counts_seller_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO listing_day_counts (scope, starts, listed)
  SELECT s.scope, date_bin('1 day', r.created_at, timestamptz 'epoch'),
    sum(CASE WHEN NEW.deleted_at IS NULL THEN 1 ELSE -1 END)
  FROM products r
  CROSS JOIN LATERAL (VALUES (r.category_id), ('*')) AS s(scope)
  WHERE r.seller_id = NEW.id AND r.deleted_at IS NULL
  GROUP BY 1, 2
  ORDER BY 1, 2
  ON CONFLICT (scope, starts) DO UPDATE SET listed = listing_day_counts.listed + EXCLUDED.listed;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_listing_day_counts AFTER UPDATE ON users FOR EACH ROW
  WHEN ((OLD.deleted_at IS NULL) IS DISTINCT FROM (NEW.deleted_at IS NULL))
  EXECUTE FUNCTION listing_day_counts_seller_changed();--> statement-breakpoint

-- Emptied listings (the tests' resets) empty the counts.
CREATE FUNCTION listing_day_counts_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM listing_day_counts;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER products_listing_day_counts_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION listing_day_counts_emptied();--> statement-breakpoint

INSERT INTO listing_day_counts (scope, starts, listed)
SELECT s.scope, date_bin('1 day', r.created_at, timestamptz 'epoch'), count(*)
FROM products r
CROSS JOIN LATERAL (VALUES (r.category_id), ('*')) AS s(scope)
WHERE r.deleted_at IS NULL
  AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = r.seller_id AND u.deleted_at IS NOT NULL)
GROUP BY 1, 2;
