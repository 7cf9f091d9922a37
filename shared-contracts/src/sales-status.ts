/**
 * A listing's sales status and how it changes (docs/product.md#listings), in one place for the API,
 * which applies it, and the web, which shows it. Zod-free, so the catalog can import it as a value.
 *
 *   available ◄──bookings' states──► booked ──payment confirmed──► sold
 *       └──────────────payment confirmed────────────────────────────┘
 *
 * Between available and booked the bookings decide: booked while a seller has accepted one,
 * available otherwise, sold once one is completed (listingStatusFromBookings in
 * booking-lifecycle.ts, the one rule for that). Here only what a new request or a payment can do:
 * a booking request leaves the status as it is (several buyers may ask, even while one is
 * accepted) and is refused once sold; nothing leaves 'sold'.
 */
export const SalesStatuses = ['available', 'booked', 'sold'] as const;
export type SalesStatus = (typeof SalesStatuses)[number];

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

/** How a badge shows each status: the same word and colour on every page. */
export const SALES_STATUS_BADGE: Record<SalesStatus, { label: string; color: string }> = {
  available: { label: 'available', color: 'teal' },
  booked: { label: 'booked', color: 'yellow' },
  sold: { label: 'sold', color: 'gray' },
};
