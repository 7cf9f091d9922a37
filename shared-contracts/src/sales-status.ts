/**
 * A listing's sales status and how it changes (docs/product.md#listings), in one place for the API,
 * which applies it, and the web, which shows it. Zod-free, so the catalog can import it as a value.
 *
 *   available ──booking──► booked ──payment confirmed──► sold
 *       └──────────────payment confirmed────────────────────┘
 *
 * A booking of a booked laptop keeps it booked (several buyers may book a meeting); nothing leaves
 * 'sold'. Who may book or pay is the API's business; this says only what the status becomes.
 */
export const SalesStatuses = ['available', 'booked', 'sold'] as const;
export type SalesStatus = (typeof SalesStatuses)[number];

export type SalesEvent = 'booking' | 'payment-confirmed';

const TRANSITIONS: Record<SalesStatus, Partial<Record<SalesEvent, SalesStatus>>> = {
  available: { booking: 'booked', 'payment-confirmed': 'sold' },
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
