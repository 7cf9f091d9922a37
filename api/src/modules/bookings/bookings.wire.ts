import { bookingActions, type BookingActor, type BookingState } from 'shared-contracts/booking-lifecycle';
import type { Booking, BookingMoveResult, MyBuyer } from 'shared-contracts/bookings';
import type { SalesStatus } from 'shared-contracts/sales-status';
import type { UserRow } from '../../db/schema/index';
import { fromCents } from '../../lib/money';
import { resolveAssetUrl } from '../../lib/http';
import type { buyerBookingsPageQuery, MyBuyerSqlRow } from './bookings.repository';

/** How booking rows become the API's answers (shared-contracts/bookings.ts). */

type BuyerBookingRow = Awaited<ReturnType<typeof buyerBookingsPageQuery>>[number];

/** A row of My Orders: the buyer's moves, or none for an admin reading someone's orders (look, not act). */
export function toBooking(
  { booking, product, buyer }: BuyerBookingRow,
  publicApiUrl: string,
  caller: UserRow,
): Booking {
  return {
    _id: booking.id,
    productId: product.id,
    name: buyer.name,
    email: buyer.email,
    productName: product.name,
    image: resolveAssetUrl(product.imageUrl, publicApiUrl),
    price: fromCents(booking.agreedPriceCents ?? product.priceCents),
    phone: booking.phone,
    place: booking.place,
    date: booking.createdAt.toISOString(),
    paid: booking.paid,
    status: product.status,
    state: booking.state,
    stateChangedAt: booking.stateChangedAt.toISOString(),
    // The buyer's moves; an admin reading someone's orders may look, not act.
    actions: booking.buyerId === caller.id ? bookingActions(booking.state, 'buyer') : [],
  };
}

/** A row of My Buyers: a booking with the seller's moves, or a paid payment (final, no moves). */
export function toMyBuyer(r: MyBuyerSqlRow): MyBuyer {
  return {
    _id: r.id,
    kind: r.kind,
    productId: r.product_id,
    productName: r.product_name,
    name: r.name,
    email: r.email,
    phone: r.phone,
    place: r.place,
    price: fromCents(Number(r.price_cents)),
    paid: Boolean(r.paid),
    date: new Date(r.date).toISOString(),
    state: r.state,
    // The seller's moves; a payment row has none (the sale is final).
    actions: r.kind === 'booking' ? bookingActions(r.state, 'seller') : [],
  };
}

/** The answer to a move: the new state, the mover's next moves, the listing's status after it. */
export function toMoveResult(moved: {
  id: string;
  state: BookingState;
  actor: BookingActor;
  status: SalesStatus;
}): BookingMoveResult {
  return {
    _id: moved.id,
    state: moved.state,
    actions: bookingActions(moved.state, moved.actor),
    status: moved.status,
  };
}
