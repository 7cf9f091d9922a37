import { sql } from 'drizzle-orm';
import { index, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Every distinct word of the listings' search vectors, kept by a statement trigger on products
 * (migration 0003). A misspelt search word is matched against these few thousand words, not
 * against 100,000 listings (docs/decisions/0017-search-in-postgres.md).
 */
export const searchLexicon = pgTable('search_lexicon', { word: text('word').primaryKey() }, (t) => [
  index('search_lexicon_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
]);
