import { listingAllows } from 'shared-contracts/sales-status';
import type { ConversationDetail, ConversationQuery, InboxQuery } from 'shared-contracts/conversations';
import type { Database, Executor } from '../../db/index';
import type { ConversationRow, UserRow } from '../../db/schema/index';
import type { Mailer } from '../../email/mailer';
import { owns } from '../../auth/access';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { blockStateOf, refuseIfBlocked } from '../blocks/blocks.service';
import { notify, publishLiveEvent } from '../notifications/notifications.service';
import { listingName } from '../products/products.repository';
import {
  countUnread,
  findConversation,
  hasOpenReport,
  countInbox,
  inboxPageQuery,
  insertConversation,
  insertMessage,
  insertReport,
  lastMessagesOf,
  lockBuyersConversation,
  messagePage,
  newestMessageId,
  recordMessage,
  setReadMarker,
  shareLockListing,
  summaryRow,
} from './conversations.repository';
import { roleOf, toMessage, toSummary } from './conversations.wire';

/**
 * Someone who opened the conversation this recently is taken to be reading it: a new message then
 * reaches them live and no e-mail is written (docs/product.md#conversations).
 */
const PRESENT_FOR = '5 minutes';

/**
 * The conversation if `user` may read it: one of its two people, or an admin. Anyone else is told
 * it does not exist, so ids cannot be probed.
 */
export async function loadReadable(db: Executor, user: UserRow, id: string, lock = false) {
  const c = await findConversation(db, id, lock);
  // Its two people own it together; an admin may read it too (docs/product.md#conversations).
  if (!c || !(owns(user, { id: c.buyerId }) || owns(user, { id: c.sellerId }, { admin: true })))
    throw notFound(`No conversation with id ${id}`, 'conversation_not_found');
  return c;
}

/** Like loadReadable, but only its two people may write in it (an admin reads, never writes). */
async function loadOwn(db: Executor, user: UserRow, id: string) {
  const c = await loadReadable(db, user, id, true);
  const role = roleOf(c, user.id);
  if (!role)
    throw forbidden('Only the buyer and the seller can write in a conversation', 'not_a_participant');
  return { c, role };
}

/** Adds a message and tells the other side: live always, by e-mail once until they read. */
async function addMessage(
  tx: Executor,
  mailer: Mailer,
  c: ConversationRow,
  sender: UserRow,
  body: string,
  productName: string,
) {
  const role = roleOf(c, sender.id)!;
  const recipientId = role === 'buyer' ? c.sellerId : c.buyerId;
  const message = await insertMessage(tx, c.id, sender.id, body);
  // The sender has seen their own message; the recipient gets at most one e-mail per conversation
  // until they read it, and none while they have it open (seen within PRESENT_FOR).
  const emailNow = await recordMessage(tx, c.id, role, message.id, PRESENT_FOR);
  await notify(tx, mailer, {
    userId: recipientId,
    kind: 'message',
    params: { productId: c.productId, productName, actorName: sender.name, conversationId: c.id },
    link: `/dashboard/messages/${c.id}`,
    email: emailNow,
  });
  await publishLiveEvent(tx, recipientId, 'message');
  // The sender's other tabs show it too.
  await publishLiveEvent(tx, sender.id, 'message');
  return message;
}

/**
 * POST /conversations: the buyer's question about a listing. The existing conversation of this
 * buyer and listing gets the message instead of a second one; a new one cannot start about the
 * seller's own listing, a sold one or one that was removed.
 */
export async function startConversation(
  db: Database,
  mailer: Mailer,
  buyer: UserRow,
  productId: string,
  text: string,
) {
  return db.transaction(async (tx) => {
    const product = await shareLockListing(tx, productId);
    if (!product) throw notFound(`No product with id ${productId}`, 'product_not_found');
    if (product.sellerId === buyer.id)
      throw conflict('You cannot start a conversation about your own listing', 'own_listing');
    await refuseIfBlocked(tx, buyer.id, product.sellerId);
    const existing = await lockBuyersConversation(tx, productId, buyer.id);
    let c = existing;
    if (!c) {
      if (!listingAllows(product.status, 'start-conversation'))
        throw conflict('This laptop has been sold: a new conversation cannot start', 'product_sold');
      // Two first questions at once: the unique key keeps one conversation, the other joins it.
      await insertConversation(tx, productId, buyer.id, product.sellerId);
      c = await lockBuyersConversation(tx, productId, buyer.id);
    }
    await addMessage(tx, mailer, c!, buyer, text, product.name);
    return { _id: c!.id, created: !existing };
  });
}

/** POST /conversations/:id/messages: either of its two people writes. */
export async function sendMessage(db: Database, mailer: Mailer, user: UserRow, id: string, text: string) {
  return db.transaction(async (tx) => {
    const { c, role } = await loadOwn(tx, user, id);
    await refuseIfBlocked(tx, user.id, role === 'buyer' ? c.sellerId : c.buyerId);
    const message = await addMessage(tx, mailer, c, user, text, (await listingName(tx, c.productId)) ?? '');
    return { _id: String(message.id), conversationId: c.id };
  });
}

/**
 * POST /conversations/:id/read: marks read up to `upTo` (never backwards, never past the newest
 * message), and clears the e-mail marker so the next message may be e-mailed again.
 */
export async function markConversationRead(db: Database, user: UserRow, id: string, upTo: number) {
  return db.transaction(async (tx) => {
    const { c, role } = await loadOwn(tx, user, id);
    const newest = await newestMessageId(tx, c.id);
    const current = role === 'buyer' ? c.buyerReadUpTo : c.sellerReadUpTo;
    const next = Math.max(current, Math.min(upTo, newest));
    await setReadMarker(tx, c.id, role, next);
    if (next !== current) {
      // The header's count in the reader's other tabs, and "seen" on the other side.
      await publishLiveEvent(tx, user.id, 'conversation-read');
      await publishLiveEvent(tx, role === 'buyer' ? c.sellerId : c.buyerId, 'conversation-read');
    }
    return { acknowledged: true as const, readUpTo: String(next) };
  });
}

export const unreadCount = (db: Database, userId: string): Promise<number> => countUnread(db, userId);

/** GET /conversations: one page of both roles' conversations, and how many match in all. */
export async function inbox(db: Database, userId: string, query: InboxQuery, publicApiUrl: string) {
  const [rows, total] = await Promise.all([inboxPageQuery(db, userId, query), countInbox(db, userId, query)]);
  const last = await lastMessagesOf(
    db,
    rows.map((r) => r.c.id),
  );
  const byConversation = new Map(last.map((m) => [m.conversationId, m]));
  return { rows: rows.map((r) => toSummary(r, userId, byConversation.get(r.c.id), publicApiUrl)), total };
}

/** GET /conversations/:id: the conversation and a page of messages (oldest first). */
export async function conversationDetail(
  db: Database,
  user: UserRow,
  id: string,
  query: ConversationQuery,
  publicApiUrl: string,
): Promise<ConversationDetail> {
  const c = await loadReadable(db, user, id);
  const row = await summaryRow(db, user.id, c.id);
  if (!row) throw notFound(`No conversation with id ${id}`, 'conversation_not_found');
  const { page, hasOlder, newest } = await messagePage(db, c.id, query);
  const role = roleOf(c, user.id);
  const otherRead = role === 'buyer' ? c.sellerReadUpTo : role === 'seller' ? c.buyerReadUpTo : null;
  // An operator reading it sees whether a block closed it; only the blocker sees that they made it.
  const block = await blockStateOf(
    db,
    role === 'seller' ? c.sellerId : c.buyerId,
    role === 'seller' ? c.buyerId : c.sellerId,
  );
  return {
    closed: block.closed,
    blockedByMe: role !== null && block.blockedByMe,
    ...toSummary(row, user.id, newest, publicApiUrl),
    buyerName: row.buyerName,
    sellerName: row.sellerName,
    messages: page.map((m) => toMessage(m, user.id)),
    hasOlder,
    otherReadUpTo: otherRead ? String(otherRead) : null,
  };
}

/** POST /conversations/:id/report: one open report per person and conversation, in Reported Items. */
export async function reportConversation(db: Database, user: UserRow, id: string, reason: string) {
  return db.transaction(async (tx) => {
    const { c } = await loadOwn(tx, user, id);
    if (await hasOpenReport(tx, c.id, user.id))
      throw conflict('You have already reported this conversation', 'already_reported_conversation');
    return insertReport(tx, { productId: c.productId, conversationId: c.id, reporterId: user.id, reason });
  });
}

/**
 * A line about a deal's step (an offer, a counter-offer, an answer) in the conversation between
 * the buyer and the seller about the listing, started if they had none: the thread shows the
 * bargaining beside the messages (docs/product.md#offers). `sender` wrote the step, so the line is
 * theirs; the step's own notification is the bell's line, so this one notifies nobody, it only
 * updates the open pages.
 */
export async function postDealMessage(
  tx: Executor,
  deal: { productId: string; buyerId: string; sellerId: string; senderId: string; body: string },
) {
  await insertConversation(tx, deal.productId, deal.buyerId, deal.sellerId);
  const c = (await lockBuyersConversation(tx, deal.productId, deal.buyerId))!;
  const role = roleOf(c, deal.senderId)!;
  const message = await insertMessage(tx, c.id, deal.senderId, deal.body);
  await recordMessage(tx, c.id, role, message.id, PRESENT_FOR);
  await publishLiveEvent(tx, deal.buyerId, 'message');
  await publishLiveEvent(tx, deal.sellerId, 'message');
  return c.id;
}
