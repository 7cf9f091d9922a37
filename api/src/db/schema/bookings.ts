import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { BookingState } from 'shared-contracts/booking-lifecycle';
import { products } from './products';
import { users } from './users';

export const bookings = pgTable(
  'bookings',
  {
    id: text('id').primaryKey(),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => users.id),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    // The product's seller, copied so My Buyers pages a seller's bookings by one index walk.
    // A trigger (migration 0007) sets it from the product on every insert, whatever was sent.
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id),
    phone: text('phone').notNull(),
    place: text('place').notNull(),
    // Kept equal to state = 'paid' by a CHECK (migration 0011): the original client's responses and the
    // paid indexes read it; the state machine writes both (services/booking-lifecycle.ts).
    // The price of an accepted offer this buyer booked at while it held (migration 0024), else null:
    // the listing's price applies (docs/product.md#offers).
    agreedPriceCents: integer('agreed_price_cents'),
    paid: boolean('paid').notNull().default(false),
    // shared-contracts/booking-lifecycle.ts; a CHECK (migration 0011) keeps it to those states.
    state: text('state').$type<BookingState>().notNull().default('requested'),
    // When the state last changed: a request's age for the expiry sweep, shown as "since".
    stateChangedAt: timestamp('state_changed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // My Orders: a buyer's bookings newest first, and paid or not
    // (docs/decisions/0030-dashboard-list-queries.md); My Buyers: a seller's bookings newest first.
    index('bookings_buyer_newest_idx').on(t.buyerId, t.createdAt, t.id),
    index('bookings_buyer_paid_newest_idx').on(t.buyerId, t.paid, t.createdAt, t.id),
    index('bookings_seller_newest_idx').on(t.sellerId, t.createdAt, t.id),
    index('bookings_product_idx').on(t.productId),
    // The expiry sweep: unanswered requests, oldest first (a handful at any time).
    index('bookings_requested_since_idx')
      .on(t.stateChangedAt)
      .where(sql`${t.state} = 'requested'`),
    check(
      'bookings_state_check',
      sql`${t.state} in ('requested', 'accepted', 'declined', 'expired', 'cancelled', 'completed', 'paid')`,
    ),
    // One fact, two columns: paid exactly when the state is paid.
    check('bookings_paid_is_state_check', sql`${t.paid} = (${t.state} = 'paid')`),
  ],
);
export type BookingRow = typeof bookings.$inferSelect;
