import { asc, count, eq, sql } from 'drizzle-orm';
import { ModerationWordSorts, type ModerationWordsQuery } from 'shared-contracts/moderation-words';
import { resolveListQuery } from 'shared-contracts/pagination';
import type { Database, Executor } from '../../db/index';
import { moderationWords, users } from '../../db/schema/index';
import { pageWindow } from '../../lib/http';
import { newId } from '../../lib/ids';
import { containsAny, orderByKeyThenId } from '../../lib/list-query';

/** The operators' moderation word list, in SQL. */

/** Every word of the list, in the order added (the list is operators' typing: hundreds at most). */
export async function allModerationWords(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ word: moderationWords.word })
    .from(moderationWords)
    .orderBy(asc(moderationWords.createdAt), asc(moderationWords.id));
  return rows.map((r) => r.word);
}

const wordColumns = {
  id: moderationWords.id,
  word: moderationWords.word,
  createdAt: moderationWords.createdAt,
  addedBy: users.email,
};

const sortColumns = { date: moderationWords.createdAt, word: sql`lower(${moderationWords.word})` } as const;

/** One page of the word list and how many match in all, sorted and searched in SQL. */
export async function listModerationWords(db: Database, query: ModerationWordsQuery) {
  const { sort, order, search } = resolveListQuery(ModerationWordSorts, query);
  const { limit, offset } = pageWindow(query);
  const where = containsAny(search, [moderationWords.word]);
  const rows = await db
    .select(wordColumns)
    .from(moderationWords)
    .leftJoin(users, eq(users.id, moderationWords.createdBy))
    .where(where)
    .orderBy(...orderByKeyThenId(sortColumns[sort], moderationWords.id, order))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(moderationWords).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findModerationWord(db: Executor, id: string) {
  const [row] = await db.select().from(moderationWords).where(eq(moderationWords.id, id));
  return row ?? null;
}

/** Adds the word; null when it is already on the list in some case (the unique lower(word) index). */
export async function insertModerationWord(db: Executor, word: string, createdBy: string | null, now: Date) {
  const [row] = await db
    .insert(moderationWords)
    .values({ id: newId(), word, createdBy, createdAt: now })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function deleteModerationWord(db: Executor, id: string) {
  const [row] = await db.delete(moderationWords).where(eq(moderationWords.id, id)).returning();
  return row ?? null;
}
