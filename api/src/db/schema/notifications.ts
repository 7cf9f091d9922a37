import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { NotificationKind, NotificationParams } from 'shared-contracts/notifications';
import { users } from './users';

/**
 * The bell's events, one row per recipient (modules/notifications/notifications.service.ts). The id is a sequence, so
 * "read up to this one" is one comparison and the newest-first walk is the primary key's order.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').$type<NotificationKind>().notNull(),
    params: jsonb('params').$type<NotificationParams>().notNull(),
    link: text('link').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_newest_idx').on(t.userId, t.id),
    // The unread count reads only the unread rows of one user.
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);
export type NotificationRow = typeof notifications.$inferSelect;
