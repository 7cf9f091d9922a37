import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { categories } from './categories';
import { users } from './users';

export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id),
    categoryId: text('category_id')
      .notNull()
      .references(() => categories.id),
    name: text('name').notNull(),
    // Money in integer minor units (cents).
    priceCents: integer('price_cents').notNull(),
    originalPriceCents: integer('original_price_cents'),
    status: text('status', { enum: ['available', 'booked', 'sold'] })
      .notNull()
      .default('available'),
    quality: text('quality', { enum: ['Excellent', 'Good', 'Fair'] }).notNull(),
    phone: text('phone').notNull(),
    location: text('location').notNull(),
    description: text('description').notNull(),
    year: integer('year').notNull(),
    // Absolute URL, or a path relative to PUBLIC_API_URL for images the API stores itself.
    imageUrl: text('image_url').notNull(),
    rating: integer('rating'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('products_category_idx').on(t.categoryId, t.createdAt),
    index('products_seller_idx').on(t.sellerId),
    index('products_created_idx').on(t.createdAt),
    check('products_price_check', sql`${t.priceCents} > 0`),
    check(
      'products_original_price_check',
      sql`${t.originalPriceCents} is null or ${t.originalPriceCents} > 0`,
    ),
    check('products_status_check', sql`${t.status} in ('available', 'booked', 'sold')`),
    check('products_quality_check', sql`${t.quality} in ('Excellent', 'Good', 'Fair')`),
    check('products_rating_check', sql`${t.rating} is null or ${t.rating} between 1 and 5`),
  ],
);
export type ProductRow = typeof products.$inferSelect;
