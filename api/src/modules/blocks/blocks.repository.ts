import { and, count, eq, or, sql } from 'drizzle-orm';
import { BlockSorts, type BlocksQuery } from 'shared-contracts/blocks';
import { resolveListQuery } from 'shared-contracts/pagination';
import type { Database, Executor } from '../../db/index';
import { blocks, users } from '../../db/schema/index';
import { pageWindow } from '../../lib/http';
import { containsAny, orderByKeyThenId } from '../../lib/list-query';

/** Every read and write of blocks, in SQL, the Blocked people list's paging and search included. */

/**
 * Who of the two people blocked the other: none, one or both blocker ids, from one look at the
 * primary key each way.
 */
export async function blockersBetween(db: Executor, a: string, b: string): Promise<string[]> {
  const rows = await db
    .select({ blockerId: blocks.blockerId })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)),
        and(eq(blocks.blockerId, b), eq(blocks.blockedId, a)),
      ),
    );
  return rows.map((row) => row.blockerId);
}

/** Adds the block; blocking twice keeps the first one (and its date). */
export async function insertBlock(tx: Executor, row: typeof blocks.$inferInsert): Promise<void> {
  await tx.insert(blocks).values(row).onConflictDoNothing();
}

/** Removes the block; answers whether there was one. */
export async function deleteBlock(tx: Executor, blockerId: string, blockedId: string): Promise<boolean> {
  const gone = await tx
    .delete(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
    .returning({ blockedId: blocks.blockedId });
  return gone.length === 1;
}

const blockColumns = {
  userId: users.id,
  name: users.name,
  email: users.email,
  conversationId: blocks.conversationId,
  createdAt: blocks.createdAt,
};

const sortColumns = { date: blocks.createdAt, name: sql`lower(${users.name})` } as const;

/**
 * One page of the people `blockerId` blocked and how many match in all, sorted and searched in SQL
 * (docs/decisions/0030-dashboard-list-queries.md).
 */
export async function listBlockedBy(db: Database, blockerId: string, query: BlocksQuery) {
  const { sort, order, search } = resolveListQuery(BlockSorts, query);
  const { limit, offset } = pageWindow(query);
  const where = and(eq(blocks.blockerId, blockerId), containsAny(search, [users.name, users.email]));
  const rows = await db
    .select(blockColumns)
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(where)
    .orderBy(...orderByKeyThenId(sortColumns[sort], users.id, order))
    .limit(limit)
    .offset(offset);
  const [total] = await db
    .select({ n: count() })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

/** A user's blocks for an operator: those they made and those made against them, newest first. */
export async function blocksOfUser(db: Database, userId: string) {
  const given = await db
    .select(blockColumns)
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(eq(blocks.blockerId, userId))
    .orderBy(sql`${blocks.createdAt} desc`);
  const received = await db
    .select(blockColumns)
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockerId))
    .where(eq(blocks.blockedId, userId))
    .orderBy(sql`${blocks.createdAt} desc`);
  return { given, received };
}
