import { desc, sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { AuditActions, AuditTargetTypes } from 'shared-contracts/audit';
import { users } from './users';

/**
 * One row per admin action (role change, user delete, product delete by an admin, report
 * resolution), written in the same transaction as the change it records (docs/product.md#admins).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    // Null when an operator command on the server did it (no signed-in user).
    actorId: text('actor_id').references(() => users.id),
    // Who, as shown to admins: the admin's e-mail, or "operator (admin:grant)" for the CLI.
    actor: text('actor').notNull(),
    action: text('action', { enum: AuditActions }).notNull(),
    targetType: text('target_type', { enum: AuditTargetTypes }).notNull(),
    targetId: text('target_id').notNull(),
    // A readable name of the target at the time (e-mail, product name).
    targetLabel: text('target_label').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // GET /audit-log reads newest first.
    index('audit_log_created_at_idx').on(desc(t.createdAt), desc(t.id)),
    // Its `q` (docs/decisions/0030-dashboard-list-queries.md): trigrams for the actor's e-mail and
    // the target's label; the action is one of a few names, matched by equality.
    index('audit_log_actor_trgm_idx').using('gin', sql`${t.actor} gin_trgm_ops`),
    index('audit_log_target_label_trgm_idx').using('gin', sql`${t.targetLabel} gin_trgm_ops`),
    index('audit_log_action_idx').on(t.action),
    check(
      'audit_log_target_type_check',
      sql`${t.targetType} in ('user', 'product', 'report', 'dispute', 'payout', 'moderation-word', 'verification')`,
    ),
  ],
);
export type AuditLogRow = typeof auditLog.$inferSelect;
