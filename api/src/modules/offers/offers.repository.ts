import { aliasedTable, and, count, eq, inArray, lte, sql, gt, desc } from 'drizzle-orm';
import { LiveOfferStates, type OfferState } from 'shared-contracts/offer-lifecycle';
import { OfferSorts, type OffersQuery } from 'shared-contracts/offers';
import { resolveListQuery } from 'shared-contracts/pagination';
import type { Database, Executor } from '../../db/index';
import { bookings, offers, products, users } from '../../db/schema/index';
import { pageWindow } from '../../lib/http';
import { containsAny, orderByKeyThenId } from '../../lib/list-query';

/**
 * Every read and write of offers, in SQL, pagination included: My offers, Offers on my listings,
 * the rows a move locks, the expiry sweep, the sale that closes them, and the agreed price a
 * booking or a payment takes.
 */

const buyer = aliasedTable(users, 'offer_buyer');
const seller = aliasedTable(users, 'offer_seller');

/** The listing an offer is about, share-locked so a sale (which updates it) waits for the move. */
export async function lockListingForOffer(tx: Executor, productId: string) {
  const [product] = await tx
    .select({
      id: products.id,
      name: products.name,
      sellerId: products.sellerId,
      status: products.status,
      priceCents: products.priceCents,
    })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(
      and(
        eq(products.id, productId),
        sql`${products.deletedAt} is null`,
        sql`${users.deletedAt} is null`,
        // A held or refused listing answers as one that does not exist.
        sql`${products.reviewState} = 'published'`,
      ),
    )
    .limit(1)
    .for('share', { of: products });
  return product ?? null;
}

export async function insertOffer(tx: Executor, row: typeof offers.$inferInsert): Promise<void> {
  await tx.insert(offers).values(row);
}

/** The buyer's live offer on the listing (waiting, or accepted and holding its price), if any. */
export async function findLiveOffer(tx: Executor, productId: string, buyerId: string) {
  const [row] = await tx
    .select({ id: offers.id, state: offers.state })
    .from(offers)
    .where(
      and(
        eq(offers.productId, productId),
        eq(offers.buyerId, buyerId),
        inArray(offers.state, [...LiveOfferStates]),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function offerListingId(tx: Executor, offerId: string): Promise<string | null> {
  const [row] = await tx
    .select({ productId: offers.productId })
    .from(offers)
    .where(eq(offers.id, offerId))
    .limit(1);
  return row?.productId ?? null;
}

export async function lockOffer(tx: Executor, offerId: string) {
  const [row] = await tx.select().from(offers).where(eq(offers.id, offerId)).limit(1).for('update');
  return row ?? null;
}

/** Moves an offer on, only if it is still in `from`: of two moves at once, the second changes nothing. */
export async function moveOffer(
  tx: Executor,
  offerId: string,
  from: OfferState,
  patch: Partial<Pick<typeof offers.$inferInsert, 'state' | 'counterCents' | 'agreedCents' | 'expiresAt'>> & {
    state: OfferState;
    stateChangedAt: Date;
  },
): Promise<boolean> {
  const moved = await tx
    .update(offers)
    .set(patch)
    .where(and(eq(offers.id, offerId), eq(offers.state, from)))
    .returning({ id: offers.id });
  return moved.length === 1;
}

/** Whether any live offer is past its deadline: the sweep's cheap first look (a partial index). */
export async function anyOfferDue(db: Database, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: offers.id })
    .from(offers)
    .where(and(inArray(offers.state, [...LiveOfferStates]), lte(offers.expiresAt, now)))
    .limit(1);
  return row !== undefined;
}

/**
 * Expires the live offers past their deadline, answering each with the state it left. The rows
 * are locked first (skipping those another sweep holds), and the update is conditional on that
 * state, so each offer expires, and its people are told, once.
 */
export async function expireOffersDue(tx: Executor, now: Date) {
  const due = await tx
    .select({
      id: offers.id,
      productId: offers.productId,
      buyerId: offers.buyerId,
      sellerId: offers.sellerId,
      state: offers.state,
    })
    .from(offers)
    .where(and(inArray(offers.state, [...LiveOfferStates]), lte(offers.expiresAt, now)))
    .for('update', { skipLocked: true });
  const expired: typeof due = [];
  for (const row of due) {
    if (await moveOffer(tx, row.id, row.state, { state: 'expired', stateChangedAt: now })) expired.push(row);
  }
  return expired;
}

/**
 * A laptop just sold to `buyerId`: that buyer's accepted offer ends in the sale ('completed'),
 * every other live offer of it is 'closed'. Answers the closed ones, whose buyers are told.
 */
export async function closeOffersOnSale(tx: Executor, productId: string, buyerId: string, now: Date) {
  await tx
    .update(offers)
    .set({ state: 'completed', stateChangedAt: now })
    .where(and(eq(offers.productId, productId), eq(offers.buyerId, buyerId), eq(offers.state, 'accepted')));
  return closeOffersOfListing(tx, productId, now);
}

/** A listing sold or removed: every live offer of it is 'closed'. Answers them, whose buyers are told. */
export async function closeOffersOfListing(tx: Executor, productId: string, now: Date) {
  return tx
    .update(offers)
    .set({ state: 'closed', stateChangedAt: now })
    .where(and(eq(offers.productId, productId), inArray(offers.state, [...LiveOfferStates])))
    .returning({ id: offers.id, buyerId: offers.buyerId });
}

/** The price of the buyer's accepted offer on the listing while it holds (cents), else null. */
export async function heldOfferPrice(tx: Executor, productId: string, buyerId: string, now: Date) {
  const [row] = await tx
    .select({ agreedCents: offers.agreedCents })
    .from(offers)
    .where(
      and(
        eq(offers.productId, productId),
        eq(offers.buyerId, buyerId),
        eq(offers.state, 'accepted'),
        gt(offers.expiresAt, now),
      ),
    )
    .limit(1);
  return row?.agreedCents ?? null;
}

/** The agreed price an open booking of the buyer took from an accepted offer (cents), else null. */
export async function bookedOfferPrice(tx: Executor, productId: string, buyerId: string) {
  const [row] = await tx
    .select({ agreedPriceCents: bookings.agreedPriceCents })
    .from(bookings)
    .where(
      and(
        eq(bookings.productId, productId),
        eq(bookings.buyerId, buyerId),
        inArray(bookings.state, ['requested', 'accepted']),
        sql`${bookings.agreedPriceCents} is not null`,
      ),
    )
    .limit(1);
  return row?.agreedPriceCents ?? null;
}

const offerSortColumns = {
  date: offers.createdAt,
  productName: sql`lower(${products.name})`,
  amount: offers.amountCents,
} as const;

/** One offer with its listing and both people, as the lists and the answers show it. */
const offerWithParties = (db: Executor) =>
  db
    .select({ offer: offers, product: products, buyer, seller })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .innerJoin(buyer, eq(buyer.id, offers.buyerId))
    .innerJoin(seller, eq(seller.id, offers.sellerId));
export type OfferWithParties = Awaited<ReturnType<ReturnType<typeof offerWithParties>['execute']>>[number];

export async function findOfferWithParties(db: Executor, offerId: string) {
  const [row] = await offerWithParties(db).where(eq(offers.id, offerId)).limit(1);
  return row ?? null;
}

/** The buyer's newest offer on the listing (live or not), for the details page. */
export async function latestOfferOf(db: Executor, productId: string, buyerId: string) {
  const [row] = await offerWithParties(db)
    .where(and(eq(offers.productId, productId), eq(offers.buyerId, buyerId)))
    .orderBy(desc(offers.createdAt), desc(offers.id))
    .limit(1);
  return row ?? null;
}

/** Whose offers a list shows: the buyer's own (My offers) or those on the seller's listings. */
export type OfferSide = 'buyer' | 'seller';

const listWhere = (side: OfferSide, userId: string, state: OfferState | undefined, search: string | null) =>
  and(
    eq(side === 'buyer' ? offers.buyerId : offers.sellerId, userId),
    state ? eq(offers.state, state) : undefined,
    containsAny(search, [products.name]),
  );

/**
 * One page of a user's offers and how many match in all, sorted, searched and filtered in SQL
 * (docs/decisions/0030-dashboard-list-queries.md); newest first walks offers_<side>_newest_idx.
 */
export async function listOffers(db: Database, side: OfferSide, userId: string, query: OffersQuery) {
  const { sort, order, search } = resolveListQuery(OfferSorts, query);
  const { limit, offset } = pageWindow(query);
  const where = listWhere(side, userId, query.state, search);
  const rows = await offerWithParties(db)
    .where(where)
    .orderBy(...orderByKeyThenId(offerSortColumns[sort], offers.id, order))
    .limit(limit)
    .offset(offset);
  const [total] = await db
    .select({ n: count() })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}
