import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { resolveListQuery } from 'shared-contracts/pagination';
import { UserListSorts, type UpsertUser, type User, type UserListQuery } from 'shared-contracts/users';
import type { Database } from '../../db/index';
import { userRoleCounts, users, type UserRow } from '../../db/schema/index';
import type { Identity } from '../../auth/access';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { pageWindow, resolveAssetUrl } from '../../lib/http';
import { containsAny, countOf, orderByKeyThenId } from '../../lib/list-query';
import { adminActor, recordAudit } from '../../services/audit';

export const toUser = (u: UserRow, publicApiUrl: string): User => ({
  _id: u.id,
  name: u.name,
  email: u.email,
  url: u.photoUrl ? resolveAssetUrl(u.photoUrl, publicApiUrl) : null,
  role: u.role,
});

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

/**
 * POST /users upserts on the caller's verified token e-mail. A new user gets the chosen role
 * (buyer or seller, never admin); an existing user keeps theirs, so a seller who later signs in
 * with Google (which always sends 'buyer') stays a seller.
 */
export async function upsertUser(db: Database, identity: Identity, input: UpsertUser) {
  const email = input.email.toLowerCase();
  if (!identity.email) throw badRequest('Your account has no e-mail address', 'email_required');
  if (identity.email !== email) throw forbidden('The e-mail must be the one you are signed in with');
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(users).where(eq(users.email, email)).limit(1).for('update');
    if (existing?.deletedAt) throw unauthorized('This account has been deleted', 'account_deleted');
    if (existing) {
      if (existing.firebaseUid && existing.firebaseUid !== identity.uid) {
        throw conflict('This e-mail belongs to another account', 'email_taken');
      }
      // A row created before its Firebase account (seed, import) is claimed only with a verified e-mail.
      if (!existing.firebaseUid && !identity.emailVerified) {
        throw conflict('Verify your e-mail address to claim this account', 'email_taken');
      }
      const [updated] = await tx
        .update(users)
        .set({
          firebaseUid: identity.uid,
          name: input.name,
          photoUrl: input.url ?? existing.photoUrl,
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, existing.id))
        .returning();
      return { created: false, user: updated ?? existing };
    }
    const [created] = await tx
      .insert(users)
      .values({
        id: newId(),
        firebaseUid: identity.uid,
        email,
        name: input.name,
        photoUrl: input.url ?? null,
        role: input.role,
      })
      .returning();
    if (!created) throw new Error('insert returned no row');
    return { created: true, user: created };
  });
}

/** DELETE /buyer/:id and /seller/:id: soft delete of a user of that role, written to the audit log. */
export async function softDeleteUser(db: Database, admin: UserRow, id: string, role: 'buyer' | 'seller') {
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .update(users)
      .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(users.id, id), eq(users.role, role), isNull(users.deletedAt)))
      .returning({ id: users.id, email: users.email });
    if (!deleted) throw notFound(`No ${role} with id ${id}`, 'user_not_found');
    await recordAudit(tx, adminActor(admin), {
      action: 'user.delete',
      targetType: 'user',
      targetId: deleted.id,
      targetLabel: deleted.email,
      before: { role, deleted: false },
      after: { role, deleted: true },
    });
  });
}
