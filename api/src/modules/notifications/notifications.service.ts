import { sql } from 'drizzle-orm';
import {
  LIVE_EVENTS_CHANNEL,
  type LiveEventType,
  type NotificationFeed,
  type NotificationKind,
  type NotificationParams,
} from 'shared-contracts/notifications';
import type { Database, Executor } from '../../db/index';
import type { Mailer } from '../../email/mailer';
import { notificationEmail } from './notification-email';
import { findRecipient, insertNotification, latestNotifications, markRead } from './notifications.repository';
import { toNotification } from './notifications.wire';

export interface NotificationInput {
  /** Who is told. */
  userId: string;
  kind: NotificationKind;
  params: NotificationParams;
  /** The path inside the site the bell opens, e.g. `/dashboard/my-orders`. */
  link: string;
  /** Also write an e-mail to the outbox (default). Messages decide per conversation. */
  email?: boolean;
}

/**
 * Tells `userId` that something happened: a row for the bell, an e-mail in the outbox (in their
 * language, linking to the page on the site's public origin), and a live event. Call it inside the transaction of the change it reports: the row and the e-mail commit
 * with it or not at all (the mail is relayed only after that commit), and PostgreSQL delivers the NOTIFY only on commit, so a live client never
 * hears of a change it then cannot read.
 */
export async function notify(tx: Executor, mailer: Mailer, input: NotificationInput): Promise<void> {
  await insertNotification(tx, {
    userId: input.userId,
    kind: input.kind,
    params: input.params,
    link: input.link,
  });
  if (input.email !== false) {
    const recipient = await findRecipient(tx, input.userId);
    if (recipient) {
      const url = mailer.siteUrl(input.link);
      const { subject, body } = notificationEmail({
        kind: input.kind,
        params: input.params,
        language: recipient.language,
        recipientName: recipient.name,
        url,
      });
      await mailer.enqueue(tx, {
        kind: `notification:${input.kind}`,
        to: recipient.email,
        subject,
        body,
        params: { link: url, language: recipient.language },
      });
    }
  }
  await publishLiveEvent(tx, input.userId, 'notification');
}

/** A live event for one user's open pages, delivered when the caller's transaction commits. */
export async function publishLiveEvent(tx: Executor, userId: string, type: LiveEventType): Promise<void> {
  await tx.execute(sql`select pg_notify(${LIVE_EVENTS_CHANNEL}, ${JSON.stringify({ userId, type })})`);
}

/** The bell: the latest notifications, newest first, and how many are unread in all. */
export async function notificationFeed(db: Database, userId: string): Promise<NotificationFeed> {
  const { rows, unread } = await latestNotifications(db, userId);
  return { unread, items: rows.map(toNotification) };
}

/**
 * Marks read the user's notifications up to `upTo` (the newest one the bell showed), or all of
 * them: one that arrived while the bell was open stays unread.
 */
export async function markNotificationsRead(db: Database, userId: string, upTo?: number): Promise<number> {
  return markRead(db, userId, upTo);
}
