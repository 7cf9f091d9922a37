import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { OfferState } from 'shared-contracts/offer-lifecycle';
import { products } from './products';
import { users } from './users';

/** A buyer's price for a listing and the seller's answer (docs/product.md#offers; migration 0024). */
export const offers = pgTable(
  'offers',
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
    amountCents: integer('amount_cents').notNull(),
    counterCents: integer('counter_cents'),
    // The price both agreed, set with the acceptance; bookings and payments read it from here.
    agreedCents: integer('agreed_cents'),
    // shared-contracts/offer-lifecycle.ts; a CHECK keeps it to those states.
    state: text('state').$type<OfferState>().notNull().default('pending'),
    // The waiting answer's deadline, or until when an accepted offer holds its price.
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    stateChangedAt: timestamp('state_changed_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // One live offer per buyer and listing: waiting for an answer, or accepted and holding its price.
    uniqueIndex('offers_one_live_per_buyer_idx')
      .on(t.productId, t.buyerId)
      .where(sql`${t.state} in ('pending', 'countered', 'accepted')`),
    // My offers and Offers on my listings, newest first (docs/decisions/0030-dashboard-list-queries.md).
    index('offers_buyer_newest_idx').on(t.buyerId, t.createdAt, t.id),
    index('offers_seller_newest_idx').on(t.sellerId, t.createdAt, t.id),
    // The expiry sweep: live offers by deadline (a handful at any time).
    index('offers_live_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.state} in ('pending', 'countered', 'accepted')`),
    check(
      'offers_state_check',
      sql`${t.state} in ('pending', 'countered', 'accepted', 'declined', 'expired', 'closed', 'completed')`,
    ),
    check('offers_amount_check', sql`${t.amountCents} > 0`),
    check('offers_counter_check', sql`${t.counterCents} is null or ${t.counterCents} >= ${t.amountCents}`),
  ],
);
export type OfferRow = typeof offers.$inferSelect;
