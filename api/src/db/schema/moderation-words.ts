import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The operators' moderation word list (docs/product.md#automatic-checks; migration 0031). A listing
 * whose name or description holds one of these as a whole word waits for an operator.
 */
export const moderationWords = pgTable(
  'moderation_words',
  {
    id: text('id').primaryKey(),
    word: text('word').notNull(),
    // The admin who added it; null when an operator command on the server did.
    createdBy: text('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A word is on the list once, whatever its case.
    uniqueIndex('moderation_words_lower_word_idx').on(sql`lower(${t.word})`),
    index('moderation_words_word_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
    index('moderation_words_newest_idx').on(t.createdAt, t.id),
  ],
);
export type ModerationWordRow = typeof moderationWords.$inferSelect;
