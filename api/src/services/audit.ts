import { count, inArray, or } from 'drizzle-orm';
import { AuditActions, AuditLogSorts, type AuditLogQuery } from 'shared-contracts/audit';
import { resolveListQuery } from 'shared-contracts/pagination';
import type { Database, Executor } from '../db/index';
import { auditLog, type AuditLogRow, type UserRow } from '../db/schema/index';
import { pageWindow } from '../lib/http';
import { newId } from '../lib/ids';
import { containsAny, countOf, orderByKeyThenId } from '../lib/list-query';

/** Audit rows go in the caller's transaction (an Executor). */
export type { Executor };

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

/**
 * The actor's e-mail and the target's label are searched as substrings (trigram indexes); the
 * action is one of a few fixed names, so the names containing the text are found here and matched
 * by equality (a trigram index over six distinct values made the planner give up on the others
 * and read the whole log).
 */
function auditWhere(search: string | null) {
  if (!search) return undefined;
  const text = search.toLowerCase();
  const actions = AuditActions.filter((a) => a.includes(text));
  return or(
    containsAny(search, [auditLog.actor, auditLog.targetLabel]),
    actions.length ? inArray(auditLog.action, actions) : undefined,
  );
}

/** GET /audit-log: one page, newest first (audit_log_created_at_idx); the SQL is built, not run. */
export function auditPageQuery(db: Database, query: AuditLogQuery) {
  const { order, search } = resolveListQuery(AuditLogSorts, query);
  const { limit, offset } = pageWindow(query);
  return db
    .select()
    .from(auditLog)
    .where(auditWhere(search))
    .orderBy(...orderByKeyThenId(auditLog.createdAt, auditLog.id, order))
    .limit(limit)
    .offset(offset);
}

export const auditCountQuery = (db: Database, search: string | null = null) =>
  db.select({ n: count() }).from(auditLog).where(auditWhere(search));

export async function listAudit(db: Database, query: AuditLogQuery) {
  const rows = await auditPageQuery(db, query);
  const total = countOf(await auditCountQuery(db, resolveListQuery(AuditLogSorts, query).search));
  return { rows, total };
}
