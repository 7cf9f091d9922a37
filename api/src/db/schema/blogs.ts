import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const blogs = pgTable('blogs', {
  id: text('id').primaryKey(),
  question: text('question').notNull(),
  answer: text('answer').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
