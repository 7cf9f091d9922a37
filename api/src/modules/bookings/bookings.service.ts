import type { BookingsQuery, MyBuyersQuery } from 'shared-contracts/bookings';
import { refuseIfBlocked } from '../blocks/blocks.service';
import { canBeBooked } from 'shared-contracts/sales-status';
import type { Database } from '../../db/index';
import type { UserRow } from '../../db/schema/index';
import { requireOwner } from '../../auth/access';
import { conflict, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { notify } from '../notifications/notifications.service';
import { agreedPrice } from '../offers/offers.service';
import {
  BOOKINGS_PAGE,
  expireOverdueRequests,
  refreshListingStatus,
  type LifecycleDeps,
} from './bookings.lifecycle';
import {
  findStandingBooking,
  insertBooking,
  listBuyerBookings,
  listMyBuyers,
  lockListingToBook,
} from './bookings.repository';

/** What a booking takes from the request, once the route has resolved the listing's id. */
export interface BookingInput {
  productId: string;
  phone: string;
  place: string;
}

/**
 * A booking takes only product, phone and place from the request; the buyer's name and e-mail
 * and the product's name and price are read from the database when presented.
 * It starts as a request (docs/product.md#booking-lifecycle) the seller is told of. A request
 * leaves the listing's status as it is — available, or booked while the seller has accepted
 * someone else's booking (other buyers may still ask, in case that one falls through); a sold
 * laptop cannot be booked (shared-contracts/sales-status.ts).
 */
export async function createBooking(
  db: Database,
  deps: LifecycleDeps,
  buyer: UserRow,
  input: BookingInput,
): Promise<string> {
  return db.transaction(async (tx) => {
    const product = await lockListingToBook(tx, input.productId);
    if (!product || product.sellerDeleted)
      throw notFound(`No product with id ${input.productId}`, 'product_not_found');
    // docs/product.md#booking-and-payment: nobody books their own laptop (the page offers no button).
    if (product.sellerId === buyer.id) throw conflict('You cannot book your own listing', 'own_listing');
    await refuseIfBlocked(tx, buyer.id, product.sellerId);
    if (!canBeBooked(product.status)) throw conflict('This product has already been sold', 'product_sold');
    // A request that expired or was withdrawn is over: the buyer may ask again.
    const existing = await findStandingBooking(tx, product.id, buyer.id);
    if (existing) throw conflict('You have already booked this product', 'already_booked');
    const id = newId();
    await insertBooking(tx, {
      id,
      buyerId: buyer.id,
      productId: product.id,
      sellerId: product.sellerId,
      phone: input.phone,
      place: input.place,
      // An accepted offer that still holds its price is this booking's price (docs/product.md#offers).
      agreedPriceCents: await agreedPrice(tx, product.id, buyer.id, deps.now()),
      stateChangedAt: deps.now(),
    });
    await refreshListingStatus(tx, product.id);
    await notify(tx, deps.mailer, {
      userId: product.sellerId,
      kind: 'booking-requested',
      params: { productId: product.id, productName: product.name, actorName: buyer.name, bookingId: id },
      link: BOOKINGS_PAGE.seller,
    });
    return id;
  });
}

/**
 * GET /bookings: My Orders of the user with this e-mail (the caller's when none is given); only an
 * admin reads someone else's. Requests past their three days are expired before the read, so the
 * list is never stale.
 */
export async function listBookingsOf(
  db: Database,
  deps: LifecycleDeps,
  caller: UserRow,
  query: BookingsQuery,
) {
  const email = query.email?.toLowerCase() ?? caller.email;
  requireOwner(caller, { email }, 'You can only read your own bookings', { admin: true });
  await expireOverdueRequests(db, deps);
  return listBuyerBookings(db, email, query);
}

/** GET /my-buyers: the bookings and paid payments of the seller's listings, requests expired first. */
export async function listMyBuyersOf(
  db: Database,
  deps: LifecycleDeps,
  seller: UserRow,
  query: MyBuyersQuery,
) {
  await expireOverdueRequests(db, deps);
  return listMyBuyers(db, seller.id, query);
}
