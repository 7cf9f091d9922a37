import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { products } from './products';
import { users } from './users';

/**
 * One conversation per listing and buyer (docs/product.md#conversations). Each side's read marker
 * is the id of the newest message it has seen, so "unread" is a count of the other side's messages
 * above it. `*_emailed_at` is set when an e-mail about this conversation went to that side and
 * cleared when that side reads: one e-mail per conversation until it is read, not one per message.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => users.id),
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    buyerReadUpTo: bigint('buyer_read_up_to', { mode: 'number' }).notNull().default(0),
    sellerReadUpTo: bigint('seller_read_up_to', { mode: 'number' }).notNull().default(0),
    // When each side last opened the conversation: someone reading it right now gets no e-mail.
    buyerSeenAt: timestamp('buyer_seen_at', { withTimezone: true }),
    sellerSeenAt: timestamp('seller_seen_at', { withTimezone: true }),
    buyerEmailedAt: timestamp('buyer_emailed_at', { withTimezone: true }),
    sellerEmailedAt: timestamp('seller_emailed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('conversations_product_buyer_key').on(t.productId, t.buyerId),
    // The inbox of each side, newest activity first.
    index('conversations_buyer_recent_idx').on(t.buyerId, t.lastMessageAt),
    index('conversations_seller_recent_idx').on(t.sellerId, t.lastMessageAt),
    check('conversations_two_people_check', sql`${t.buyerId} <> ${t.sellerId}`),
  ],
);
export type ConversationRow = typeof conversations.$inferSelect;

/** The id is a sequence: the order of a conversation and the key of "since" and read markers. */
export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.id),
    check('messages_body_length_check', sql`char_length(${t.body}) between 1 and 2000`),
  ],
);
export type MessageRow = typeof messages.$inferSelect;
