import type { ConversationRole, ConversationSummary, Message } from 'shared-contracts/conversations';
import type { ConversationRow, MessageRow } from '../../db/schema/index';
import { resolveAssetUrl } from '../../lib/http';
import type { SummaryRow } from './conversations.repository';

/** The user's side of the conversation, or null for an admin reading it. */
export const roleOf = (c: ConversationRow, userId: string): ConversationRole | null =>
  c.buyerId === userId ? 'buyer' : c.sellerId === userId ? 'seller' : null;

export const toMessage = (m: MessageRow, userId: string): Message => ({
  _id: String(m.id),
  senderId: m.senderId,
  body: m.body,
  createdAt: m.createdAt.toISOString(),
  mine: m.senderId === userId,
});

export function toSummary(
  row: SummaryRow,
  userId: string,
  lastMessage: MessageRow | undefined,
  publicApiUrl: string,
): ConversationSummary {
  const role = roleOf(row.c, userId);
  return {
    _id: row.c.id,
    productId: row.c.productId,
    productName: row.productName,
    productImage: resolveAssetUrl(row.productImage, publicApiUrl),
    productStatus: row.productStatus,
    role,
    otherName: role === 'seller' ? row.buyerName : row.sellerName,
    lastMessage: lastMessage ? toMessage(lastMessage, userId) : null,
    lastMessageAt: row.c.lastMessageAt.toISOString(),
    unread: role ? row.unread : 0,
  };
}
