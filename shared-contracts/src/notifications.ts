import { z } from './zod';

/**
 * What the bell in the header lists (docs/product.md#in-site-notifications). The API stores the
 * kind and its facts, not a sentence, so each page words it in the reader's language.
 */
export const NotificationKinds = [
  'message',
  'booking-requested',
  'booking-accepted',
  'booking-declined',
  'booking-expired',
  'booking-cancelled',
  'booking-completed',
  'payment-received',
  'order-handed-over',
  'order-released',
  'order-refunded',
  'order-disputed',
  'dispute-resolved',
  'review-received',
  'review-answered',
  'saved-price-drop',
  'saved-sold',
  'saved-search-match',
  'payout-paid',
  'payout-failed',
  'offer-made',
  'offer-countered',
  'offer-accepted',
  'offer-declined',
  'offer-expired',
  'offer-closed',
  'offer-withdrawn',
  'verification-approved',
  'verification-refused',
  // The moderation queue's decisions, to the seller (docs/product.md#moderation).
  'listing-approved',
  'listing-refused',
] as const;
export const NotificationKindSchema = z.enum(NotificationKinds);
export type NotificationKind = z.infer<typeof NotificationKindSchema>;

/** The facts a notification's sentence is made of; every one is optional, kinds use what they need. */
export const NotificationParamsSchema = z.object({
  productId: z.string().optional(),
  productName: z.string().optional(),
  /** The other person: who wrote, booked, answered, paid or reviewed. */
  actorName: z.string().optional(),
  bookingId: z.string().optional(),
  conversationId: z.string().optional(),
  /** Taka, for payments and price drops. */
  price: z.number().optional(),
  previousPrice: z.number().optional(),
  rating: z.number().int().min(1).max(5).optional(),
  /** An operator's reason, e.g. for a refused device verification. */
  reason: z.string().optional(),
});
export type NotificationParams = z.infer<typeof NotificationParamsSchema>;

export const NotificationSchema = z.object({
  _id: z.string(),
  kind: NotificationKindSchema,
  params: NotificationParamsSchema,
  /** A path inside the site the notification opens (e.g. `/dashboard/my-orders`). */
  link: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof NotificationSchema>;

/** GET /notifications: the latest events of the signed-in user, newest first, and how many are unread. */
export const NotificationFeedSchema = z.object({
  items: z.array(NotificationSchema),
  unread: z.number().int().nonnegative(),
});
export type NotificationFeed = z.infer<typeof NotificationFeedSchema>;

/** How many the bell shows at most; older ones stay in the database. */
export const NOTIFICATION_FEED_SIZE = 20;

/** POST /notifications/read: marks read every notification up to and including this one (or all). */
export const MarkNotificationsReadSchema = z.object({
  upTo: z
    .string()
    .regex(/^\d{1,15}$/, 'must be a notification id')
    .optional(),
});

/**
 * The live-events channel: one server-sent-event stream per signed-in user (GET /events). The
 * API publishes `{ userId, type }` on PostgreSQL's NOTIFY channel of this name in the same
 * transaction as the change, so an event leaves only once its row is committed, from whichever
 * API process the subscriber is connected to.
 */
export const LIVE_EVENTS_CHANNEL = 'user_events';
export const LiveEventTypes = ['notification', 'message', 'conversation-read'] as const;
export type LiveEventType = (typeof LiveEventTypes)[number];
