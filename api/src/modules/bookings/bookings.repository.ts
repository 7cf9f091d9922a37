import { and, count, eq, inArray, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import {
  BookingSorts,
  MyBuyerSorts,
  type BookingsQuery,
  type MyBuyersQuery,
} from 'shared-contracts/bookings';
import {
  bookingStatesAllowing,
  type BookingEvent,
  type BookingState,
} from 'shared-contracts/booking-lifecycle';
import { queryBoolean, resolveListQuery } from 'shared-contracts/pagination';
import type { SalesStatus } from 'shared-contracts/sales-status';
import type { Database, Executor } from '../../db/index';
import { bookings, products, users } from '../../db/schema/index';
import { pageWindow } from '../../lib/http';
import { containsAny, containsPattern, countOf, orderByKeyThenId, rowsOf } from '../../lib/list-query';

/**
 * Every read and write of bookings (and of the listing's status they decide), in SQL, pagination
 * included: My Orders, My Buyers (one UNION ALL query), and the rows the lifecycle locks and moves.
 */

const bookingSortColumns = {
  date: bookings.createdAt,
  productName: sql`lower(${products.name})`,
  price: products.priceCents,
} as const;

export interface BookingsFilter {
  paid?: boolean;
  search?: string | null;
}

const buyerBookingsWhere = (buyerId: string, { paid, search }: BookingsFilter) =>
  and(
    eq(bookings.buyerId, buyerId),
    paid === undefined ? undefined : eq(bookings.paid, paid),
    containsAny(search ?? null, [products.name]),
  );

/** The SQL of one page of My Orders (built, not run: the EXPLAIN test reads it). */
export function buyerBookingsPageQuery(db: Database, buyerId: string, query: BookingsQuery) {
  const { sort, order, search } = resolveListQuery(BookingSorts, query);
  const { limit, offset } = pageWindow(query);
  return db
    .select({ booking: bookings, product: products, buyer: users })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.buyerId))
    .innerJoin(products, eq(products.id, bookings.productId))
    .where(buyerBookingsWhere(buyerId, { paid: queryBoolean(query.paid), search }))
    .orderBy(...orderByKeyThenId(bookingSortColumns[sort], bookings.id, order))
    .limit(limit)
    .offset(offset);
}

/** The buyer's bookings (paid or not, matching a search): My Orders' total and the summary cards. */
export async function countBuyerBookings(db: Database, buyerId: string, filter: BookingsFilter = {}) {
  const [row] = await db
    .select({ n: count() })
    .from(bookings)
    .innerJoin(products, eq(products.id, bookings.productId))
    .where(buyerBookingsWhere(buyerId, filter));
  return row?.n ?? 0;
}

/**
 * My Orders of the user with this e-mail. The buyer's id is looked up first, so the page walks
 * bookings_buyer_newest_idx in order instead of sorting every booking of the join.
 */
export async function listBuyerBookings(db: Database, email: string, query: BookingsQuery) {
  const [buyer] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (!buyer) return { rows: [], total: 0 };
  const rows = await buyerBookingsPageQuery(db, buyer.id, query);
  const { search } = resolveListQuery(BookingSorts, query);
  const total = await countBuyerBookings(db, buyer.id, { paid: queryBoolean(query.paid), search });
  return { rows, total };
}

export interface MyBuyersFilter {
  kind?: 'booking' | 'payment';
  state?: BookingState;
  search?: string | null;
}

/**
 * Each branch can end with its own ORDER BY … LIMIT (`top`): a page in date order needs at most
 * offset + limit rows of each, so the products and buyers are joined for those rows only, not for
 * every booking of a big seller. A count (`withDetails: false`) joins neither.
 */
interface BranchOptions {
  withDetails?: boolean;
  top?: { direction: SQL; rows: number };
}

/**
 * My Buyers: the bookings of the seller's products and their paid payments, as ONE query
 * (UNION ALL), so ordering, search, the kind filter and the page all happen in SQL
 * (docs/decisions/0030-dashboard-list-queries.md). The search and the filters sit inside each
 * branch, where the trigram and seller indexes can serve them.
 */

function myBuyersRows(
  sellerId: string,
  { kind, state, search }: MyBuyersFilter,
  options: BranchOptions = {},
): SQL {
  const pattern = search ? containsPattern(search) : null;
  // The product's name and the buyer are joined for the rows shown only; a count needs neither:
  // the seller is on the booking and the payment row (migration 0007).
  const joined = options.withDetails ?? true;
  // The search finds the matching buyers and products first, each by its trigram index, as arrays
  // the planner computes once: written as a join, or as IN (subquery) under an OR, it reads the
  // whole users table for each branch.
  const matches = (row: SQL) =>
    pattern
      ? sql` and (${row}.product_id = any(array(select id from products where seller_id = ${sellerId} and name ilike ${pattern}))
          or ${row}.buyer_id = any(array(select id from users where name ilike ${pattern} or email ilike ${pattern})))`
      : sql``;
  const top = (date: SQL, id: SQL) =>
    options.top
      ? sql` order by ${date} ${options.top.direction}, ${id} ${options.top.direction} limit ${options.top.rows}`
      : sql``;
  const bookingBranch = sql`(select 'booking' as kind, b.id, b.product_id,
      ${joined ? sql`p.name as product_name, u.name, u.email, coalesce(b.agreed_price_cents, p.price_cents) as price_cents` : sql`null as product_name, null as name, null as email, null::int as price_cents`},
      b.phone, b.place, b.paid, b.created_at as date, b.state
    from bookings b
    ${joined ? sql`join products p on p.id = b.product_id join users u on u.id = b.buyer_id` : sql``}
    where b.seller_id = ${sellerId}${state ? sql` and b.state = ${state}` : sql``}${matches(sql`b`)}${top(sql`b.created_at`, sql`b.id`)})`;
  const paymentRows = (alsoBooked: SQL) => sql`(select 'payment' as kind, pay.id, pay.product_id,
      ${joined ? sql`p.name as product_name, u.name, u.email` : sql`null as product_name, null as name, null as email`},
      pay.amount_cents as price_cents, null as phone, null as place, true as paid,
      coalesce(pay.paid_at, pay.created_at) as date, 'paid' as state
    from payments pay
    ${joined ? sql`join products p on p.id = pay.product_id join users u on u.id = pay.buyer_id` : sql``}
    where pay.seller_id = ${sellerId} and pay.status = 'paid'${matches(sql`pay`)}${alsoBooked}
    ${top(sql`coalesce(pay.paid_at, pay.created_at)`, sql`pay.id`)})`;
  // A payment row is a sale: it is in no other state than paid.
  const payments = state === undefined || state === 'paid';
  if (kind === 'payment') return paymentRows(payments ? sql`` : sql` and false`);
  if (kind === 'booking' || !payments) return bookingBranch;
  // One person buying one product is one row of the whole list: a payment whose buyer booked the
  // same laptop is already there as the paid booking (with the phone and place), so it is left out.
  return sql`${bookingBranch} union all ${paymentRows(sql` and not exists (
      select 1 from bookings paid_booking
      where paid_booking.product_id = pay.product_id and paid_booking.buyer_id = pay.buyer_id
        and paid_booking.paid)`)}`;
}

const myBuyerSortColumns = {
  date: sql`t.date`,
  name: sql`lower(t.name)`,
  productName: sql`lower(t.product_name)`,
  price: sql`t.price_cents`,
} as const;

/** The SQL of one page of My Buyers (built, not run: the EXPLAIN test reads it). */
export function myBuyersPageQuery(sellerId: string, query: MyBuyersQuery): SQL {
  const { sort, order, search } = resolveListQuery(MyBuyerSorts, query);
  const { limit, offset } = pageWindow(query);
  const direction = order === 'asc' ? sql`asc` : sql`desc`;
  // In date order each branch stops after the rows this page could need.
  const top = sort === 'date' ? { direction, rows: offset + limit } : undefined;
  return sql`select t.* from (${myBuyersRows(sellerId, { kind: query.kind, state: query.state, search }, { top })}) t
    order by ${myBuyerSortColumns[sort]} ${direction}, t.id ${direction}
    limit ${limit} offset ${offset}`;
}

export const myBuyersCountQuery = (sellerId: string, filter: MyBuyersFilter = {}): SQL =>
  sql`select count(*)::int as n from (${myBuyersRows(sellerId, filter, { withDetails: false })}) t`;

/** How many rows My Buyers has (of a kind, matching a search): its total and the summary card. */
export async function countMyBuyers(db: Database, sellerId: string, filter: MyBuyersFilter = {}) {
  return countOf(rowsOf<{ n: number }>(await db.execute(myBuyersCountQuery(sellerId, filter))));
}

export interface MyBuyerSqlRow {
  kind: 'booking' | 'payment';
  id: string;
  product_id: string;
  product_name: string;
  name: string;
  email: string;
  phone: string | null;
  place: string | null;
  price_cents: number;
  paid: boolean;
  date: Date | string;
  state: BookingState;
}

/** One page of My Buyers (bookings of the seller's listings and their paid payments) and the total. */
export async function listMyBuyers(db: Database, sellerId: string, query: MyBuyersQuery) {
  const rows = rowsOf<MyBuyerSqlRow>(await db.execute(myBuyersPageQuery(sellerId, query)));
  const { search } = resolveListQuery(MyBuyerSorts, query);
  const total = await countMyBuyers(db, sellerId, { kind: query.kind, state: query.state, search });
  return { rows, total };
}

/** The listing a booking request is for, locked with its seller's deletion (null when removed). */
export async function lockListingToBook(tx: Executor, productId: string) {
  const [product] = await tx
    .select({
      id: products.id,
      name: products.name,
      sellerId: products.sellerId,
      status: products.status,
      sellerDeleted: users.deletedAt,
    })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    // A held or refused listing is booked like one that does not exist.
    .where(
      and(
        eq(products.id, productId),
        sql`${products.deletedAt} is null`,
        sql`${products.reviewState} = 'published'`,
      ),
    )
    .limit(1)
    .for('update', { of: products });
  return product ?? null;
}

/**
 * The buyer's booking of this listing that still counts: a request that expired or was withdrawn
 * is over (the buyer may ask again); one the seller declined stays an answer
 * (docs/product.md#booking-lifecycle).
 */
export async function findStandingBooking(tx: Executor, productId: string, buyerId: string) {
  const [existing] = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.productId, productId),
        eq(bookings.buyerId, buyerId),
        notInArray(bookings.state, ['expired', 'cancelled']),
      ),
    )
    .limit(1);
  return existing ?? null;
}

export async function insertBooking(tx: Executor, row: typeof bookings.$inferInsert): Promise<void> {
  await tx.insert(bookings).values(row);
}

/** A listing's sales status (null when there is no such listing). */
export async function listingStatus(tx: Executor, productId: string): Promise<SalesStatus | null> {
  const [product] = await tx
    .select({ status: products.status })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  return product?.status ?? null;
}

/** The states of every booking of a listing (what its sales status is derived from). */
export async function bookingStatesOf(tx: Executor, productId: string): Promise<BookingState[]> {
  const rows = await tx
    .select({ state: bookings.state })
    .from(bookings)
    .where(eq(bookings.productId, productId));
  return rows.map((r) => r.state);
}

export async function setListingStatus(tx: Executor, productId: string, status: SalesStatus): Promise<void> {
  await tx
    .update(products)
    .set({ status, updatedAt: sql`now()` })
    .where(eq(products.id, productId));
}

/** The listing of a booking (null when there is no such booking), read without a lock. */
export async function bookingListingId(tx: Executor, bookingId: string): Promise<string | null> {
  const [found] = await tx
    .select({ productId: bookings.productId })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .limit(1);
  return found?.productId ?? null;
}

/** The listing a move is about, locked (before the booking: the order a payment takes them in). */
export async function lockListingForMove(tx: Executor, productId: string) {
  const [product] = await tx
    .select({ id: products.id, name: products.name, deletedAt: products.deletedAt })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1)
    .for('update');
  return product ?? null;
}

export async function lockBooking(tx: Executor, bookingId: string) {
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1).for('update');
  return booking ?? null;
}

/**
 * Moves a booking from `from` to `to` by `event`, only if it is still in `from` and `event` can
 * leave it (the row lock makes it so on PostgreSQL; this also holds where locks are not taken):
 * of two moves at once, the second changes nothing and gets false.
 */
export async function moveBooking(
  tx: Executor,
  bookingId: string,
  from: BookingState,
  to: BookingState,
  event: BookingEvent,
  now: Date,
): Promise<boolean> {
  const moved = await tx
    .update(bookings)
    .set({ state: to, paid: to === 'paid', stateChangedAt: now })
    .where(
      and(
        eq(bookings.id, bookingId),
        eq(bookings.state, from),
        inArray(bookings.state, bookingStatesAllowing(event)),
      ),
    )
    .returning({ id: bookings.id });
  return moved[0] !== undefined;
}

/** Whether any request waited for an answer since before `cutoff` (a partial index holds the open ones). */
export async function anyRequestDue(db: Database, cutoff: Date): Promise<boolean> {
  const [due] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(inArray(bookings.state, bookingStatesAllowing('expire')), lte(bookings.stateChangedAt, cutoff)),
    )
    .limit(1);
  return due !== undefined;
}

/** Expires every request that waited since before `cutoff`, in one conditional UPDATE. */
export async function expireRequestsDue(tx: Executor, cutoff: Date, now: Date) {
  return tx
    .update(bookings)
    .set({ state: 'expired', stateChangedAt: now })
    .where(
      and(inArray(bookings.state, bookingStatesAllowing('expire')), lte(bookings.stateChangedAt, cutoff)),
    )
    .returning({ id: bookings.id, buyerId: bookings.buyerId, productId: bookings.productId });
}

export async function userName(tx: Executor, userId: string): Promise<string | undefined> {
  const [user] = await tx.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return user?.name;
}

/** Cancels ('listing-sold') every open booking of a listing but the buyer's. */
export async function cancelOtherOpenBookings(tx: Executor, productId: string, buyerId: string, now: Date) {
  return tx
    .update(bookings)
    .set({ state: 'cancelled', stateChangedAt: now })
    .where(
      and(
        eq(bookings.productId, productId),
        sql`${bookings.buyerId} <> ${buyerId}`,
        inArray(bookings.state, bookingStatesAllowing('listing-sold')),
      ),
    )
    .returning({ id: bookings.id, buyerId: bookings.buyerId });
}

/** The payer's open booking of a listing becomes paid (none when they paid without booking). */
export async function markPayersBookingPaid(tx: Executor, productId: string, buyerId: string, now: Date) {
  return tx
    .update(bookings)
    .set({ state: 'paid', paid: true, stateChangedAt: now })
    .where(
      and(
        eq(bookings.productId, productId),
        eq(bookings.buyerId, buyerId),
        inArray(bookings.state, bookingStatesAllowing('payment-confirmed')),
      ),
    )
    .returning({ id: bookings.id });
}

/** A refunded order: the payer's paid booking of the laptop is cancelled ('payment-refunded'). */
export async function cancelPayersPaidBooking(tx: Executor, productId: string, buyerId: string, now: Date) {
  return tx
    .update(bookings)
    .set({ state: 'cancelled', paid: false, stateChangedAt: now })
    .where(
      and(
        eq(bookings.productId, productId),
        eq(bookings.buyerId, buyerId),
        inArray(bookings.state, bookingStatesAllowing('payment-refunded')),
      ),
    )
    .returning({ id: bookings.id });
}
