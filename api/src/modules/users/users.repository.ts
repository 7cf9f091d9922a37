import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { resolveListQuery } from 'shared-contracts/pagination';
import { UserListSorts, type UserListQuery } from 'shared-contracts/users';
import type { Database, Executor } from '../../db/index';
import { userRoleCounts, users, type UserRow } from '../../db/schema/index';
import { pageWindow } from '../../lib/http';
import { containsAny, countOf, orderByKeyThenId } from '../../lib/list-query';

/**
 * Every read and write of users, in SQL (pagination included). The admins module and the
 * dashboard's summary cards reach users through these functions too.
 */

/** The live users with a role: All Sellers, All Buyers, Admins and the admin's summary cards. */
export const liveUsersWithRole = (role: UserRow['role']) =>
  and(eq(users.role, role), isNull(users.deletedAt));

const userSortColumns = {
  createdAt: users.createdAt,
  name: sql`lower(${users.name})`,
  email: users.email,
} as const;

const usersWhere = (role: UserRow['role'], search: string | null) =>
  and(liveUsersWithRole(role), containsAny(search, [users.name, users.email]));

/** The SQL of one page (built, not run: the EXPLAIN test reads the very query the API runs). */
export function usersPageQuery(db: Database, role: UserRow['role'], query: UserListQuery) {
  const { sort, order, search } = resolveListQuery(UserListSorts, query);
  const { limit, offset } = pageWindow(query);
  return db
    .select()
    .from(users)
    .where(usersWhere(role, search))
    .orderBy(...orderByKeyThenId(userSortColumns[sort], users.id, order))
    .limit(limit)
    .offset(offset);
}

export function usersCountQuery(db: Database, role: UserRow['role'], search: string | null = null) {
  return db.select({ n: count() }).from(users).where(usersWhere(role, search));
}

/**
 * How many live users have the role: the list's total and the summary card alike. Without a
 * search it is the trigger-kept row of user_role_counts (migration 0008), the same number a
 * count(*) gives (dashboard-lists.test.ts compares them) without reading every buyer.
 */
export async function countUsersWithRole(db: Database, role: UserRow['role'], search: string | null = null) {
  if (search) return countOf(await usersCountQuery(db, role, search));
  const [row] = await db
    .select({ live: userRoleCounts.live })
    .from(userRoleCounts)
    .where(eq(userRoleCounts.role, role));
  return row?.live ?? 0;
}

/** One page of the live users with a role (All Sellers, All Buyers, Admins) and its total. */
export async function listUsersWithRole(
  db: Database,
  role: UserRow['role'],
  query: UserListQuery,
): Promise<{ rows: UserRow[]; total: number }> {
  const rows = await usersPageQuery(db, role, query);
  const total = await countUsersWithRole(db, role, resolveListQuery(UserListSorts, query).search);
  return { rows, total };
}

/** A live user by e-mail (the profile of GET /users/:email), or null. */
/** The user chose a language; answers the updated row (undefined when the user is gone). */
export async function setUserLanguage(db: Database, id: string, language: UserRow['language']) {
  const [user] = await db
    .update(users)
    .set({ language, languageChosenAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .returning();
  return user;
}

export async function findLiveUserByEmail(db: Database, email: string): Promise<UserRow | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)))
    .limit(1);
  return user ?? null;
}

/** Who a role change or an upsert is about: by id (the dashboard) or by e-mail (the CLI, POST /users). */
export type TargetUser = { id: string } | { email: string };

/** The user row, locked for the rest of the transaction (deleted ones included), or undefined. */
export async function lockUser(tx: Executor, target: TargetUser): Promise<UserRow | undefined> {
  const where = 'id' in target ? eq(users.id, target.id) : eq(users.email, target.email.toLowerCase());
  const [row] = await tx.select().from(users).where(where).limit(1).for('update');
  return row;
}

/** Every active admin's id, locked in id order (so two revokes never deadlock). */
export function lockActiveAdmins(tx: Executor) {
  return tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.deletedAt)))
    .orderBy(asc(users.id))
    .for('update');
}

export async function updateUser(
  tx: Executor,
  id: string,
  change: Partial<Pick<UserRow, 'firebaseUid' | 'name' | 'photoUrl' | 'role' | 'roleBeforeAdmin'>>,
): Promise<UserRow | undefined> {
  const [updated] = await tx
    .update(users)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return updated;
}

export async function insertUser(tx: Executor, row: typeof users.$inferInsert): Promise<UserRow> {
  const [created] = await tx.insert(users).values(row).returning();
  if (!created) throw new Error('insert returned no row');
  return created;
}

/** Soft-deletes the live user of that role; answers who was deleted, or undefined when none was. */
export async function softDeleteUserWithRole(tx: Executor, id: string, role: UserRow['role']) {
  const [deleted] = await tx
    .update(users)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), eq(users.role, role), isNull(users.deletedAt)))
    .returning({ id: users.id, email: users.email });
  return deleted;
}

/** Whether an account with this id exists (deleted ones too: an operator reads their record). */
export async function userExists(db: Database, id: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
  return row !== undefined;
}
