CREATE TABLE "search_lexicon" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_search_words_idx";--> statement-breakpoint
CREATE INDEX "search_lexicon_trgm_idx" ON "search_lexicon" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "search_words";--> statement-breakpoint
-- Every word a listing can be found by, added as listings are written (one statement-level pass
-- per INSERT/UPDATE, so the bulk seeder's 5,000-row statements pay once). Words are not removed
-- when listings go: a correction to a word nothing matches any more finds nothing, as before.
CREATE FUNCTION search_lexicon_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_lexicon (word)
    SELECT DISTINCT w FROM new_rows, unnest(tsvector_to_array(new_rows.search_vector)) AS w
    WHERE length(w) BETWEEN 2 AND 40
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER products_search_lexicon_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_lexicon_add();--> statement-breakpoint
CREATE TRIGGER products_search_lexicon_update AFTER UPDATE ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_lexicon_add();--> statement-breakpoint
INSERT INTO search_lexicon (word)
  SELECT DISTINCT w FROM products, unnest(tsvector_to_array(products.search_vector)) AS w
  WHERE length(w) BETWEEN 2 AND 40
ON CONFLICT DO NOTHING;
