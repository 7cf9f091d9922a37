import type { Database, Executor } from '../../db/index';
import type { UserRow } from '../../db/schema/index';
import { conflict, forbidden } from '../../lib/errors';
import { recordAudit, type AuditActor } from '../../services/audit';
import { lockActiveAdmins, lockUser, updateUser, type TargetUser } from '../users/users.repository';

/**
 * Making and revoking admins (docs/product.md#admins), shared by the dashboard's routes and the
 * operator commands (admin:grant, admin:revoke). Each answers what it changed, so both can say so.
 */
export type RoleChange =
  | { outcome: 'changed'; user: UserRow; before: UserRow['role']; after: UserRow['role'] }
  | { outcome: 'unchanged'; user: UserRow }
  | { outcome: 'not-found' }
  | { outcome: 'deleted'; user: UserRow };

/** Every role change locks the active admins first: the same order for grant and revoke. */
async function lockAdminsAndCheckActor(tx: Executor, actor: AuditActor) {
  const admins = await lockActiveAdmins(tx);
  // An admin whose own role was revoked a moment ago (after their request was let in) may not act.
  // The operator commands have no actor id: whoever runs them owns the database.
  if (actor.id && !admins.some((a) => a.id === actor.id)) throw forbidden('You are no longer an admin');
  return admins;
}

export async function grantAdmin(db: Database, actor: AuditActor, target: TargetUser): Promise<RoleChange> {
  return db.transaction(async (tx) => {
    await lockAdminsAndCheckActor(tx, actor);
    const user = await lockUser(tx, target);
    if (!user) return { outcome: 'not-found' };
    if (user.deletedAt) return { outcome: 'deleted', user };
    if (user.role === 'admin') return { outcome: 'unchanged', user };
    const before = user.role;
    const updated = await updateUser(tx, user.id, { role: 'admin', roleBeforeAdmin: before });
    await recordAudit(tx, actor, {
      action: 'role.grant-admin',
      targetType: 'user',
      targetId: user.id,
      targetLabel: user.email,
      before: { role: before },
      after: { role: 'admin' },
    });
    return { outcome: 'changed', user: updated ?? user, before, after: 'admin' };
  });
}

/** The message of the last-admin guard (409), the same for the dashboard and the CLI. */
export const lastAdminMessage = (email: string) =>
  `${email} is the last admin: make another admin first, so the site always keeps one.`;

/**
 * Gives an admin back the role stored when they were made one (buyer when none is stored: the
 * seed's admin). Refuses (409) to remove the last active admin.
 */
export async function revokeAdmin(db: Database, actor: AuditActor, target: TargetUser): Promise<RoleChange> {
  return db.transaction(async (tx) => {
    // Every active admin locked first (in id order, so two changes never deadlock): two admins
    // revoking each other at once are serialised, and the second sees it would leave none.
    const admins = await lockAdminsAndCheckActor(tx, actor);
    const user = await lockUser(tx, target);
    if (!user) return { outcome: 'not-found' };
    if (user.deletedAt) return { outcome: 'deleted', user };
    if (user.role !== 'admin') return { outcome: 'unchanged', user };
    if (admins.length <= 1 && admins.some((a) => a.id === user.id)) {
      throw conflict(lastAdminMessage(user.email), 'last_admin', { email: user.email });
    }
    const after = user.roleBeforeAdmin ?? 'buyer';
    const updated = await updateUser(tx, user.id, { role: after, roleBeforeAdmin: null });
    await recordAudit(tx, actor, {
      action: 'role.revoke-admin',
      targetType: 'user',
      targetId: user.id,
      targetLabel: user.email,
      before: { role: 'admin' },
      after: { role: after },
    });
    return { outcome: 'changed', user: updated ?? user, before: 'admin', after };
  });
}
