import { and, count, desc, eq, gt, ilike, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  ConversationSorts,
  MESSAGE_PAGE_SIZE,
  type ConversationQuery,
  type ConversationRole,
  type InboxQuery,
} from 'shared-contracts/conversations';
import { resolveListQuery } from 'shared-contracts/pagination';
import type { Database, Executor } from '../../db/index';
import { conversations, messages, products, reports, users } from '../../db/schema/index';
import { pageWindow } from '../../lib/http';
import { newId } from '../../lib/ids';
import { containsPattern, orderByKeyThenId } from '../../lib/list-query';

/** Every read and write of conversations, their messages and their reports, in SQL. */

export async function findConversation(db: Executor, id: string, lock = false) {
  const query = db.select().from(conversations).where(eq(conversations.id, id)).limit(1);
  const [c] = lock ? await query.for('update') : await query;
  return c;
}

/** A listing still on the site (and its seller's account), held until the transaction ends. */
export async function shareLockListing(tx: Executor, productId: string) {
  const [product] = await tx
    .select({ id: products.id, name: products.name, sellerId: products.sellerId, status: products.status })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(
      and(
        eq(products.id, productId),
        sql`${products.deletedAt} is null`,
        sql`${users.deletedAt} is null`,
        // A held or refused listing answers as one that does not exist.
        sql`${products.reviewState} = 'published'`,
      ),
    )
    .limit(1)
    .for('share', { of: products });
  return product;
}

/** The conversation of this buyer about this listing, locked, if there is one. */
export async function lockBuyersConversation(tx: Executor, productId: string, buyerId: string) {
  const [c] = await tx
    .select()
    .from(conversations)
    .where(and(eq(conversations.productId, productId), eq(conversations.buyerId, buyerId)))
    .limit(1)
    .for('update');
  return c;
}

/** Inserts the conversation unless one of this buyer and listing already exists (unique key). */
export async function insertConversation(tx: Executor, productId: string, buyerId: string, sellerId: string) {
  await tx.insert(conversations).values({ id: newId(), productId, buyerId, sellerId }).onConflictDoNothing();
}

export async function insertMessage(tx: Executor, conversationId: string, senderId: string, body: string) {
  const [message] = await tx.insert(messages).values({ conversationId, senderId, body }).returning();
  return message!;
}

/**
 * After a message from `role`: its activity time, the sender's read marker, and the recipient's
 * e-mail marker set unless already set or the recipient was seen within `presentFor` (an SQL
 * interval). Answers whether this update set the marker: only then is an e-mail written.
 */
export async function recordMessage(
  tx: Executor,
  conversationId: string,
  role: ConversationRole,
  messageId: number,
  presentFor: string,
) {
  const emailedAt = role === 'buyer' ? conversations.sellerEmailedAt : conversations.buyerEmailedAt;
  const seenAt = role === 'buyer' ? conversations.sellerSeenAt : conversations.buyerSeenAt;
  const [marked] = await tx
    .update(conversations)
    .set({
      lastMessageAt: sql`now()`,
      ...(role === 'buyer' ? { buyerReadUpTo: messageId } : { sellerReadUpTo: messageId }),
      ...(role === 'buyer'
        ? {
            sellerEmailedAt: sql`case when ${emailedAt} is null and (${seenAt} is null or ${seenAt} < now() - interval '${sql.raw(presentFor)}') then now() else ${emailedAt} end`,
          }
        : {
            buyerEmailedAt: sql`case when ${emailedAt} is null and (${seenAt} is null or ${seenAt} < now() - interval '${sql.raw(presentFor)}') then now() else ${emailedAt} end`,
          }),
    })
    .where(eq(conversations.id, conversationId))
    .returning({ emailNow: sql<boolean>`${emailedAt} = now()` });
  return marked?.emailNow === true;
}

/** The id of the conversation's newest message, 0 when it has none. */
export async function newestMessageId(tx: Executor, conversationId: string) {
  const [newest] = await tx
    .select({ id: sql<number>`coalesce(max(${messages.id}), 0)`.mapWith(Number) })
    .from(messages)
    .where(eq(messages.conversationId, conversationId));
  return newest?.id ?? 0;
}

/** The reader's marker moves to `readUpTo`, they are seen now, and their e-mail marker clears. */
export async function setReadMarker(
  tx: Executor,
  conversationId: string,
  role: ConversationRole,
  readUpTo: number,
) {
  await tx
    .update(conversations)
    .set(
      role === 'buyer'
        ? { buyerReadUpTo: readUpTo, buyerSeenAt: sql`now()`, buyerEmailedAt: null }
        : { sellerReadUpTo: readUpTo, sellerSeenAt: sql`now()`, sellerEmailedAt: null },
    )
    .where(eq(conversations.id, conversationId));
}

/** Messages of the other side above the user's read marker, in every conversation of theirs. */
const unreadExpr = (userId: string) =>
  sql<number>`(
  select count(*) from ${messages} m
  where m.conversation_id = ${conversations.id} and m.sender_id <> ${userId}
    and m.id > case when ${conversations.buyerId} = ${userId} then ${conversations.buyerReadUpTo} else ${conversations.sellerReadUpTo} end
)`.mapWith(Number);

const isParticipant = (userId: string) =>
  or(eq(conversations.buyerId, userId), eq(conversations.sellerId, userId));

export async function countUnread(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${unreadExpr(userId)}), 0)`.mapWith(Number) })
    .from(conversations)
    .where(isParticipant(userId));
  return row?.n ?? 0;
}

const buyer = alias(users, 'buyer');
const seller = alias(users, 'seller');

/** The columns of an inbox row: the listing, both people, the unread count. */
function summaryQuery(db: Executor, userId: string) {
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
export type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryQuery>['execute']>>[number];

/**
 * The user's conversations (both roles) matching the search: the listing's name, or the name of
 * the other person (a seller searching their own name would otherwise match every conversation).
 */
function inboxWhere(userId: string, search: string | null) {
  const pattern = search ? containsPattern(search) : null;
  return and(
    isParticipant(userId),
    pattern
      ? or(
          ilike(products.name, pattern),
          and(eq(conversations.buyerId, userId), ilike(seller.name, pattern)),
          and(eq(conversations.sellerId, userId), ilike(buyer.name, pattern)),
        )
      : undefined,
  );
}

/** One page of the inbox (built, not run), in the list's order with the id as tie-break. */
export function inboxPageQuery(db: Database, userId: string, query: InboxQuery) {
  const { sort, order, search } = resolveListQuery(ConversationSorts, query);
  const { limit, offset } = pageWindow(query);
  const sortColumns = {
    lastMessageAt: conversations.lastMessageAt,
    productName: sql`lower(${products.name})`,
  } as const;
  return summaryQuery(db, userId)
    .where(inboxWhere(userId, search))
    .orderBy(...orderByKeyThenId(sortColumns[sort], conversations.id, order))
    .limit(limit)
    .offset(offset);
}

/** How many conversations the inbox's search matches: the list's X-Total-Count. */
export async function countInbox(db: Database, userId: string, query: InboxQuery) {
  const { search } = resolveListQuery(ConversationSorts, query);
  const [row] = await db
    .select({ n: count() })
    .from(conversations)
    .innerJoin(products, eq(products.id, conversations.productId))
    .innerJoin(buyer, eq(buyer.id, conversations.buyerId))
    .innerJoin(seller, eq(seller.id, conversations.sellerId))
    .where(inboxWhere(userId, search));
  return row?.n ?? 0;
}

export async function summaryRow(db: Database, userId: string, conversationId: string) {
  const [row] = await summaryQuery(db, userId).where(eq(conversations.id, conversationId)).limit(1);
  return row;
}

/** The newest message of each of these conversations. */
export async function lastMessagesOf(db: Database, conversationIds: string[]) {
  if (!conversationIds.length) return [];
  return db
    .selectDistinctOn([messages.conversationId])
    .from(messages)
    .where(sql`${messages.conversationId} in ${conversationIds}`)
    .orderBy(messages.conversationId, desc(messages.id));
}

/**
 * A page of the conversation's messages, oldest first: after `since` (what arrived since the
 * reader's newest), or the newest before `before` (scrolling back), or the newest of all; whether
 * older ones remain; and its newest message.
 */
export async function messagePage(db: Database, conversationId: string, query: ConversationQuery) {
  const inConversation = eq(messages.conversationId, conversationId);
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
  return { page, hasOlder: older !== undefined, newest };
}

export async function hasOpenReport(tx: Executor, conversationId: string, reporterId: string) {
  const [open] = await tx
    .select({ id: reports.id })
    .from(reports)
    .where(
      and(
        eq(reports.conversationId, conversationId),
        eq(reports.reporterId, reporterId),
        eq(reports.status, 'open'),
      ),
    )
    .limit(1);
  return open !== undefined;
}

export async function insertReport(
  tx: Executor,
  report: { productId: string; conversationId: string; reporterId: string; reason: string },
) {
  const id = newId();
  await tx.insert(reports).values({ id, ...report });
  return id;
}
