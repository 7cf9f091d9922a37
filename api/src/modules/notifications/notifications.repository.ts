import { and, count, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import {
  NOTIFICATION_FEED_SIZE,
  type NotificationKind,
  type NotificationParams,
} from 'shared-contracts/notifications';
import type { Database, Executor } from '../../db/index';
import { notifications, users } from '../../db/schema/index';

/** Every read and write of the bell's notifications, in SQL. */

export async function insertNotification(
  tx: Executor,
  row: { userId: string; kind: NotificationKind; params: NotificationParams; link: string },
) {
  await tx.insert(notifications).values(row);
}

/** Where a notification's e-mail goes and how it is written: address, name and language. */
export async function findRecipient(tx: Executor, userId: string) {
  const [recipient] = await tx
    .select({ email: users.email, name: users.name, language: users.language })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return recipient;
}

/** The latest notifications of a user, newest first, and how many of all theirs are unread. */
export async function latestNotifications(db: Database, userId: string) {
  const [rows, [unread]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.id))
      .limit(NOTIFICATION_FEED_SIZE),
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt))),
  ]);
  return { rows, unread: unread?.n ?? 0 };
}

/** Marks read the user's unread notifications up to `upTo`, or all; answers how many. */
export async function markRead(db: Database, userId: string, upTo?: number) {
  const marked = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        upTo === undefined ? undefined : lte(notifications.id, upTo),
      ),
    )
    .returning({ id: notifications.id });
  return marked.length;
}
