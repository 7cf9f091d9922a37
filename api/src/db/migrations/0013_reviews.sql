CREATE TABLE "reviews" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"buyer_id" text NOT NULL,
	"seller_id" text NOT NULL,
	"rating" smallint NOT NULL,
	"text" text,
	"answer" text,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_check" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_text_check" CHECK ("reviews"."text" is null or char_length("reviews"."text") between 1 and 1000),
	CONSTRAINT "reviews_answer_check" CHECK ("reviews"."answer" is null or char_length("reviews"."answer") between 1 and 1000),
	CONSTRAINT "reviews_answered_check" CHECK (("reviews"."answer" is null) = ("reviews"."answered_at" is null))
);
--> statement-breakpoint
CREATE TABLE "seller_ratings" (
	"seller_id" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"sum" integer NOT NULL,
	CONSTRAINT "seller_ratings_count_check" CHECK ("seller_ratings"."count" >= 0 and "seller_ratings"."sum" >= 0)
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_ratings" ADD CONSTRAINT "seller_ratings_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_deal_key" ON "reviews" USING btree ("product_id","buyer_id");--> statement-breakpoint
CREATE INDEX "reviews_seller_newest_idx" ON "reviews" USING btree ("seller_id","created_at","id");--> statement-breakpoint
CREATE INDEX "reviews_buyer_newest_idx" ON "reviews" USING btree ("buyer_id","created_at","id");--> statement-breakpoint
-- seller_ratings stays exact: every insert, delete or change of a review's stars or seller moves
-- the count and sum in the same transaction. Row triggers: reviews are written one at a time.
CREATE FUNCTION seller_ratings_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE seller_ratings SET count = count - 1, sum = sum - OLD.rating WHERE seller_id = OLD.seller_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO seller_ratings (seller_id, count, sum) VALUES (NEW.seller_id, 1, NEW.rating)
    ON CONFLICT (seller_id) DO UPDATE
      SET count = seller_ratings.count + 1, sum = seller_ratings.sum + excluded.sum;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER reviews_seller_ratings_insert AFTER INSERT ON reviews
  FOR EACH ROW EXECUTE FUNCTION seller_ratings_apply();--> statement-breakpoint
CREATE TRIGGER reviews_seller_ratings_update AFTER UPDATE OF rating, seller_id ON reviews
  FOR EACH ROW EXECUTE FUNCTION seller_ratings_apply();--> statement-breakpoint
CREATE TRIGGER reviews_seller_ratings_delete AFTER DELETE ON reviews
  FOR EACH ROW EXECUTE FUNCTION seller_ratings_apply();--> statement-breakpoint
CREATE FUNCTION seller_ratings_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM seller_ratings;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER reviews_seller_ratings_truncate AFTER TRUNCATE ON reviews
  FOR EACH STATEMENT EXECUTE FUNCTION seller_ratings_truncate();
