import {
  OFFER_TTL_MS,
  minimumOfferTaka,
  offerTransition,
  type OfferActor,
  type OfferMove,
} from 'shared-contracts/offer-lifecycle';
import { counterOfferSchemaFor, type MakeOffer, type OffersQuery } from 'shared-contracts/offers';
import type { NotificationKind } from 'shared-contracts/notifications';
import type { Language } from 'shared-contracts/locale';
import { plainTaka } from 'shared-contracts/plain-numbers';
import { canBeBooked } from 'shared-contracts/sales-status';
import type { Database, Executor } from '../../db/index';
import type { UserRow } from '../../db/schema/index';
import { owns } from '../../auth/access';
import { conflict, forbidden, HttpError, isUniqueViolation, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { fromCents, toCents } from '../../lib/money';
import type { LifecycleDeps } from '../bookings/bookings.lifecycle';
import { refuseIfBlocked } from '../blocks/blocks.service';
import { postDealMessage } from '../conversations/conversations.service';
import { notify } from '../notifications/notifications.service';
import { listingName } from '../products/products.repository';
import {
  anyOfferDue,
  bookedOfferPrice,
  closeOffersOfListing,
  closeOffersOnSale,
  expireOffersDue,
  findLiveOffer,
  findOfferWithParties,
  heldOfferPrice,
  insertOffer,
  latestOfferOf,
  listOffers,
  lockListingForOffer,
  lockOffer,
  moveOffer,
  offerListingId,
  type OfferSide,
} from './offers.repository';

/**
 * Offers and counter-offers (docs/product.md#offers): the buyer names a price, the seller accepts,
 * declines or counters, the buyer answers a counter. Every move asks
 * shared-contracts/offer-lifecycle.ts whether it may happen; an accepted offer is the price of
 * that buyer's booking and online payment while it holds (agreedPrice below).
 */

/** Where each side follows their offers: the bell's link. */
export const OFFERS_PAGE = {
  buyer: '/dashboard/my-offers',
  seller: '/dashboard/offers-received',
} as const;

/** The line each step writes in the conversation, in the writer's language (the page's). */
const DEAL_LINES: Record<Language, Record<'made' | OfferMove, (price: string) => string>> = {
  en: {
    made: (price) => `I offer ${price} for this laptop.`,
    counter: (price) => `I can sell it for ${price}.`,
    accept: (price) => `I accept ${price}.`,
    decline: (price) => `I decline the offer of ${price}.`,
  },
  bn: {
    made: (price) => `এই ল্যাপটপের জন্য আমি ${price} প্রস্তাব করছি।`,
    counter: (price) => `আমি এটি ${price}-এ বিক্রি করতে পারি।`,
    accept: (price) => `আমি ${price} মেনে নিচ্ছি।`,
    decline: (price) => `আমি ${price}-এর প্রস্তাবটি ফিরিয়ে দিচ্ছি।`,
  },
};
const dealLine = (language: Language, step: 'made' | OfferMove, cents: number) =>
  DEAL_LINES[language][step](plainTaka(fromCents(cents), language) ?? String(fromCents(cents)));

const takaWords = (taka: number) => plainTaka(taka, 'en') ?? `৳${taka}`;

const NOTICE: Record<OfferMove, NotificationKind> = {
  accept: 'offer-accepted',
  decline: 'offer-declined',
  counter: 'offer-countered',
};

/**
 * Expires the offers past their 48 hours by `deps.now()`: the one who waited for an answer hears
 * of it (the buyer of an unanswered offer or of a lapsed acceptance, the seller of an unanswered
 * counter-offer). Run by every API process on an interval (plugins/expiry-sweeps.ts) and before
 * every read and move, so nobody sees or acts on an overdue offer.
 */
export async function expireOverdueOffers(db: Database, deps: LifecycleDeps): Promise<number> {
  const now = deps.now();
  if (!(await anyOfferDue(db, now))) return 0;
  return db.transaction(async (tx) => {
    const expired = await expireOffersDue(tx, now);
    for (const row of expired) {
      const productName = await listingName(tx, row.productId);
      const waiting: OfferActor = row.state === 'countered' ? 'seller' : 'buyer';
      await notify(tx, deps.mailer, {
        userId: waiting === 'buyer' ? row.buyerId : row.sellerId,
        kind: 'offer-expired',
        params: { productId: row.productId, productName },
        link: OFFERS_PAGE[waiting],
      });
    }
    return expired.length;
  });
}

const offerExists = () => conflict('You already have an open offer on this laptop', 'offer_exists');

/** POST /offers: the buyer's price, at least half the asking price and at most the asking price. */
export async function makeOffer(
  db: Database,
  deps: LifecycleDeps,
  buyer: UserRow,
  input: MakeOffer,
  language: Language,
): Promise<string> {
  await expireOverdueOffers(db, deps);
  const now = deps.now();
  try {
    return await db.transaction(async (tx) => {
      const product = await lockListingForOffer(tx, input.productId);
      if (!product) throw notFound(`No product with id ${input.productId}`, 'product_not_found');
      if (product.sellerId === buyer.id)
        throw conflict('You cannot make an offer on your own listing', 'own_listing');
      await refuseIfBlocked(tx, buyer.id, product.sellerId);
      if (!canBeBooked(product.status)) throw conflict('This product has already been sold', 'product_sold');
      const asking = fromCents(product.priceCents);
      const minimum = minimumOfferTaka(asking);
      if (input.amount < minimum)
        throw new HttpError(
          400,
          'offer_too_low',
          `An offer must be at least half the asking price: ${takaWords(minimum)}`,
          { minimum },
        );
      if (toCents(input.amount) > product.priceCents)
        throw new HttpError(
          400,
          'offer_above_price',
          `An offer cannot be above the asking price of ${takaWords(asking)}: book or buy at that price instead`,
          { price: asking },
        );
      if (await findLiveOffer(tx, product.id, buyer.id)) throw offerExists();
      const id = newId();
      const amountCents = toCents(input.amount);
      await insertOffer(tx, {
        id,
        productId: product.id,
        buyerId: buyer.id,
        sellerId: product.sellerId,
        amountCents,
        state: 'pending',
        expiresAt: new Date(now.getTime() + OFFER_TTL_MS),
        stateChangedAt: now,
        createdAt: now,
      });
      await postDealMessage(tx, {
        productId: product.id,
        buyerId: buyer.id,
        sellerId: product.sellerId,
        senderId: buyer.id,
        body: dealLine(language, 'made', amountCents),
      });
      await notify(tx, deps.mailer, {
        userId: product.sellerId,
        kind: 'offer-made',
        params: {
          productId: product.id,
          productName: product.name,
          actorName: buyer.name,
          price: input.amount,
        },
        link: OFFERS_PAGE.seller,
      });
      return id;
    });
  } catch (err) {
    // Two offers sent at once: the unique index keeps one, the other is told as if it came second.
    if (isUniqueViolation(err, 'offers_one_live_per_buyer_idx')) throw offerExists();
    throw err;
  }
}

/**
 * POST /offers/{id}/accept | decline | counter. 404 for an unknown offer, 403 for anyone but its
 * buyer and seller (an admin too) and for the wrong side, 409 for a state the move does not leave
 * (an expired offer cannot be accepted), 400 for a counter-offer outside its bounds. The offer's
 * row is locked and the update is conditional on its state, so of two moves at once one stands.
 */
export async function moveOfferBy(
  db: Database,
  deps: LifecycleDeps,
  caller: UserRow,
  offerId: string,
  move: OfferMove,
  counterTaka: number | undefined,
  language: Language,
) {
  await expireOverdueOffers(db, deps);
  const now = deps.now();
  await db.transaction(async (tx) => {
    const productId = await offerListingId(tx, offerId);
    if (!productId) throw notFound(`No offer with id ${offerId}`, 'offer_not_found');
    const product = await lockListingForOffer(tx, productId);
    const offer = await lockOffer(tx, offerId);
    if (!offer) throw notFound(`No offer with id ${offerId}`, 'offer_not_found');
    const actor: OfferActor | null = owns(caller, { id: offer.buyerId })
      ? 'buyer'
      : owns(caller, { id: offer.sellerId })
        ? 'seller'
        : null;
    if (!actor)
      throw forbidden('Only the buyer or the seller of this offer can answer it', 'not_offer_participant');
    const verdict = offerTransition(offer.state, move, actor);
    if (!verdict.ok) {
      if (verdict.reason === 'wrong-actor') throw forbidden(verdict.message, 'offer_wrong_side');
      throw conflict(verdict.message, 'offer_state', { state: offer.state });
    }
    if (!product) throw notFound(`No product with id ${productId}`, 'product_not_found');
    // A block stops the bargaining too; declining stays possible, so an offer can still end.
    if (move !== 'decline') await refuseIfBlocked(tx, offer.buyerId, offer.sellerId);
    if (!canBeBooked(product.status)) throw conflict('This product has already been sold', 'product_sold');
    let counterCents: number | undefined;
    if (move === 'counter') {
      const counter = toCents(counterTaka ?? 0);
      const bounds = counterOfferSchemaFor(fromCents(offer.amountCents), fromCents(product.priceCents));
      if (!bounds.safeParse({ amount: counterTaka }).success)
        throw new HttpError(
          400,
          'counter_out_of_range',
          `A counter-offer must be from the buyer's offer of ${takaWords(fromCents(offer.amountCents))} up to the asking price of ${takaWords(fromCents(product.priceCents))}`,
          { offer: fromCents(offer.amountCents), price: fromCents(product.priceCents) },
        );
      counterCents = counter;
    }
    const agreedCents = move === 'accept' ? (offer.counterCents ?? offer.amountCents) : undefined;
    const moved = await moveOffer(tx, offer.id, offer.state, {
      state: verdict.to,
      stateChangedAt: now,
      ...(counterCents !== undefined ? { counterCents } : {}),
      ...(agreedCents !== undefined ? { agreedCents } : {}),
      // A counter-offer waits 48 hours for the buyer; an acceptance holds the price 48 hours.
      ...(move === 'decline' ? {} : { expiresAt: new Date(now.getTime() + OFFER_TTL_MS) }),
    });
    if (!moved)
      throw conflict('This offer changed meanwhile; reload and try again', 'offer_state', {
        state: offer.state,
      });
    const priceOfStep = counterCents ?? agreedCents ?? offer.counterCents ?? offer.amountCents;
    await postDealMessage(tx, {
      productId: offer.productId,
      buyerId: offer.buyerId,
      sellerId: offer.sellerId,
      senderId: caller.id,
      body: dealLine(language, move, priceOfStep),
    });
    const other: OfferActor = actor === 'buyer' ? 'seller' : 'buyer';
    await notify(tx, deps.mailer, {
      userId: other === 'buyer' ? offer.buyerId : offer.sellerId,
      kind: NOTICE[move],
      params: {
        productId: offer.productId,
        productName: product.name,
        actorName: caller.name,
        price: fromCents(priceOfStep),
      },
      link: OFFERS_PAGE[other],
    });
  });
  return (await findOfferWithParties(db, offerId))!;
}

/** GET /offers and /offers/received: one page of the caller's offers as buyer or as seller. */
export async function offersOf(
  db: Database,
  deps: LifecycleDeps,
  side: OfferSide,
  user: UserRow,
  query: OffersQuery,
) {
  await expireOverdueOffers(db, deps);
  return listOffers(db, side, user.id, query);
}

/** GET /offers/mine: the buyer's newest offer on a listing and the lowest offer it takes. */
export async function myOfferOn(db: Database, deps: LifecycleDeps, buyer: UserRow, productId: string) {
  await expireOverdueOffers(db, deps);
  const product = await lockListingForOffer(db, productId).catch(() => null);
  if (!product) throw notFound(`No product with id ${productId}`, 'product_not_found');
  return {
    offer: await latestOfferOf(db, productId, buyer.id),
    minimum: minimumOfferTaka(fromCents(product.priceCents)),
  };
}

/**
 * The price `buyerId` pays for the listing (cents), if an accepted offer sets it: the offer while
 * its acceptance holds, then the open booking they made at that price while it held. Null means
 * the listing's own price. Bookings and payments call it; never a price the browser sends.
 */
export async function agreedPrice(tx: Executor, productId: string, buyerId: string, now: Date) {
  return (
    (await heldOfferPrice(tx, productId, buyerId, now)) ?? (await bookedOfferPrice(tx, productId, buyerId))
  );
}

/**
 * A laptop just sold to `buyerId`, inside the sale's transaction: that buyer's accepted offer ends
 * in the sale, every other live offer of it is closed and its buyer told.
 */
export async function closeOffersOfSale(
  tx: Executor,
  deps: LifecycleDeps,
  sale: { productId: string; productName: string | undefined; buyerId: string },
) {
  const closed = await closeOffersOnSale(tx, sale.productId, sale.buyerId, deps.now());
  await tellOffersClosed(tx, deps, closed, 'offer-closed', sale);
}

/** Tells each buyer whose offer a sale or a removal closed, and why. */
async function tellOffersClosed(
  tx: Executor,
  deps: LifecycleDeps,
  closed: { buyerId: string }[],
  kind: 'offer-closed' | 'offer-withdrawn',
  listing: { productId: string; productName: string | undefined },
) {
  for (const row of closed) {
    await notify(tx, deps.mailer, {
      userId: row.buyerId,
      kind,
      params: { productId: listing.productId, productName: listing.productName },
      link: OFFERS_PAGE.buyer,
    });
  }
}

/**
 * A listing its seller (or an operator) just removed, inside the removal's transaction: its live
 * offers close as a sale closes them, and their buyers hear why (docs/product.md#offers).
 */
export async function closeOffersOfRemovedListing(
  tx: Executor,
  deps: LifecycleDeps,
  listing: { productId: string; productName: string },
) {
  const closed = await closeOffersOfListing(tx, listing.productId, deps.now());
  await tellOffersClosed(tx, deps, closed, 'offer-withdrawn', listing);
}
