import { and, desc, eq, gt, lt, or, sql } from 'drizzle-orm';
import { listingAllows } from 'shared-contracts/sales-status';
import { alias } from 'drizzle-orm/pg-core';
import {
  MESSAGE_PAGE_SIZE,
  type ConversationDetail,
  type ConversationQuery,
  type ConversationRole,
  type ConversationSummary,
  type Message,
} from 'shared-contracts/conversations';
import type { Database, Executor } from '../../db/index';
import {
  conversations,
  messages,
  products,
  reports,
  users,
  type ConversationRow,
  type MessageRow,
  type UserRow,
} from '../../db/schema/index';
import type { Mailer } from '../../email/mailer';
import { owns } from '../../auth/access';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { resolveAssetUrl } from '../../lib/http';
import { newId } from '../../lib/ids';
import { notify, publishLiveEvent } from '../notifications/notifications.service';

/** How many conversations the inbox lists (newest activity first). */
export const INBOX_SIZE = 200;
/**
 * Someone who opened the conversation this recently is taken to be reading it: a new message then
 * reaches them live and no e-mail is written (docs/product.md#conversations).
 */
const PRESENT_FOR = '5 minutes';

const roleOf = (c: ConversationRow, userId: string): ConversationRole | null =>
  c.buyerId === userId ? 'buyer' : c.sellerId === userId ? 'seller' : null;

const toMessage = (m: MessageRow, userId: string): Message => ({
  _id: String(m.id),
  senderId: m.senderId,
  body: m.body,
  createdAt: m.createdAt.toISOString(),
  mine: m.senderId === userId,
});

/**
 * The conversation if `user` may read it: one of its two people, or an admin. Anyone else is told
 * it does not exist, so ids cannot be probed.
 */
export async function loadReadable(db: Executor, user: UserRow, id: string, lock = false) {
  const query = db.select().from(conversations).where(eq(conversations.id, id)).limit(1);
  const [c] = lock ? await query.for('update') : await query;
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
  const [message] = await tx
    .insert(messages)
    .values({ conversationId: c.id, senderId: sender.id, body })
    .returning();
  // The sender has seen their own message; the recipient gets at most one e-mail per conversation
  // until they read it, and none while they have it open (seen within PRESENT_FOR).
  const emailedAt = role === 'buyer' ? conversations.sellerEmailedAt : conversations.buyerEmailedAt;
  const seenAt = role === 'buyer' ? conversations.sellerSeenAt : conversations.buyerSeenAt;
  const [marked] = await tx
    .update(conversations)
    .set({
      lastMessageAt: sql`now()`,
      ...(role === 'buyer' ? { buyerReadUpTo: message!.id } : { sellerReadUpTo: message!.id }),
      ...(role === 'buyer'
        ? {
            sellerEmailedAt: sql`case when ${emailedAt} is null and (${seenAt} is null or ${seenAt} < now() - interval '${sql.raw(PRESENT_FOR)}') then now() else ${emailedAt} end`,
          }
        : {
            buyerEmailedAt: sql`case when ${emailedAt} is null and (${seenAt} is null or ${seenAt} < now() - interval '${sql.raw(PRESENT_FOR)}') then now() else ${emailedAt} end`,
          }),
    })
    .where(eq(conversations.id, c.id))
    // Whether this update is the one that set the marker: only then is an e-mail written.
    .returning({ emailNow: sql<boolean>`${emailedAt} = now()` });
  await notify(tx, mailer, {
    userId: recipientId,
    kind: 'message',
    params: { productId: c.productId, productName, actorName: sender.name, conversationId: c.id },
    link: `/dashboard/messages/${c.id}`,
    email: marked?.emailNow === true,
  });
  await publishLiveEvent(tx, recipientId, 'message');
  // The sender's other tabs show it too.
  await publishLiveEvent(tx, sender.id, 'message');
  return message!;
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
    const [product] = await tx
      .select({ id: products.id, name: products.name, sellerId: products.sellerId, status: products.status })
      .from(products)
      .innerJoin(users, eq(users.id, products.sellerId))
      .where(
        and(eq(products.id, productId), sql`${products.deletedAt} is null`, sql`${users.deletedAt} is null`),
      )
      .limit(1)
      .for('share', { of: products });
    if (!product) throw notFound(`No product with id ${productId}`, 'product_not_found');
    if (product.sellerId === buyer.id)
      throw conflict('You cannot start a conversation about your own listing', 'own_listing');
    const [existing] = await tx
      .select()
      .from(conversations)
      .where(and(eq(conversations.productId, productId), eq(conversations.buyerId, buyer.id)))
      .limit(1)
      .for('update');
    let c = existing;
    if (!c) {
      if (!listingAllows(product.status, 'start-conversation'))
        throw conflict('This laptop has been sold: a new conversation cannot start', 'product_sold');
      // Two first questions at once: the unique key keeps one conversation, the other joins it.
      await tx
        .insert(conversations)
        .values({ id: newId(), productId, buyerId: buyer.id, sellerId: product.sellerId })
        .onConflictDoNothing();
      [c] = await tx
        .select()
        .from(conversations)
        .where(and(eq(conversations.productId, productId), eq(conversations.buyerId, buyer.id)))
        .limit(1)
        .for('update');
    }
    await addMessage(tx, mailer, c!, buyer, text, product.name);
    return { _id: c!.id, created: !existing };
  });
}

/** POST /conversations/:id/messages: either of its two people writes. */
export async function sendMessage(db: Database, mailer: Mailer, user: UserRow, id: string, text: string) {
  return db.transaction(async (tx) => {
    const { c } = await loadOwn(tx, user, id);
    const [product] = await tx
      .select({ name: products.name })
      .from(products)
      .where(eq(products.id, c.productId))
      .limit(1);
    const message = await addMessage(tx, mailer, c, user, text, product?.name ?? '');
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
    const [newest] = await tx
      .select({ id: sql<number>`coalesce(max(${messages.id}), 0)`.mapWith(Number) })
      .from(messages)
      .where(eq(messages.conversationId, c.id));
    const current = role === 'buyer' ? c.buyerReadUpTo : c.sellerReadUpTo;
    const next = Math.max(current, Math.min(upTo, newest?.id ?? 0));
    await tx
      .update(conversations)
      .set(
        role === 'buyer'
          ? { buyerReadUpTo: next, buyerSeenAt: sql`now()`, buyerEmailedAt: null }
          : { sellerReadUpTo: next, sellerSeenAt: sql`now()`, sellerEmailedAt: null },
      )
      .where(eq(conversations.id, c.id));
    if (next !== current) {
      // The header's count in the reader's other tabs, and "seen" on the other side.
      await publishLiveEvent(tx, user.id, 'conversation-read');
      await publishLiveEvent(tx, role === 'buyer' ? c.sellerId : c.buyerId, 'conversation-read');
    }
    return { acknowledged: true as const, readUpTo: String(next) };
  });
}

/** Messages of the other side above the user's read marker, in every conversation of theirs. */
const unreadExpr = (userId: string) =>
  sql<number>`(
  select count(*) from ${messages} m
  where m.conversation_id = ${conversations.id} and m.sender_id <> ${userId}
    and m.id > case when ${conversations.buyerId} = ${userId} then ${conversations.buyerReadUpTo} else ${conversations.sellerReadUpTo} end
)`.mapWith(Number);

export async function unreadCount(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${unreadExpr(userId)}), 0)`.mapWith(Number) })
    .from(conversations)
    .where(or(eq(conversations.buyerId, userId), eq(conversations.sellerId, userId)));
  return row?.n ?? 0;
}

/** The columns of an inbox row: the listing, both people, the unread count. */
function summaryQuery(db: Executor, userId: string) {
  const buyer = alias(users, 'buyer');
  const seller = alias(users, 'seller');
  return db
    .select({
      c: conversations,
      productName: products.name,
      productImage: products.imageUrl,
      productStatus: products.status,
      buyerName: buyer.name,
      sellerName: seller.name,
      unread: unreadExpr(userId),
    })
    .from(conversations)
    .innerJoin(products, eq(products.id, conversations.productId))
    .innerJoin(buyer, eq(buyer.id, conversations.buyerId))
    .innerJoin(seller, eq(seller.id, conversations.sellerId));
}
type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryQuery>['execute']>>[number];

function toSummary(
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

/** GET /conversations: both roles' conversations, newest activity first. */
export async function inbox(db: Database, userId: string, publicApiUrl: string) {
  const rows = await summaryQuery(db, userId)
    .where(or(eq(conversations.buyerId, userId), eq(conversations.sellerId, userId)))
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(INBOX_SIZE);
  const ids = rows.map((r) => r.c.id);
  const last = ids.length
    ? await db
        .selectDistinctOn([messages.conversationId])
        .from(messages)
        .where(sql`${messages.conversationId} in ${ids}`)
        .orderBy(messages.conversationId, desc(messages.id))
    : [];
  const byConversation = new Map(last.map((m) => [m.conversationId, m]));
  return rows.map((r) => toSummary(r, userId, byConversation.get(r.c.id), publicApiUrl));
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
  const [row] = await summaryQuery(db, user.id).where(eq(conversations.id, c.id)).limit(1);
  if (!row) throw notFound(`No conversation with id ${id}`, 'conversation_not_found');
  const inConversation = eq(messages.conversationId, c.id);
  const page =
    query.since !== undefined
      ? await db
          .select()
          .from(messages)
          .where(and(inConversation, gt(messages.id, Number(query.since))))
          .orderBy(messages.id)
          .limit(MESSAGE_PAGE_SIZE)
      : (
          await db
            .select()
            .from(messages)
            .where(
              and(
                inConversation,
                query.before !== undefined ? lt(messages.id, Number(query.before)) : undefined,
              ),
            )
            .orderBy(desc(messages.id))
            .limit(MESSAGE_PAGE_SIZE)
        ).reverse();
  const first = page[0];
  const [older] = first
    ? await db
        .select({ id: messages.id })
        .from(messages)
        .where(and(inConversation, lt(messages.id, first.id)))
        .limit(1)
    : [];
  const [newest] = await db.select().from(messages).where(inConversation).orderBy(desc(messages.id)).limit(1);
  const role = roleOf(c, user.id);
  const otherRead = role === 'buyer' ? c.sellerReadUpTo : role === 'seller' ? c.buyerReadUpTo : null;
  return {
    ...toSummary(row, user.id, newest, publicApiUrl),
    buyerName: row.buyerName,
    sellerName: row.sellerName,
    messages: page.map((m) => toMessage(m, user.id)),
    hasOlder: older !== undefined,
    otherReadUpTo: otherRead ? String(otherRead) : null,
  };
}

/** POST /conversations/:id/report: one open report per person and conversation, in Reported Items. */
export async function reportConversation(db: Database, user: UserRow, id: string, reason: string) {
  return db.transaction(async (tx) => {
    const { c } = await loadOwn(tx, user, id);
    const [open] = await tx
      .select({ id: reports.id })
      .from(reports)
      .where(
        and(eq(reports.conversationId, c.id), eq(reports.reporterId, user.id), eq(reports.status, 'open')),
      )
      .limit(1);
    if (open) throw conflict('You have already reported this conversation', 'already_reported_conversation');
    const reportId = newId();
    await tx
      .insert(reports)
      .values({ id: reportId, productId: c.productId, conversationId: c.id, reporterId: user.id, reason });
    return reportId;
  });
}
