import type { AuditLogRow, UserRow } from '../../db/schema/index';
import { toUser } from '../users/users.wire';

/** How admins and audit entries become the API's answers (shared-contracts/users.ts, audit.ts). */

/** A row of Admins: the user, and the role a revoke gives back (buyer when none is stored: the seed's admin). */
export const toAdmin = (u: UserRow, publicApiUrl: string) => ({
  ...toUser(u, publicApiUrl),
  roleBeforeAdmin: u.roleBeforeAdmin ?? 'buyer',
});

export const toAuditEntry = (r: AuditLogRow) => ({
  _id: r.id,
  actor: r.actor,
  actorId: r.actorId,
  action: r.action,
  targetType: r.targetType,
  targetId: r.targetId,
  targetLabel: r.targetLabel,
  before: r.before ?? null,
  after: r.after ?? null,
  createdAt: r.createdAt.toISOString(),
});
