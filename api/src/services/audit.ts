import { count, desc } from 'drizzle-orm';
import type { Database } from '../db/index';
import { auditLog, type AuditLogRow, type UserRow } from '../db/schema/index';
import { newId } from '../lib/ids';

/** Drizzle's transaction handle, or the database itself: audit rows go in the caller's transaction. */
export type Executor = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

/** Who did it: a signed-in admin, or an operator command run on the server. */
export interface AuditActor {
  id: string | null;
  label: string;
}

export const adminActor = (user: UserRow): AuditActor => ({ id: user.id, label: user.email });
export const operatorActor = (command: string): AuditActor => ({ id: null, label: `operator (${command})` });

export interface AuditEntry {
  action: AuditLogRow['action'];
  targetType: AuditLogRow['targetType'];
  targetId: string;
  targetLabel: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Writes one audit row; call it inside the transaction that makes the change. */
export async function recordAudit(tx: Executor, actor: AuditActor, entry: AuditEntry) {
  await tx.insert(auditLog).values({
    id: newId(),
    actorId: actor.id,
    actor: actor.label,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    targetLabel: entry.targetLabel,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** GET /audit-log: newest first (audit_log_created_at_idx), one page plus the total. */
export async function listAudit(db: Database, window: { limit: number; offset: number }) {
  const rows = await db
    .select()
    .from(auditLog)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(window.limit)
    .offset(window.offset);
  const [total] = await db.select({ n: count() }).from(auditLog);
  return { rows, total: total?.n ?? 0 };
}
