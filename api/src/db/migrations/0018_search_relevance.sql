-- Search relevance over every match (issue 39, docs/decisions/0017-search-in-postgres.md#update-issue-39):
-- laptop vocabulary spelled one way (search_normalise), the description stemmed in English while
-- names and keywords stay 'simple', a name-and-keywords vector of its own for the rank tiers, a
-- stored quality score with indexes in relevance order, word counts in the lexicon for typo
-- correction, and a trigram index for the location filter. Hand-written, like 0015.

-- The same rules as api/src/modules/search/search-vocabulary.ts applies to the buyer's words
-- (search-vocabulary.test.ts checks that the two agree): Bangla brand names to Latin, then sizes,
-- chips, graphics and model families written one way.
CREATE FUNCTION search_normalise(t text) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  rule text[];
  normalised text := lower(coalesce(t, ''));
BEGIN
  -- Most text has no Bangla: its rules (and Unicode normalisation, the costliest step) only
  -- run on text that does.
  IF normalised ~ '[\u0980-\u09FF]' THEN
    normalised := normalize(normalised, NFC);
    FOREACH rule SLICE 1 IN ARRAY ARRAY[
      ['(?<![\u0980-\u09FF])ডেল(?![\u0980-\u09FF])', 'dell'],
      ['(?<![\u0980-\u09FF])লেনোভো(?![\u0980-\u09FF])', 'lenovo'],
      ['(?<![\u0980-\u09FF])লেনেভো(?![\u0980-\u09FF])', 'lenovo'],
      ['(?<![\u0980-\u09FF])অ্যাপল(?![\u0980-\u09FF])', 'apple'],
      ['(?<![\u0980-\u09FF])অ্যাপেল(?![\u0980-\u09FF])', 'apple'],
      ['(?<![\u0980-\u09FF])এ্যাপল(?![\u0980-\u09FF])', 'apple'],
      ['(?<![\u0980-\u09FF])ম্যাকবুক(?![\u0980-\u09FF])', 'macbook'],
      ['(?<![\u0980-\u09FF])ম্যাক(?![\u0980-\u09FF])', 'mac'],
      ['(?<![\u0980-\u09FF])আসুস(?![\u0980-\u09FF])', 'asus'],
      ['(?<![\u0980-\u09FF])এসুস(?![\u0980-\u09FF])', 'asus'],
      ['(?<![\u0980-\u09FF])এইচপি(?![\u0980-\u09FF])', 'hp'],
      ['(?<![\u0980-\u09FF])থিংকপ্যাড(?![\u0980-\u09FF])', 'thinkpad'],
      ['(?<![\u0980-\u09FF])ল্যাপটপ(?![\u0980-\u09FF])', 'laptop']
    ] LOOP
      normalised := regexp_replace(normalised, rule[1], rule[2], 'g');
    END LOOP;
  END IF;
  FOREACH rule SLICE 1 IN ARRAY ARRAY[
    ['(\d+)\s*(gb|tb)\M', '\1\2'],
    ['\m(ssd|hdd|nvme|ram)(\d)', '\1 \2'],
    ['(\d)(ssd|hdd|ram)\M', '\1 \2'],
    ['\mcore[\s-]*(i[3579])\M', 'core \1'],
    ['\m(rtx|gtx|mx|rx)[\s-]*(\d{3,4})', '\1 \2'],
    ['(\d{4})(ti)\M', '\1 \2'],
    ['\m(m[1-4])(pro|max|ultra)\M', '\1 \2'],
    ['\m(mac|think|idea|elite|pro|zen|vivo|chrome|yoga|ultra)\s+(book|pad)\M', '\1\2'],
    ['\m(xps|rog|tuf)(\d)', '\1 \2']
  ] LOOP
    normalised := regexp_replace(normalised, rule[1], rule[2], 'g');
  END LOOP;
  RETURN normalised;
END $$;--> statement-breakpoint

DROP INDEX "products_search_vector_idx";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "search_vector";--> statement-breakpoint
-- The title's words again, each marked with a leading '~' (which no word of a query can carry):
-- "every word somewhere, but not every word in the title" is then one tsquery on one column, and
-- the GIN index alone answers it.
CREATE FUNCTION search_title_marked(title tsvector) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_to_tsvector(coalesce(array_agg('~' || w), '{}')) FROM unnest(tsvector_to_array(title)) w
$$;--> statement-breakpoint
-- Every word a listing is found by: name and keywords as written, the description stemmed
-- ('batteries' and 'battery' meet at 'batteri'), and the marked title words. Model numbers and
-- brands are not English words, so only the description is stemmed.
ALTER TABLE "products" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (to_tsvector('simple', search_normalise(name || ' ' || search_keywords)) || to_tsvector('english', search_normalise(description)) || search_title_marked(to_tsvector('simple', search_normalise(name || ' ' || search_keywords)))) STORED;--> statement-breakpoint
-- Name and keywords alone: a listing whose title says every word ranks above one whose
-- description does, and the planner keeps statistics for this column of its own.
ALTER TABLE "products" ADD COLUMN "title_vector" tsvector GENERATED ALWAYS AS (to_tsvector('simple', search_normalise(name || ' ' || search_keywords))) STORED;--> statement-breakpoint
-- What a buyer can judge a listing by before opening it: complete specs (2), a stated battery
-- health (1) and up to three photos (1 each). No seller verification exists yet.
ALTER TABLE "products" ADD COLUMN "search_quality" smallint GENERATED ALWAYS AS ((CASE WHEN processor IS NOT NULL AND ram_gb IS NOT NULL AND storage_gb IS NOT NULL AND storage_type IS NOT NULL AND screen_tenths IS NOT NULL AND resolution IS NOT NULL AND graphics IS NOT NULL AND os IS NOT NULL THEN 2 ELSE 0 END + CASE WHEN battery_health_percent IS NOT NULL THEN 1 ELSE 0 END + least(cardinality(photo_urls), 3))::smallint) STORED;--> statement-breakpoint
CREATE INDEX "products_search_vector_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "products_title_vector_idx" ON "products" USING gin ("title_vector");--> statement-breakpoint
-- Relevance within a tier is quality, then newest: walked in this order while checking the text.
CREATE INDEX "products_relevance_idx" ON "products" USING btree ("search_quality" DESC NULLS FIRST, "created_at" DESC NULLS FIRST, "id" DESC NULLS FIRST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "products_category_relevance_idx" ON "products" USING btree ("category_id", "search_quality" DESC NULLS FIRST, "created_at" DESC NULLS FIRST, "id" DESC NULLS FIRST) WHERE deleted_at is null;--> statement-breakpoint
-- The location filter is a substring (ILIKE '%…%'): trigrams find it without reading every row.
CREATE INDEX "products_location_trgm_idx" ON "products" USING gin ("location" gin_trgm_ops);--> statement-breakpoint

-- How many live listings use each word: a typo is a word few listings use next to a similar word
-- many use ('thinkpd' against 'thinkpad'), so a misspelling in one listing no longer hides the
-- correction. Words come from the name, keywords and the unstemmed description, so a correction
-- is a word a buyer would type. Rows are taken in word order: two writers lock them in the same
-- order and cannot deadlock.
ALTER TABLE "search_lexicon" ADD COLUMN "listings" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE FUNCTION search_lexicon_words(name text, keywords text, description text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT w), '{}') FROM unnest(tsvector_to_array(
    to_tsvector('simple', search_normalise(name || ' ' || keywords || ' ' || description)))) w
  WHERE length(w) BETWEEN 2 AND 40
$$;--> statement-breakpoint
DROP TRIGGER "products_search_lexicon_insert" ON "products";--> statement-breakpoint
DROP TRIGGER "products_search_lexicon_update" ON "products";--> statement-breakpoint
DROP FUNCTION search_lexicon_add();--> statement-breakpoint
-- Each branch reads only the transition tables its trigger declares (PL/pgSQL plans a statement
-- when it first runs it). A row counts while it is live: a soft delete takes its words away.
CREATE FUNCTION search_lexicon_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  words text[];
  deltas integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(w ORDER BY w), array_agg(d ORDER BY w) INTO words, deltas FROM (
      SELECT w, count(*)::int AS d FROM new_rows n, unnest(search_lexicon_words(n.name, n.search_keywords, n.description)) w
      WHERE n.deleted_at IS NULL GROUP BY w) counted;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(w ORDER BY w), array_agg(d ORDER BY w) INTO words, deltas FROM (
      SELECT w, sum(d)::int AS d FROM (
        SELECT w, 1 AS d FROM new_rows n, unnest(search_lexicon_words(n.name, n.search_keywords, n.description)) w
          WHERE n.deleted_at IS NULL
        UNION ALL
        SELECT w, -1 FROM old_rows o, unnest(search_lexicon_words(o.name, o.search_keywords, o.description)) w
          WHERE o.deleted_at IS NULL) changes
      GROUP BY w HAVING sum(d) <> 0) counted;
  ELSE
    SELECT array_agg(w ORDER BY w), array_agg(d ORDER BY w) INTO words, deltas FROM (
      SELECT w, -count(*)::int AS d FROM old_rows o, unnest(search_lexicon_words(o.name, o.search_keywords, o.description)) w
      WHERE o.deleted_at IS NULL GROUP BY w) counted;
  END IF;
  IF words IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO search_lexicon (word, listings)
    SELECT w, greatest(d, 0) FROM unnest(words, deltas) AS c(w, d)
  ON CONFLICT (word) DO UPDATE SET listings = greatest(search_lexicon.listings + (
    SELECT c.d FROM unnest(words, deltas) AS c(w, d) WHERE c.w = excluded.word), 0);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_search_lexicon_insert" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_lexicon_changed();--> statement-breakpoint
CREATE TRIGGER "products_search_lexicon_update" AFTER UPDATE ON "products"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_lexicon_changed();--> statement-breakpoint
CREATE TRIGGER "products_search_lexicon_delete" AFTER DELETE ON "products"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_lexicon_changed();--> statement-breakpoint
-- The counts of the listings already there; words no live listing uses stay, counted 0.
INSERT INTO search_lexicon (word, listings)
  SELECT w, count(*)::int FROM products p, unnest(search_lexicon_words(p.name, p.search_keywords, p.description)) w
  WHERE p.deleted_at IS NULL GROUP BY w ORDER BY w
ON CONFLICT (word) DO UPDATE SET listings = excluded.listings;
