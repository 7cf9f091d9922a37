import { describe, expect, it } from 'vitest';
import {
  BOOKING_REQUEST_TTL_MS,
  bookingActions,
  bookingStatesAllowing,
  bookingTransition,
  BookingEvents,
  BookingStates,
  isFinalBookingState,
  isRequestOverdue,
  type BookingActor,
  type BookingEvent,
  type BookingState,
} from './booking-lifecycle';

// Every (state, event, actor) is either in this list of allowed moves or refused.
const ALLOWED: [BookingState, BookingEvent, BookingActor, BookingState][] = [
  ['requested', 'accept', 'seller', 'accepted'],
  ['requested', 'decline', 'seller', 'declined'],
  ['requested', 'cancel', 'buyer', 'cancelled'],
  ['requested', 'expire', 'system', 'expired'],
  ['requested', 'payment-confirmed', 'system', 'paid'],
  ['requested', 'listing-sold', 'system', 'cancelled'],
  ['accepted', 'complete', 'seller', 'completed'],
  ['accepted', 'cancel', 'buyer', 'cancelled'],
  ['accepted', 'cancel', 'seller', 'cancelled'],
  ['accepted', 'payment-confirmed', 'system', 'paid'],
  ['accepted', 'listing-sold', 'system', 'cancelled'],
  ['paid', 'payment-refunded', 'system', 'cancelled'],
];
const ACTORS: BookingActor[] = ['buyer', 'seller', 'system'];

describe('the booking lifecycle', () => {
  it('allows exactly the listed moves and refuses every other one with a reason', () => {
    for (const state of BookingStates)
      for (const event of BookingEvents)
        for (const actor of ACTORS) {
          const allowed = ALLOWED.find(([s, e, a]) => s === state && e === event && a === actor);
          const result = bookingTransition(state, event, actor);
          if (allowed) expect(result, `${state} ${event} by ${actor}`).toEqual({ ok: true, to: allowed[3] });
          else expect(result.ok, `${state} ${event} by ${actor}`).toBe(false);
        }
  });

  it('tells a wrong state from a wrong person, in words a person can act on', () => {
    expect(bookingTransition('declined', 'accept', 'seller')).toEqual({
      ok: false,
      reason: 'wrong-state',
      message: 'This booking has been declined, so it cannot be accepted',
    });
    expect(bookingTransition('requested', 'accept', 'buyer')).toEqual({
      ok: false,
      reason: 'wrong-actor',
      message: 'Only the seller can do that',
    });
    expect(bookingTransition('accepted', 'expire', 'system')).toMatchObject({ reason: 'wrong-state' });
  });

  it('lists the buttons each person gets in each state', () => {
    expect(bookingActions('requested', 'seller')).toEqual(['accept', 'decline']);
    expect(bookingActions('requested', 'buyer')).toEqual(['cancel']);
    expect(bookingActions('accepted', 'seller')).toEqual(['cancel', 'complete']);
    expect(bookingActions('accepted', 'buyer')).toEqual(['cancel']);
    for (const state of ['declined', 'expired', 'cancelled', 'completed'] as const)
      expect(isFinalBookingState(state)).toBe(true);
    // A paid booking ends only when the site refunds its order; no person has a move on it.
    expect(isFinalBookingState('paid')).toBe(false);
    for (const state of ['declined', 'expired', 'cancelled', 'completed', 'paid'] as const)
      expect([...bookingActions(state, 'buyer'), ...bookingActions(state, 'seller')]).toEqual([]);
    expect(bookingStatesAllowing('payment-confirmed')).toEqual(['requested', 'accepted']);
  });

  it('expires a request unanswered for three days, and nothing else', () => {
    const requestedAt = new Date('2026-11-01T10:00:00Z');
    const justBefore = new Date(requestedAt.getTime() + BOOKING_REQUEST_TTL_MS - 1);
    const atThreeDays = new Date(requestedAt.getTime() + BOOKING_REQUEST_TTL_MS);
    expect(isRequestOverdue('requested', requestedAt, justBefore)).toBe(false);
    expect(isRequestOverdue('requested', requestedAt, atThreeDays)).toBe(true);
    expect(isRequestOverdue('accepted', requestedAt, atThreeDays)).toBe(false);
  });
});
