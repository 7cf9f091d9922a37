import {
  boolean,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { products } from './products';
import { users } from './users';

const tsquery = customType<{ data: string }>({ dataType: () => 'tsquery' });
const int4range = customType<{ data: string }>({ dataType: () => 'int4range' });

/**
 * A buyer's saved search (docs/product.md#saved-searches; migration 0027), kept as columns a new
 * listing is matched against at publish (modules/saved-searches/saved-searches.repository.ts
 * matchSavedSearches): the price band as a range under a GiST index, the words as a tsquery.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    // The search's URL query string, canonical (sorted keys): the link back and the duplicate key.
    query: text('query').notNull(),
    words: text('words'),
    wordsQuery: tsquery('words_query'),
    categoryId: text('category_id'),
    priceRange: int4range('price_range').notNull(),
    conditions: text('conditions').array(),
    minRamGb: integer('min_ram_gb'),
    minStorageGb: integer('min_storage_gb'),
    storageType: text('storage_type'),
    cpuLines: text('cpu_lines').array(),
    minScreenTenths: integer('min_screen_tenths'),
    maxScreenTenths: integer('max_screen_tenths'),
    minYear: integer('min_year'),
    maxYear: integer('max_year'),
    location: text('location'),
    // "Verified devices only" (migration 0034): only a listing an operator verified matches.
    verifiedOnly: boolean('verified_only').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('saved_searches_user_query_idx').on(t.userId, t.query),
    index('saved_searches_user_newest_idx').on(t.userId, t.createdAt, t.id),
    index('saved_searches_price_range_idx').using('gist', sql`${t.priceRange}`),
  ],
);
export type SavedSearchRow = typeof savedSearches.$inferSelect;

/**
 * A listing that matched a saved search: recorded at publish, told in the bell by the round after
 * commit (told_at, migration 0033), sent in one digest.
 */
export const savedSearchMatches = pgTable(
  'saved_search_matches',
  {
    savedSearchId: text('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    matchedAt: timestamp('matched_at', { withTimezone: true }).notNull().defaultNow(),
    digestedAt: timestamp('digested_at', { withTimezone: true }),
    toldAt: timestamp('told_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.savedSearchId, t.productId] }),
    index('saved_search_matches_waiting_idx')
      .on(t.userId)
      .where(sql`${t.digestedAt} is null`),
    index('saved_search_matches_untold_idx')
      .on(t.matchedAt)
      .where(sql`${t.toldAt} is null`),
  ],
);

/**
 * A listing published and not yet matched against the saved searches (migration 0035): written by
 * the publish, taken and matched by the round after commit.
 */
export const savedSearchUnmatched = pgTable(
  'saved_search_unmatched',
  {
    productId: text('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('saved_search_unmatched_published_idx').on(t.publishedAt)],
);
