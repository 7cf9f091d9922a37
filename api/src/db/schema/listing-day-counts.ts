import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Listed listings per day of creation, per brand (`scope` = category id) and in all (`'*'`), kept by
 * migration 0019's triggers (docs/decisions/0046-newest-first-pages-at-any-depth.md). The migration
 * is the authority; this declaration only lets Drizzle read them.
 */
export const ALL_BRANDS_SCOPE = '*';

export const listingDayCounts = pgTable(
  'listing_day_counts',
  {
    scope: text('scope').notNull(),
    starts: timestamp('starts', { withTimezone: true }).notNull(),
    listed: integer('listed').notNull(),
  },
  (t) => [primaryKey({ name: 'listing_day_counts_pkey', columns: [t.scope, t.starts] })],
);
