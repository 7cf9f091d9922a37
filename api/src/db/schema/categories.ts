import { integer, pgTable, text } from 'drizzle-orm/pg-core';

export const categories = pgTable('categories', {
  // The original client's two-digit ids ('01'…); also returned as `_id`.
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});
export type CategoryRow = typeof categories.$inferSelect;
