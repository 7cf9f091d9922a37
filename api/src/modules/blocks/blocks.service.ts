import { BLOCKED_ERROR, type BlocksQuery } from 'shared-contracts/blocks';
import type { Database, Executor } from '../../db/index';
import type { UserRow } from '../../db/schema/index';
import { owns } from '../../auth/access';
import { forbidden, notFound } from '../../lib/errors';
import { findConversation } from '../conversations/conversations.repository';
import { publishLiveEvent } from '../notifications/notifications.service';
import { userExists } from '../users/users.repository';
import { blockersBetween, blocksOfUser, deleteBlock, insertBlock, listBlockedBy } from './blocks.repository';
import { toBlock } from './blocks.wire';

/**
 * Blocking (docs/product.md#blocking, docs/decisions/0059-blocking.md): one of a conversation's two
 * people blocks the other; until the blocker unblocks, no message, offer or booking passes between
 * them in either direction. The refusal names the block but not who made it, so the blocked person
 * learns only that the conversation is closed.
 */

const blockedRefusal = () =>
  forbidden(
    'This conversation is closed: a block stops messages, offers and bookings between you and this person',
    BLOCKED_ERROR,
  );

/**
 * Refuses (403 `blocked`) when either person blocked the other. Called inside the transaction of a
 * message, an offer, an offer's answer and a booking, before anything is written.
 */
export async function refuseIfBlocked(tx: Executor, a: string, b: string): Promise<void> {
  if ((await blockersBetween(tx, a, b)).length > 0) throw blockedRefusal();
}

/** The conversation and the other person in it; anyone but its two people is told it does not exist. */
async function otherPersonIn(db: Executor, user: UserRow, conversationId: string) {
  const c = await findConversation(db, conversationId);
  const isBuyer = c && owns(user, { id: c.buyerId });
  const isSeller = c && owns(user, { id: c.sellerId });
  if (!c || (!isBuyer && !isSeller))
    throw notFound(`No conversation with id ${conversationId}`, 'conversation_not_found');
  return { c, otherId: isBuyer ? c.sellerId : c.buyerId };
}

/** POST /conversations/:id/block: the caller blocks the other person of the conversation. */
export async function blockInConversation(db: Database, user: UserRow, conversationId: string, now: Date) {
  await db.transaction(async (tx) => {
    const { c, otherId } = await otherPersonIn(tx, user, conversationId);
    await insertBlock(tx, { blockerId: user.id, blockedId: otherId, conversationId: c.id, createdAt: now });
    // Both people's open pages reload the conversation and show it closed.
    await publishLiveEvent(tx, user.id, 'message');
    await publishLiveEvent(tx, otherId, 'message');
  });
}

/** DELETE /conversations/:id/block: the blocker unblocks the other person of the conversation. */
export async function unblockInConversation(db: Database, user: UserRow, conversationId: string) {
  const { otherId } = await otherPersonIn(db, user, conversationId);
  await unblock(db, user, otherId);
}

/** DELETE /blocks/:userId: only the blocker can lift their own block; 404 when there is none. */
export async function unblock(db: Database, user: UserRow, blockedId: string) {
  await db.transaction(async (tx) => {
    if (!(await deleteBlock(tx, user.id, blockedId)))
      throw notFound('You have not blocked this person', 'block_not_found');
    await publishLiveEvent(tx, user.id, 'message');
    await publishLiveEvent(tx, blockedId, 'message');
  });
}

/**
 * How a conversation reads for `userId` while a block stands: closed to both, and `blockedByMe`
 * only for the blocker (who alone may unblock).
 */
export async function blockStateOf(db: Executor, userId: string, otherId: string) {
  const blockers = await blockersBetween(db, userId, otherId);
  return { closed: blockers.length > 0, blockedByMe: blockers.includes(userId) };
}

/** GET /blocks: one page of the people the caller blocked. */
export async function blockedPeople(db: Database, user: UserRow, query: BlocksQuery) {
  const { rows, total } = await listBlockedBy(db, user.id, query);
  return { rows: rows.map(toBlock), total };
}

/** GET /admin/users/:userId/blocks: every block a user made and received, for operators. */
export async function userBlocks(db: Database, userId: string) {
  if (!(await userExists(db, userId))) throw notFound(`No user with id ${userId}`, 'user_not_found');
  const { given, received } = await blocksOfUser(db, userId);
  return { given: given.map(toBlock), received: received.map(toBlock) };
}
