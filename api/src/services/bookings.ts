import { and, count, eq, notInArray, sql, type SQL } from 'drizzle-orm';
import {
  BookingSorts,
  MyBuyerSorts,
  type BookingsQuery,
  type MyBuyersQuery,
} from 'shared-contracts/bookings';
import { queryBoolean, resolveListQuery } from 'shared-contracts/pagination';
import { canBeBooked } from 'shared-contracts/sales-status';
import type { Database } from '../db/index';
import { bookings, products, users, type UserRow } from '../db/schema/index';
import { conflict, notFound } from '../lib/errors';
import { pageWindow } from '../lib/http';
import { newId } from '../lib/ids';
import { containsAny, containsPattern, countOf, orderByKeyThenId, rowsOf } from '../lib/list-query';
import { fromCents } from '../lib/money';
import { bookingActions, type BookingState } from 'shared-contracts/booking-lifecycle';
import { BOOKINGS_PAGE, refreshListingStatus, type LifecycleDeps } from './booking-lifecycle';
import { notify } from './notifications';

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
      .where(and(eq(products.id, input.productId), sql`${products.deletedAt} is null`))
      .limit(1)
      .for('update', { of: products });
    if (!product || product.sellerDeleted)
      throw notFound(`No product with id ${input.productId}`, 'product_not_found');
    if (!canBeBooked(product.status)) throw conflict('This product has already been sold', 'product_sold');
    const [existing] = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(
          eq(bookings.productId, product.id),
          eq(bookings.buyerId, buyer.id),
          // A request that expired or was withdrawn is over: the buyer may ask again. One the
          // seller declined stays an answer (docs/product.md#booking-lifecycle).
          notInArray(bookings.state, ['expired', 'cancelled']),
        ),
      )
      .limit(1);
    if (existing) throw conflict('You have already booked this product', 'already_booked');
    const id = newId();
    await tx.insert(bookings).values({
      id,
      buyerId: buyer.id,
      productId: product.id,
      sellerId: product.sellerId,
      phone: input.phone,
      place: input.place,
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
      ${joined ? sql`p.name as product_name, u.name, u.email, p.price_cents` : sql`null as product_name, null as name, null as email, null::int as price_cents`},
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

interface MyBuyerSqlRow {
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

export async function listMyBuyers(db: Database, sellerId: string, query: MyBuyersQuery) {
  const rows = rowsOf<MyBuyerSqlRow>(await db.execute(myBuyersPageQuery(sellerId, query)));
  const { search } = resolveListQuery(MyBuyerSorts, query);
  const total = await countMyBuyers(db, sellerId, { kind: query.kind, state: query.state, search });
  return {
    total,
    rows: rows.map((r) => ({
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
    })),
  };
}
