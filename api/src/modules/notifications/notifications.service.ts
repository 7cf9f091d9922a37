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

/** The e-mail's subject for each kind, in English (the outbox copy; the bell words it per page language). */
function sentence(kind: NotificationKind, p: NotificationParams): string {
  const laptop = p.productName ?? 'your laptop';
  const who = p.actorName ?? 'Someone';
  const taka = (amount: number) => `Tk ${amount.toLocaleString('en-US')}`;
  switch (kind) {
    case 'message':
      return `${who} sent you a message about ${laptop}`;
    case 'booking-requested':
      return `${who} asked to book ${laptop}`;
    case 'booking-accepted':
      return `Your booking of ${laptop} was accepted`;
    case 'booking-declined':
      return `Your booking of ${laptop} was declined`;
    case 'booking-expired':
      return `The booking of ${laptop} expired without an answer`;
    case 'booking-cancelled':
      return `The booking of ${laptop} was cancelled`;
    case 'booking-completed':
      return `The handover of ${laptop} is done`;
    case 'payment-received':
      return `${who} paid ${p.price === undefined ? '' : `${taka(p.price)} `}for ${laptop}`;
    case 'order-handed-over':
      return `${who} marked ${laptop} as handed over: confirm receipt or report a problem`;
    case 'order-released':
      return `${p.price === undefined ? 'The payment' : taka(p.price)} for ${laptop} was released to the seller`;
    case 'order-refunded':
      return `${p.price === undefined ? 'The payment' : taka(p.price)} for ${laptop} is being refunded`;
    case 'order-disputed':
      return `${who} reported a problem with ${laptop}`;
    case 'dispute-resolved':
      return `The dispute about ${laptop} was resolved`;
    case 'review-received':
      return `${who} reviewed you${p.rating ? ` (${p.rating} of 5)` : ''}`;
    case 'review-answered':
      return `${who} answered your review`;
    case 'saved-price-drop':
      return `${laptop} you saved is now ${p.price === undefined ? 'cheaper' : taka(p.price)}`;
    case 'saved-sold':
      return `${laptop} you saved has been sold`;
    case 'payout-paid':
      return `Your payout${p.price === undefined ? '' : ` of ${taka(p.price)}`} has been sent`;
    case 'payout-failed':
      return `Your payout${p.price === undefined ? '' : ` of ${taka(p.price)}`} could not be sent; the money is back in your balance`;
  }
}

/**
 * Tells `userId` that something happened: a row for the bell, an e-mail in the outbox, and a live
 * event. Call it inside the transaction of the change it reports: the row and the e-mail commit
 * with it or not at all, and PostgreSQL delivers the NOTIFY only on commit, so a live client never
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
      const subject = sentence(input.kind, input.params);
      await mailer.enqueue(tx, {
        kind: `notification:${input.kind}`,
        to: recipient.email,
        subject: `SecondByte: ${subject}`,
        body: `Hello ${recipient.name},\n\n${subject}.\n\nOpen it on SecondByte: ${input.link}\n`,
        params: { link: input.link },
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
