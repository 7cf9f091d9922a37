import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { conversations } from './conversations';
import { users } from './users';

/**
 * One person blocking another (docs/product.md#blocking; migration 0028). While the row exists no
 * message, offer or booking passes between the two, in either direction; unblocking deletes it.
 */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: text('blocker_id')
      .notNull()
      .references(() => users.id),
    blockedId: text('blocked_id')
      .notNull()
      .references(() => users.id),
    // The conversation the block was made from, for the blocker's list and the operators' record.
    conversationId: text('conversation_id').references(() => conversations.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'blocks_pkey', columns: [t.blockerId, t.blockedId] }),
    // The other direction: whether anyone blocked this person, and the operators' "blocks received".
    index('blocks_blocked_idx').on(t.blockedId, t.blockerId),
    check('blocks_not_self_check', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);
export type BlockRow = typeof blocks.$inferSelect;
