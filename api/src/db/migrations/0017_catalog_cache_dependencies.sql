-- The catalogue cache forgets only the answers a write changes (plugins/catalog-cache.ts,
-- docs/decisions/0045-catalog-cache-by-dependency.md). Every table a cached answer reads tells the
-- API processes what changed, with NOTIFY on the channel sb_catalog_cache, whoever wrote it: a
-- route, a sweep, a payment callback, an operator's seed or psql. PostgreSQL delivers a NOTIFY only
-- when its transaction commits, so a write that rolls back forgets nothing. The payload is tags
-- separated by spaces; a cached answer records the tags it depends on:
--   L:<listing>  an answer that holds the listing (its details, a list page showing it)
--   C:<brand>    which listings a brand's newest-first lists hold (C:* every brand's)
--   Q:<brand>    what a search over that brand can match, count or facet (Q:* a search of all)
--   P:<brand>    lists filtered or sorted by price (P:* of all brands)
--   S:<seller>   a seller as shown: their page's profile, reviews, and name and rating beside listings
--   O:<seller>   which listings a seller's page holds
--   A            the advertised listings;  *  everything
-- Hand-written, like 0015.
CREATE FUNCTION catalog_cache_notify(tags text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF tags IS NULL OR cardinality(tags) = 0 THEN
    RETURN;
  END IF;
  -- A bulk write (a seed, a seller's deletion) forgets everything in one message instead of
  -- filling the notification queue with one per row.
  IF cardinality(tags) > 200 THEN
    PERFORM pg_notify('sb_catalog_cache', '*');
  ELSE
    PERFORM pg_notify('sb_catalog_cache', array_to_string(tags, ' '));
  END IF;
END $$;--> statement-breakpoint

CREATE FUNCTION catalog_cache_products_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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
        (o.deleted_at, o.category_id, o.created_at, o.seller_id)
          IS DISTINCT FROM (n.deleted_at, n.category_id, n.created_at, n.seller_id) AS moved,
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
END $$;--> statement-breakpoint
CREATE TRIGGER products_catalog_cache_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_cache_products_changed();--> statement-breakpoint
CREATE TRIGGER products_catalog_cache_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_cache_products_changed();--> statement-breakpoint
CREATE TRIGGER products_catalog_cache_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_cache_products_changed();--> statement-breakpoint

-- A seller's name, e-mail, photo or role shows on their page and beside their listings; a
-- deleted seller's listings leave every list. Sign-ins and other columns change nothing shown.
CREATE FUNCTION catalog_cache_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.deleted_at IS DISTINCT FROM NEW.deleted_at THEN
    PERFORM catalog_cache_notify(ARRAY['*']);
  ELSE
    PERFORM catalog_cache_notify(ARRAY['S:' || NEW.id]);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_catalog_cache AFTER UPDATE ON users FOR EACH ROW
  WHEN ((OLD.name, OLD.email, OLD.photo_url, OLD.role, OLD.deleted_at)
    IS DISTINCT FROM (NEW.name, NEW.email, NEW.photo_url, NEW.role, NEW.deleted_at))
  EXECUTE FUNCTION catalog_cache_user_changed();--> statement-breakpoint

-- Reviews and the ratings kept from them show on the seller's page and beside their listings.
CREATE FUNCTION catalog_cache_seller_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tags text[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT 'S:' || r.seller_id) INTO tags FROM old_rows r;
  ELSE
    SELECT array_agg(DISTINCT 'S:' || r.seller_id) INTO tags FROM new_rows r;
  END IF;
  PERFORM catalog_cache_notify(tags);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER reviews_catalog_cache_insert AFTER INSERT ON reviews
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_cache_seller_rows_changed();--> statement-breakpoint
CREATE TRIGGER reviews_catalog_cache_update AFTER UPDATE ON reviews
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_cache_seller_rows_changed();--> statement-breakpoint
CREATE TRIGGER reviews_catalog_cache_delete AFTER DELETE ON reviews
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_cache_seller_rows_changed();--> statement-breakpoint
CREATE TRIGGER seller_ratings_catalog_cache_insert AFTER INSERT ON seller_ratings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_cache_seller_rows_changed();--> statement-breakpoint
CREATE TRIGGER seller_ratings_catalog_cache_update AFTER UPDATE ON seller_ratings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_cache_seller_rows_changed();--> statement-breakpoint
CREATE TRIGGER seller_ratings_catalog_cache_delete AFTER DELETE ON seller_ratings
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_cache_seller_rows_changed();--> statement-breakpoint

-- An advert puts its listing on the advertised list and marks it wherever it shows.
CREATE FUNCTION catalog_cache_adverts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tags text[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT 'L:' || r.product_id) INTO tags FROM old_rows r;
  ELSE
    SELECT array_agg(DISTINCT 'L:' || r.product_id) INTO tags FROM new_rows r;
  END IF;
  PERFORM catalog_cache_notify(array_append(tags, 'A'));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER adverts_catalog_cache_insert AFTER INSERT ON adverts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_cache_adverts_changed();--> statement-breakpoint
CREATE TRIGGER adverts_catalog_cache_update AFTER UPDATE ON adverts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_cache_adverts_changed();--> statement-breakpoint
CREATE TRIGGER adverts_catalog_cache_delete AFTER DELETE ON adverts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_cache_adverts_changed();--> statement-breakpoint

-- Brands are few and rarely change; a brand's name shows on every listing of it.
CREATE FUNCTION catalog_cache_everything_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_cache_notify(ARRAY['*']);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER categories_catalog_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_cache_everything_changed();
--> statement-breakpoint
-- Emptied tables (the tests' resets) empty the cache.
CREATE TRIGGER products_catalog_cache_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_cache_everything_changed();--> statement-breakpoint
CREATE TRIGGER users_catalog_cache_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_cache_everything_changed();--> statement-breakpoint
CREATE TRIGGER reviews_catalog_cache_truncate AFTER TRUNCATE ON reviews
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_cache_everything_changed();--> statement-breakpoint
CREATE TRIGGER seller_ratings_catalog_cache_truncate AFTER TRUNCATE ON seller_ratings
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_cache_everything_changed();--> statement-breakpoint
CREATE TRIGGER adverts_catalog_cache_truncate AFTER TRUNCATE ON adverts
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_cache_everything_changed();
