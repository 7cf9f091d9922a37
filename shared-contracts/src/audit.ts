import { z } from './zod';
import { listQuerySchema } from './pagination';

export const AuditActions = [
  'role.grant-admin',
  'role.revoke-admin',
  'user.delete',
  'product.delete',
  'report.dismiss',
  'report.remove-listing',
  'dispute.release',
  'dispute.refund',
  'dispute.part-refund',
  'payout.paid',
  'payout.failed',
  'listing.approve',
  'listing.refuse',
  'moderation-word.add',
  'moderation-word.remove',
  'verification.approve',
  'verification.refuse',
] as const;

export const AuditTargetTypes = [
  'user',
  'product',
  'report',
  'dispute',
  'payout',
  'moderation-word',
  'verification',
] as const;

/** One admin action of GET /audit-log (admin only), newest first; the total is in X-Total-Count. */
export const AuditEntrySchema = z.object({
  _id: z.string(),
  actor: z.string().describe("The admin's e-mail, or 'operator (<command>)' for a server command"),
  actorId: z.string().nullable(),
  action: z.enum(AuditActions),
  targetType: z.enum(AuditTargetTypes),
  targetId: z.string(),
  targetLabel: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditEntryListSchema = z.array(AuditEntrySchema);
/** GET /audit-log: newest first; `q` matches the actor's e-mail, the target's label (e-mail) or the action. */
export const AuditLogSorts = { createdAt: 'desc' } as const;
export const AuditLogQuerySchema = listQuerySchema(AuditLogSorts);
export type AuditLogQuery = z.infer<typeof AuditLogQuerySchema>;
