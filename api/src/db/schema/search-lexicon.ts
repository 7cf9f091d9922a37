import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Every distinct word of the listings (name, keywords, unstemmed description) and how many live
 * listings use it, kept by statement triggers on products (migrations 0003, 0018). A misspelt
 * search word is matched against these few thousand words, not against every listing, and is
 * replaced only by a word many more listings use (docs/decisions/0017-search-in-postgres.md).
 */
export const searchLexicon = pgTable(
  'search_lexicon',
  { word: text('word').primaryKey(), listings: integer('listings').notNull().default(0) },
  (t) => [index('search_lexicon_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`)],
);
