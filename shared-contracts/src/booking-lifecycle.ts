/**
 * A booking's life, from the buyer's request to the handover (docs/product.md#booking-lifecycle),
 * as ONE table the API applies on every route and the web reads to show each state and the
 * actions it allows. Zod-free, like sales-status.ts, which derives the listing's status from its
 * bookings (listingStatusFromBookings).
 *
 *   requested ──accept (seller)──► accepted ──complete (seller)──► completed
 *       │ decline (seller) ► declined   │ cancel (buyer or seller) ► cancelled
 *       │ cancel (buyer)   ► cancelled  │
 *       │ expire (clock, 3 days) ► expired
 *       └─ payment confirmed ─► paid ◄──┘ payment confirmed
 *   requested / accepted ──listing sold to someone else──► cancelled
 *   paid ──payment refunded (the order's money went back, order-lifecycle.ts)──► cancelled
 *
 * declined, expired, cancelled and completed are final; paid ends only by a refund.
 */
export const BookingStates = [
  'requested',
  'accepted',
  'declined',
  'expired',
  'cancelled',
  'completed',
  'paid',
] as const;
export type BookingState = (typeof BookingStates)[number];

export const BookingEvents = [
  'accept',
  'decline',
  'cancel',
  'complete',
  'expire',
  'payment-confirmed',
  'listing-sold',
  'payment-refunded',
] as const;
export type BookingEvent = (typeof BookingEvents)[number];

/** The moves a person makes through the API (POST /bookings/{id}/<move>); the others are the site's. */
export const BookingMoves = [
  'accept',
  'decline',
  'cancel',
  'complete',
] as const satisfies readonly BookingEvent[];
export type BookingMove = (typeof BookingMoves)[number];

/** Who causes an event: one of the two people, or the site itself (the clock, the gateway). */
export type BookingActor = 'buyer' | 'seller' | 'system';

/** A request the seller has not answered expires after three days. */
export const BOOKING_REQUEST_TTL_MS = 3 * 24 * 60 * 60 * 1000;

interface Transition {
  to: BookingState;
  by: readonly BookingActor[];
}

const TRANSITIONS: Record<BookingState, Partial<Record<BookingEvent, Transition>>> = {
  requested: {
    accept: { to: 'accepted', by: ['seller'] },
    decline: { to: 'declined', by: ['seller'] },
    cancel: { to: 'cancelled', by: ['buyer'] },
    expire: { to: 'expired', by: ['system'] },
    'payment-confirmed': { to: 'paid', by: ['system'] },
    'listing-sold': { to: 'cancelled', by: ['system'] },
  },
  accepted: {
    complete: { to: 'completed', by: ['seller'] },
    cancel: { to: 'cancelled', by: ['buyer', 'seller'] },
    'payment-confirmed': { to: 'paid', by: ['system'] },
    'listing-sold': { to: 'cancelled', by: ['system'] },
  },
  declined: {},
  expired: {},
  cancelled: {},
  completed: {},
  paid: {
    'payment-refunded': { to: 'cancelled', by: ['system'] },
  },
};

export type BookingTransitionResult =
  { ok: true; to: BookingState } | { ok: false; reason: 'wrong-state' | 'wrong-actor'; message: string };

const DONE: Record<BookingState, string> = {
  requested: 'is still waiting for the seller',
  accepted: 'has already been accepted',
  declined: 'has been declined',
  expired: 'has expired',
  cancelled: 'has been cancelled',
  completed: 'has already been completed',
  paid: 'has already been paid',
};

const VERB: Record<BookingEvent, string> = {
  accept: 'accepted',
  decline: 'declined',
  cancel: 'cancelled',
  complete: 'marked as handed over',
  expire: 'expired',
  'payment-confirmed': 'paid',
  'listing-sold': 'closed',
  'payment-refunded': 'refunded',
};

/** What `event` by `actor` does to a booking in `state`: the new state, or why not (a 409 or 403). */
export function bookingTransition(
  state: BookingState,
  event: BookingEvent,
  actor: BookingActor,
): BookingTransitionResult {
  const transition = TRANSITIONS[state][event];
  if (!transition)
    return {
      ok: false,
      reason: 'wrong-state',
      message: `This booking ${DONE[state]}, so it cannot be ${VERB[event]}`,
    };
  if (!transition.by.includes(actor))
    return {
      ok: false,
      reason: 'wrong-actor',
      message: `Only the ${transition.by.filter((b) => b !== 'system').join(' or ') || 'site'} can do that`,
    };
  return { ok: true, to: transition.to };
}

/** The events `actor` may cause on a booking in `state`: the buttons a page shows. */
export function bookingActions(state: BookingState, actor: BookingActor): BookingEvent[] {
  return BookingEvents.filter((event) => TRANSITIONS[state][event]?.by.includes(actor));
}

/** The states from which `event` can happen (for a conditional update in SQL). */
export function bookingStatesAllowing(event: BookingEvent): BookingState[] {
  return BookingStates.filter((state) => TRANSITIONS[state][event] !== undefined);
}

/** A state nothing can change any more. */
export const isFinalBookingState = (state: BookingState): boolean =>
  BookingEvents.every((event) => TRANSITIONS[state][event] === undefined);

/** Whether a booking requested at `requestedAt` has waited too long for an answer by `now`. */
export function isRequestOverdue(state: BookingState, requestedAt: Date, now: Date): boolean {
  return state === 'requested' && now.getTime() - requestedAt.getTime() >= BOOKING_REQUEST_TTL_MS;
}

/** How a badge shows each state: the same word and colour on every page. */
export const BOOKING_STATE_BADGE: Record<BookingState, { label: string; color: string }> = {
  requested: { label: 'requested', color: 'blue' },
  accepted: { label: 'accepted', color: 'teal' },
  declined: { label: 'declined', color: 'red' },
  expired: { label: 'expired', color: 'gray' },
  cancelled: { label: 'cancelled', color: 'gray' },
  completed: { label: 'completed', color: 'green' },
  paid: { label: 'paid', color: 'green' },
};
