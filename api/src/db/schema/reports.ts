import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { products } from './products';
import { users } from './users';
import { conversations } from './conversations';

export const reports = pgTable(
  'reports',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id),
    // Set when a participant reports a conversation (about this listing) rather than the listing.
    conversationId: text('conversation_id').references(() => conversations.id),
    reason: text('reason').notNull(),
    // The reporter says the device is stolen: its serial, if any, goes on stolen_serials.
    stolen: boolean('stolen').notNull().default(false),
    status: text('status', { enum: ['open', 'dismissed', 'removed'] })
      .notNull()
      .default('open'),
    resolvedBy: text('resolved_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    // Reported Items newest first, and by status (docs/decisions/0030-dashboard-list-queries.md).
    index('reports_newest_idx').on(t.createdAt, t.id),
    index('reports_status_newest_idx').on(t.status, t.createdAt, t.id),
    check('reports_status_check', sql`${t.status} in ('open', 'dismissed', 'removed')`),
  ],
);
export type ReportRow = typeof reports.$inferSelect;
