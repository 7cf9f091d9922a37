import type { NotificationRow } from '../../db/schema/index';

/** A notification as the bell shows it. */
export const toNotification = (row: NotificationRow) => ({
  _id: String(row.id),
  kind: row.kind,
  params: row.params,
  link: row.link,
  createdAt: row.createdAt.toISOString(),
  read: row.readAt !== null,
});
