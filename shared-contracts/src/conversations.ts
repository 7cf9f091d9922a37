import { z } from './zod';
import { multiLineText } from './text';
import { IdSchema, listQuerySchema } from './pagination';
import { SalesStatusSchema } from './products';

import { MAX_MESSAGE_LENGTH } from './message-limits';

/** A message is plain text: never HTML, never auto-linked (docs/product.md#conversations). */
export { MAX_MESSAGE_LENGTH };
/** How many messages one GET /conversations/:id answers at most (newest last). */
export const MESSAGE_PAGE_SIZE = 100;

export const MessageTextSchema = multiLineText().trim().min(1).max(MAX_MESSAGE_LENGTH);

/** POST /conversations: the buyer's first question about a listing (or the existing conversation). */
export const StartConversationSchema = z.object({
  productId: IdSchema,
  text: MessageTextSchema,
});
export type StartConversation = z.infer<typeof StartConversationSchema>;

export const SendMessageSchema = z.object({ text: MessageTextSchema });
export type SendMessage = z.infer<typeof SendMessageSchema>;

/** A message id: a decimal sequence number, the order of the conversation. */
export const MessageIdSchema = z.string().regex(/^\d{1,15}$/, 'must be a message id');

/** POST /conversations/:id/read: everything up to and including this message was seen. */
export const MarkConversationReadSchema = z.object({ upTo: MessageIdSchema });

/** GET /conversations/:id: the newest page, or the messages after `since` / before `before`. */
export const ConversationQuerySchema = z.object({
  since: MessageIdSchema.optional(),
  before: MessageIdSchema.optional(),
});
export type ConversationQuery = z.infer<typeof ConversationQuerySchema>;

export const MAX_CONVERSATION_REPORT_LENGTH = 1000;

export const ReportConversationSchema = z.object({
  reason: multiLineText().trim().min(1).max(MAX_CONVERSATION_REPORT_LENGTH),
});

export const ConversationRoleSchema = z.enum(['buyer', 'seller']);
export type ConversationRole = z.infer<typeof ConversationRoleSchema>;

export const MessageSchema = z.object({
  _id: z.string(),
  senderId: z.string(),
  /** Plain text as written; the page shows it as text (React escapes it). */
  body: z.string(),
  createdAt: z.string(),
  mine: z.boolean(),
});
export type Message = z.infer<typeof MessageSchema>;

export const ConversationSummarySchema = z.object({
  _id: z.string(),
  productId: z.string(),
  productName: z.string(),
  productImage: z.string(),
  productStatus: SalesStatusSchema,
  /** The signed-in user's side of it ('admin' reading someone else's conversation sees null). */
  role: ConversationRoleSchema.nullable(),
  otherName: z.string(),
  lastMessage: MessageSchema.nullable(),
  lastMessageAt: z.string(),
  unread: z.number().int().nonnegative(),
});
export type ConversationSummary = z.infer<typeof ConversationSummarySchema>;
export const ConversationListSchema = z.array(ConversationSummarySchema);

/**
 * GET /conversations: the inbox is a dashboard list (docs/decisions/0030-dashboard-list-queries.md):
 * latest activity first, or by listing name; `q` matches the listing's name and the other person's.
 */
export const ConversationSorts = { lastMessageAt: 'desc', productName: 'asc' } as const;
export const InboxQuerySchema = listQuerySchema(ConversationSorts);
export type InboxQuery = z.infer<typeof InboxQuerySchema>;

export const ConversationDetailSchema = ConversationSummarySchema.extend({
  buyerName: z.string(),
  sellerName: z.string(),
  /** Oldest first; the page within the query's window. */
  messages: z.array(MessageSchema),
  /** Older messages exist before the first one returned. */
  hasOlder: z.boolean(),
  /** The other participant has read up to this message id ("seen"). */
  otherReadUpTo: z.string().nullable(),
  /** A block between its two people closed it: nobody can write in it (docs/product.md#blocking). */
  closed: z.boolean(),
  /** The reader made that block, so they may lift it; false for the blocked person. */
  blockedByMe: z.boolean(),
});
export type ConversationDetail = z.infer<typeof ConversationDetailSchema>;

export const StartedConversationSchema = z.object({ _id: z.string(), created: z.boolean() });
export const SentMessageSchema = z.object({ _id: z.string(), conversationId: z.string() });
export const UnreadCountSchema = z.object({ unread: z.number().int().nonnegative() });
export type UnreadCount = z.infer<typeof UnreadCountSchema>;
