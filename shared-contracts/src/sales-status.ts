import type { BookingState } from './booking-lifecycle';

/**
 * A listing's sales status — the one state machine of a listing (docs/product.md#listings): how it
 * changes, what each status lets people do, and how a badge shows it. The API applies it, the web
 * reads it for its badges and buttons. Zod-free, so a browser chunk can import it as a value (zod's
 * compiler probe trips the CSP's script-src).
 *
 *   available ◄──bookings' states──► booked ──payment confirmed──► sold
 *       └──────────────payment confirmed / a booking completed──────┘
 *
 * Between available and booked the bookings decide (listingStatusFromBookings): booked while a seller
 * has accepted one, available otherwise, sold once one is completed or paid. A new booking request
 * leaves the status as it is (several buyers may ask, even while one is accepted) and is refused
 * once sold; a confirmed payment sells; nothing leaves 'sold'.
 */
export const SalesStatuses = ['available', 'booked', 'sold'] as const;
export type SalesStatus = (typeof SalesStatuses)[number];

/** What happens to a listing: a booking request, or a payment confirmed by the gateway. */
export type SalesEvent = 'booking' | 'payment-confirmed';

const TRANSITIONS: Record<SalesStatus, Partial<Record<SalesEvent, SalesStatus>>> = {
  available: { booking: 'available', 'payment-confirmed': 'sold' },
  booked: { booking: 'booked', 'payment-confirmed': 'sold' },
  sold: {},
};

/** The status after `event`, or null when the event cannot happen to a listing in `status`. */
export function nextSalesStatus(status: SalesStatus, event: SalesEvent): SalesStatus | null {
  return TRANSITIONS[status][event] ?? null;
}

/** The statuses from which `event` can happen (for a conditional update in SQL). */
export function salesStatusesAllowing(event: SalesEvent): SalesStatus[] {
  return SalesStatuses.filter((status) => nextSalesStatus(status, event) !== null);
}

/**
 * The listing's status from its bookings (booking-lifecycle.ts): sold once one is completed or
 * paid, booked while one is accepted, available otherwise (only requested, declined, expired or
 * cancelled ones).
 */
export function listingStatusFromBookings(states: readonly BookingState[]): SalesStatus {
  if (states.some((s) => s === 'completed' || s === 'paid')) return 'sold';
  if (states.includes('accepted')) return 'booked';
  return 'available';
}

/**
 * What people may still do with a listing besides booking and paying (the events above): once
 * sold its seller cannot advertise it or change its price, and no buyer can start a conversation
 * about it (an existing one goes on).
 */
export type ListingAction = 'advertise' | 'edit-price' | 'start-conversation';

const ALLOWS: Record<SalesStatus, readonly ListingAction[]> = {
  available: ['advertise', 'edit-price', 'start-conversation'],
  booked: ['advertise', 'edit-price', 'start-conversation'],
  sold: [],
};

/** Whether a listing in `status` allows `action` (the API's 409 and the web's disabled button alike). */
export const listingAllows = (status: SalesStatus, action: ListingAction): boolean =>
  ALLOWS[status].includes(action);

/** Whether a buyer can still ask for a listing in `status` (the Book button, POST /bookings). */
export const canBeBooked = (status: SalesStatus): boolean => nextSalesStatus(status, 'booking') !== null;

/** How a badge shows each status: the same word and colour on every page. */
export const SALES_STATUS_BADGE: Record<SalesStatus, { label: string; color: string }> = {
  available: { label: 'available', color: 'teal' },
  booked: { label: 'booked', color: 'yellow' },
  sold: { label: 'sold', color: 'gray' },
};
