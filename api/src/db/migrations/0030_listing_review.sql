-- The moderation frame (issue 41, docs/decisions/0060-listing-review.md): a listing is public only
-- once published. Its state is a column of products, so every public read filters it without a
-- join; why it waits (the flags) and the operator's decision live in listing_reviews, one row per
-- listing ever held (few), so products stays narrow. Existing rows are published.
ALTER TABLE "products" ADD COLUMN "review_state" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_review_state_check" CHECK ("products"."review_state" in ('published', 'pending', 'refused'));--> statement-breakpoint
CREATE TABLE "listing_reviews" (
  "product_id" text PRIMARY KEY NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
  "flags" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "held_at" timestamp with time zone DEFAULT now() NOT NULL,
  "refusal_reason" text,
  "decided_by" text REFERENCES "users"("id"),
  "decided_at" timestamp with time zone
);--> statement-breakpoint
-- The queue: waiting listings oldest first (held rows are few, so the index is small).
CREATE INDEX "products_review_pending_idx" ON "products" USING btree ("created_at", "id") WHERE deleted_at is null and review_state = 'pending';--> statement-breakpoint

-- listing_day_counts (migration 0019) count published listings only: holding, refusing or
-- approving a listing moves it out of or into the counts like a deletion or a restoration.
CREATE OR REPLACE FUNCTION listing_day_counts_shift(changed products[], delta integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO listing_day_counts (scope, starts, listed)
  SELECT s.scope, date_bin('1 day', r.created_at, timestamptz 'epoch'), sum(delta)
  FROM unnest(changed) AS r
  CROSS JOIN LATERAL (VALUES (r.category_id), ('*')) AS s(scope)
  WHERE r.deleted_at IS NULL AND r.review_state = 'published'
    AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = r.seller_id AND u.deleted_at IS NOT NULL)
  GROUP BY 1, 2
  ORDER BY 1, 2
  ON CONFLICT (scope, starts) DO UPDATE SET listed = listing_day_counts.listed + EXCLUDED.listed
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION listing_day_counts_products_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  before products[];
  after products[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(n) INTO after FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(o) INTO before FROM old_rows o;
  ELSE
    -- Only what moves a listing between days or brands, in or out of the lists (a deletion, a
    -- review decision): a price edit touches no count.
    SELECT array_agg(o), array_agg(n) INTO before, after
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.deleted_at, o.category_id, o.created_at, o.seller_id, o.review_state)
      IS DISTINCT FROM (n.deleted_at, n.category_id, n.created_at, n.seller_id, n.review_state);
  END IF;
  IF before IS NOT NULL THEN
    PERFORM listing_day_counts_shift(before, -1);
  END IF;
  IF after IS NOT NULL THEN
    PERFORM listing_day_counts_shift(after, 1);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION listing_day_counts_seller_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO listing_day_counts (scope, starts, listed)
  SELECT s.scope, date_bin('1 day', r.created_at, timestamptz 'epoch'),
    sum(CASE WHEN NEW.deleted_at IS NULL THEN 1 ELSE -1 END)
  FROM products r
  CROSS JOIN LATERAL (VALUES (r.category_id), ('*')) AS s(scope)
  WHERE r.seller_id = NEW.id AND r.deleted_at IS NULL AND r.review_state = 'published'
  GROUP BY 1, 2
  ORDER BY 1, 2
  ON CONFLICT (scope, starts) DO UPDATE SET listed = listing_day_counts.listed + EXCLUDED.listed;
  RETURN NULL;
END $$;--> statement-breakpoint

-- The catalogue cache (migration 0017, docs/decisions/0045) drops what a review decision changes
-- like what a new or deleted listing changes: publication on approval refreshes the same lists.
CREATE OR REPLACE FUNCTION catalog_cache_products_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tags text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT t) INTO tags FROM new_rows r,
      unnest(ARRAY['L:' || r.id, 'C:' || r.category_id, 'Q:' || r.category_id, 'O:' || r.seller_id,
                   'C:*', 'Q:*']) t;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT t) INTO tags FROM old_rows r,
      unnest(ARRAY['L:' || r.id, 'C:' || r.category_id, 'Q:' || r.category_id, 'O:' || r.seller_id,
                   'C:*', 'Q:*']) t;
  ELSE
    WITH changed AS (
      SELECT n.id, o.category_id AS old_brand, n.category_id AS brand, o.seller_id AS old_seller,
        n.seller_id AS seller,
        -- In or out of a list, or to another place in the newest-first order.
        -- A review decision publishes or hides it: the lists a new listing refreshes.
        (o.deleted_at, o.category_id, o.created_at, o.seller_id, o.review_state)
          IS DISTINCT FROM (n.deleted_at, n.category_id, n.created_at, n.seller_id, n.review_state) AS moved,
        (o.price_cents, o.original_price_cents)
          IS DISTINCT FROM (n.price_cents, n.original_price_cents) AS repriced,
        -- The advertised list leaves out sold listings.
        o.status IS DISTINCT FROM n.status AS restatused,
        (to_jsonb(o) - 'updated_at' - 'price_cents' - 'original_price_cents' - 'search_vector')
          IS DISTINCT FROM (to_jsonb(n) - 'updated_at' - 'price_cents' - 'original_price_cents' - 'search_vector')
          AS edited
      FROM old_rows o JOIN new_rows n ON n.id = o.id
    )
    SELECT array_agg(DISTINCT t) INTO tags FROM changed c,
      unnest(CASE
        WHEN c.moved THEN ARRAY['L:' || c.id, 'C:' || c.old_brand, 'C:' || c.brand, 'C:*',
                                'Q:' || c.old_brand, 'Q:' || c.brand, 'Q:*',
                                'O:' || c.old_seller, 'O:' || c.seller]
        WHEN c.edited THEN ARRAY['L:' || c.id, 'Q:' || c.brand, 'Q:*', 'O:' || c.seller]
          || CASE WHEN c.repriced THEN ARRAY['P:' || c.brand, 'P:*'] ELSE '{}'::text[] END
          || CASE WHEN c.restatused THEN ARRAY['A'] ELSE '{}'::text[] END
        WHEN c.repriced THEN ARRAY['L:' || c.id, 'P:' || c.brand, 'P:*', 'O:' || c.seller]
        ELSE '{}'::text[]
      END) t;
  END IF;
  PERFORM catalog_cache_notify(tags);
  RETURN NULL;
END $$;
