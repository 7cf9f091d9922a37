import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { products } from './products';
import { users } from './users';

/**
 * Saved laptops (docs/product.md#saved-laptops): one row per user and listing, so saving twice
 * is the same row. The second index answers "who saved this listing" for the price-drop and
 * sold notifications (modules/saved/saved.service.ts notifySavers).
 */
export const savedListings = pgTable(
  'saved_listings',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    index('saved_listings_product_idx').on(t.productId),
    // The Saved page: one user's rows newest first.
    index('saved_listings_user_newest_idx').on(t.userId, t.createdAt),
  ],
);
export type SavedListingRow = typeof savedListings.$inferSelect;
