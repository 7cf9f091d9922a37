import type { emailOutbox } from '../../db/schema/index';

/** An outbox row as the operators' list shows it: the addresses and state, never the body. */
export const toOutboxMessage = (m: typeof emailOutbox.$inferSelect) => ({
  _id: m.id,
  kind: m.kind,
  to: m.toAddress,
  replyTo: m.replyTo,
  subject: m.subject,
  status: m.status,
  createdAt: m.createdAt.toISOString(),
  sentAt: m.sentAt ? m.sentAt.toISOString() : null,
});
