import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { products } from './products';
import { users } from './users';

/**
 * A buyer's review of the seller after a finished deal (docs/product.md#reviews-and-seller-pages).
 * A deal is one buyer and one listing: a laptop is sold once, so (product, buyer) names it and the
 * unique key makes "once per deal" a rule of the database, not of a check that two requests race.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => users.id),
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id),
    rating: smallint('rating').notNull(),
    text: text('text'),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_deal_key').on(t.productId, t.buyerId),
    // The seller page and the seller's Reviews page: newest first; the buyer's given reviews.
    index('reviews_seller_newest_idx').on(t.sellerId, t.createdAt, t.id),
    index('reviews_buyer_newest_idx').on(t.buyerId, t.createdAt, t.id),
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
    check('reviews_text_check', sql`${t.text} is null or char_length(${t.text}) between 1 and 1000`),
    check('reviews_answer_check', sql`${t.answer} is null or char_length(${t.answer}) between 1 and 1000`),
    check('reviews_answered_check', sql`(${t.answer} is null) = (${t.answeredAt} is null)`),
  ],
);
export type ReviewRow = typeof reviews.$inferSelect;

/**
 * Each seller's review count and star sum, kept exact by triggers on `reviews` (migration 0013),
 * so every product card reads its seller's average from one joined row instead of aggregating
 * the reviews on each catalogue page. A seller without reviews has no row.
 */
export const sellerRatings = pgTable(
  'seller_ratings',
  {
    sellerId: text('seller_id')
      .primaryKey()
      .references(() => users.id),
    count: integer('count').notNull(),
    sum: integer('sum').notNull(),
  },
  (t) => [check('seller_ratings_count_check', sql`${t.count} >= 0 and ${t.sum} >= 0`)],
);
