import { pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { products } from './products';

/** An advert references its product (never a copy): deleting the product hides the advert. */
export const adverts = pgTable(
  'adverts',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('adverts_product_key').on(t.productId)],
);
export type AdvertRow = typeof adverts.$inferSelect;
