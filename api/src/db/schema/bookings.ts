import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
    paid: boolean('paid').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // My Orders: a buyer's bookings newest first, and paid or not
    // (docs/decisions/0030-dashboard-list-queries.md); My Buyers: a seller's bookings newest first.
    index('bookings_buyer_newest_idx').on(t.buyerId, t.createdAt, t.id),
    index('bookings_buyer_paid_newest_idx').on(t.buyerId, t.paid, t.createdAt, t.id),
    index('bookings_seller_newest_idx').on(t.sellerId, t.createdAt, t.id),
    index('bookings_product_idx').on(t.productId),
  ],
);
export type BookingRow = typeof bookings.$inferSelect;
