import {
  BOOKING_REQUEST_TTL_MS,
  bookingTransition,
  type BookingActor,
  type BookingEvent,
  type BookingState,
} from 'shared-contracts/booking-lifecycle';
import { listingStatusFromBookings } from 'shared-contracts/sales-status';
import type { BookingMove } from 'shared-contracts/bookings';
import type { NotificationKind } from 'shared-contracts/notifications';
import type { Database, Executor } from '../../db/index';
import type { UserRow } from '../../db/schema/index';
import type { Mailer } from '../../email/mailer';
import { owns } from '../../auth/access';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { notifySavers } from '../saved/saved.service';
import { closeOffersOfSale } from '../offers/offers.service';
import { notify } from '../notifications/notifications.service';
import { listingName } from '../products/products.repository';
import {
  anyRequestDue,
  bookingListingId,
  bookingStatesOf,
  cancelOtherOpenBookings,
  cancelPayersPaidBooking,
  expireRequestsDue,
  listingStatus,
  lockBooking,
  lockListingForMove,
  markPayersBookingPaid,
  moveBooking,
  setListingStatus,
  userName,
} from './bookings.repository';

/**
 * The booking lifecycle as the API enforces it (docs/product.md#booking-lifecycle): every change of
 * a booking's state goes through here, and every one asks shared-contracts/booking-lifecycle.ts
 * whether it may happen, so the table there is the only list of states and moves.
 */

/** What a transition needs besides the database: the outbox and the clock (tests set both). */
export interface LifecycleDeps {
  mailer: Mailer;
  now: () => Date;
}

/** Where each side follows their bookings: the bell's link. */
export const BOOKINGS_PAGE = {
  buyer: '/dashboard/my-orders',
  seller: '/dashboard/my-buyers',
} as const;

const NOTICE: Record<Exclude<BookingEvent, 'payment-confirmed'>, NotificationKind> = {
  accept: 'booking-accepted',
  decline: 'booking-declined',
  cancel: 'booking-cancelled',
  complete: 'booking-completed',
  expire: 'booking-expired',
  'listing-sold': 'booking-cancelled',
  'payment-refunded': 'booking-cancelled',
};

/**
 * Sets the listing's status from its bookings, in the caller's transaction (the listing's row is
 * locked first by the caller). Nothing leaves 'sold': a laptop paid for by someone who never
 * booked is sold with no completed or paid booking.
 */
export async function refreshListingStatus(tx: Executor, productId: string): Promise<void> {
  const current = await listingStatus(tx, productId);
  if (!current || current === 'sold') return;
  const status = listingStatusFromBookings(await bookingStatesOf(tx, productId));
  if (status !== current) await setListingStatus(tx, productId, status);
}

const stateRefusal = (message: string, state: BookingState) => conflict(message, 'booking_state', { state });

/**
 * `caller` causes `event` on a booking: 404 for an unknown id, 403 unless the caller is its buyer
 * or seller and the lifecycle lets that side do it, 409 when the state does not allow it. The
 * booking's row is locked and the update is conditional on the states the event leaves from, so
 * of two moves at once (two tabs, two API processes) exactly one wins and the other gets the 409
 * of the state it finds. The listing's status follows in the same transaction, and the other side
 * is told.
 */
export async function transitionBooking(
  db: Database,
  deps: LifecycleDeps,
  caller: UserRow,
  bookingId: string,
  event: BookingMove,
) {
  const now = deps.now();
  // A request past its three days is expired first, so the answer is the one the lists show.
  await expireOverdueRequests(db, deps);
  return db.transaction(async (tx) => {
    const productId = await bookingListingId(tx, bookingId);
    if (!productId) throw notFound(`No booking with id ${bookingId}`, 'booking_not_found');
    // Listing first, then booking: the order a payment takes them in, so the two never deadlock.
    const product = await lockListingForMove(tx, productId);
    const booking = await lockBooking(tx, bookingId);
    if (!booking || !product) throw notFound(`No booking with id ${bookingId}`, 'booking_not_found');
    // Its participants, by the one ownership rule (auth/access.ts); an admin is neither.
    const actor: BookingActor | null = owns(caller, { id: booking.buyerId })
      ? 'buyer'
      : owns(caller, { id: booking.sellerId })
        ? 'seller'
        : null;
    if (!actor)
      throw forbidden(
        'Only the buyer or the seller of this booking can change it',
        'not_booking_participant',
      );
    const verdict = bookingTransition(booking.state, event, actor);
    if (!verdict.ok) {
      if (verdict.reason === 'wrong-actor') throw forbidden(verdict.message, 'booking_wrong_side');
      throw stateRefusal(verdict.message, booking.state);
    }
    if (event === 'accept' && product.deletedAt)
      throw conflict(
        'This listing has been withdrawn, so the booking cannot be accepted',
        'listing_withdrawn',
      );
    // Still the state the verdict was for: of two moves at once, the second changes nothing.
    const moved = await moveBooking(tx, booking.id, booking.state, verdict.to, event, now);
    if (!moved) throw stateRefusal('This booking changed meanwhile; reload and try again', booking.state);
    await refreshListingStatus(tx, product.id);
    if (verdict.to === 'completed')
      await closeSale(tx, deps, {
        productId: product.id,
        productName: product.name,
        buyerId: booking.buyerId,
      });
    const other = actor === 'buyer' ? 'seller' : 'buyer';
    await notify(tx, deps.mailer, {
      userId: other === 'buyer' ? booking.buyerId : booking.sellerId,
      kind: NOTICE[event],
      params: { productId: product.id, productName: product.name, actorName: caller.name, bookingId },
      link: BOOKINGS_PAGE[other],
    });
    const status = (await listingStatus(tx, product.id)) ?? 'available';
    return { id: booking.id, state: verdict.to, actor, status };
  });
}

/**
 * Expires the requests that waited BOOKING_REQUEST_TTL_MS for the seller by `deps.now()` and tells
 * each buyer. One conditional UPDATE: of two sweeps at once (the interval and a list read, or two
 * API processes) each request is expired, and its buyer told, once. The listing's status needs no
 * change: a request and an expired booking count the same for it (listingStatusFromBookings).
 */
export async function expireOverdueRequests(db: Database, deps: LifecycleDeps): Promise<number> {
  const now = deps.now();
  const cutoff = new Date(now.getTime() - BOOKING_REQUEST_TTL_MS);
  // Cheap when there is nothing to do: a partial index holds only the open requests.
  if (!(await anyRequestDue(db, cutoff))) return 0;
  return db.transaction(async (tx) => {
    const expired = await expireRequestsDue(tx, cutoff, now);
    for (const row of expired) {
      const productName = await listingName(tx, row.productId);
      await notify(tx, deps.mailer, {
        userId: row.buyerId,
        kind: NOTICE.expire,
        params: { productId: row.productId, productName, bookingId: row.id },
        link: BOOKINGS_PAGE.buyer,
      });
    }
    return expired.length;
  });
}

/**
 * A laptop just sold to `buyerId` (paid online, or handed over): every other open booking of it is
 * cancelled ('listing-sold') and its buyer told, its live offers end (docs/product.md#offers), and
 * whoever saved it hears it is gone (docs/product.md#saved-laptops).
 */
async function closeSale(
  tx: Executor,
  deps: LifecycleDeps,
  sale: { productId: string; productName: string | undefined; buyerId: string },
): Promise<void> {
  const closed = await cancelOtherOpenBookings(tx, sale.productId, sale.buyerId, deps.now());
  for (const row of closed) {
    await notify(tx, deps.mailer, {
      userId: row.buyerId,
      kind: NOTICE['listing-sold'],
      params: { productId: sale.productId, productName: sale.productName, bookingId: row.id },
      link: BOOKINGS_PAGE.buyer,
    });
  }
  await closeOffersOfSale(tx, deps, sale);
  await notifySavers(tx, deps.mailer, sale.productId, 'saved-sold', { productName: sale.productName });
}

/**
 * A confirmed payment, inside its transaction (modules/payments/payments.service.ts), after the listing was marked
 * sold: the payer's open booking becomes paid, every other open booking of the laptop is cancelled
 * ('listing-sold') and its buyer told, and the seller hears of the payment.
 */
export async function settleBookingsOnSale(
  tx: Executor,
  deps: LifecycleDeps,
  sale: { productId: string; buyerId: string; sellerId: string; price: number },
): Promise<void> {
  const now = deps.now();
  const productName = await listingName(tx, sale.productId);
  const payerName = await userName(tx, sale.buyerId);
  const paid = await markPayersBookingPaid(tx, sale.productId, sale.buyerId, now);
  await closeSale(tx, deps, { productId: sale.productId, productName, buyerId: sale.buyerId });
  await notify(tx, deps.mailer, {
    userId: sale.sellerId,
    kind: 'payment-received',
    params: {
      productId: sale.productId,
      productName,
      actorName: payerName,
      price: sale.price,
      ...(paid[0] ? { bookingId: paid[0].id } : {}),
    },
    link: BOOKINGS_PAGE.seller,
  });
}

/**
 * A paid order refunded (docs/product.md#money), inside its transaction: the payer's paid booking
 * is cancelled, and the laptop is for sale again unless it went to someone else meanwhile, its
 * status following the bookings that are left. Whoever saved it is not told: it was never gone
 * for long, and they see it listed again.
 */
export async function reopenListingAfterRefund(
  tx: Executor,
  deps: LifecycleDeps,
  sale: { productId: string; buyerId: string },
): Promise<void> {
  const now = deps.now();
  await lockListingForMove(tx, sale.productId);
  await cancelPayersPaidBooking(tx, sale.productId, sale.buyerId, now);
  const current = await listingStatus(tx, sale.productId);
  if (current !== 'sold') return;
  await setListingStatus(tx, sale.productId, 'available');
  await refreshListingStatus(tx, sale.productId);
}
