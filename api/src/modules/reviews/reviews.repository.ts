import { and, count, desc, eq, isNull, ne, sql, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PaginationQuery } from 'shared-contracts/pagination';
import { preparedRead, type Database, type Executor } from '../../db/index';
import {
  bookings,
  payments,
  products,
  reviews,
  sellerRatings,
  users,
  type ReviewRow,
} from '../../db/schema/index';
import { pageWindow } from '../../lib/http';
import { countProducts, listedCondition, productQuery } from '../products/products.repository';

/**
 * Every read and write of reviews, in SQL (pagination included), and the reads of the public
 * seller page (the seller, their rating, their available listings through the products repository).
 */

/**
 * The one rule of who may review (docs/product.md#reviews-and-seller-pages): the buyer's finished
 * deals — a booking handed over or paid (shared-contracts/src/booking-lifecycle.ts), or a
 * confirmed online payment without a booking — as rows (product_id, finished_at). Both
 * finishedDeal (may this buyer review?) and pendingReviews (what is left to review?) read it.
 */
function finishedDeals(buyerId: string) {
  return sql`(
    select ${bookings.productId} as product_id, ${bookings.stateChangedAt} as finished_at from ${bookings}
      where ${bookings.buyerId} = ${buyerId} and ${bookings.state} in ('completed', 'paid')
    union all
    select ${payments.productId}, coalesce(${payments.paidAt}, ${payments.updatedAt}) from ${payments}
      where ${payments.buyerId} = ${buyerId} and ${payments.status} = 'paid'
  )`;
}

/** The listing's seller and name when the buyer finished a deal for it, else null. */
export async function finishedDeal(tx: Executor, buyerId: string, productId: string) {
  const [deal] = await tx
    .select({ productId: products.id, productName: products.name, sellerId: products.sellerId })
    .from(products)
    .where(
      and(
        eq(products.id, productId),
        sql`exists (select 1 from ${finishedDeals(buyerId)} f where f.product_id = ${productId})`,
      ),
    )
    .limit(1);
  return deal ?? null;
}

export interface PendingReviewSqlRow {
  productId: string;
  productName: string;
  imageUrl: string;
  sellerId: string;
  sellerName: string;
  finishedAt: string | Date;
}

/**
 * A buyer's finished deals without a review yet, newest first (the dashboard's Reviews page).
 * Bounded: a buyer has few deals, and one page of them is plenty to act on.
 */
export async function pendingReviews(db: Database, buyerId: string): Promise<PendingReviewSqlRow[]> {
  const finished = finishedDeals(buyerId);
  const rows = (await db.execute(sql`
    select p.id as "productId", p.name as "productName", p.image_url as "imageUrl",
           p.seller_id as "sellerId", s.name as "sellerName", max(f.finished_at) as "finishedAt"
      from ${finished} f
      join ${products} p on p.id = f.product_id
      join ${users} s on s.id = p.seller_id
     where not exists (select 1 from ${reviews} r where r.product_id = p.id and r.buyer_id = ${buyerId})
     group by p.id, p.name, p.image_url, p.seller_id, s.name
     order by max(f.finished_at) desc, p.id
     limit 100`)) as unknown as { rows: PendingReviewSqlRow[] };
  return rows.rows;
}

const buyer = alias(users, 'review_buyer');
const seller = alias(users, 'review_seller');

export interface ReviewSqlRow {
  review: ReviewRow;
  productName: string;
  buyerName: string;
  sellerName: string;
}

/** One page of reviews, newest first, by the seller they are about or the buyer who wrote them. */
export async function listReviews(
  db: Database,
  by: { sellerId: string } | { buyerId: string },
  query: PaginationQuery,
): Promise<{ rows: ReviewSqlRow[]; total: number }> {
  const where = 'sellerId' in by ? eq(reviews.sellerId, by.sellerId) : eq(reviews.buyerId, by.buyerId);
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    db
      .select({ review: reviews, productName: products.name, buyerName: buyer.name, sellerName: seller.name })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .innerJoin(buyer, eq(buyer.id, reviews.buyerId))
      .innerJoin(seller, eq(seller.id, reviews.sellerId))
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(reviews).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** A live user who can have listings (a seller, or an admin who was one): the seller page's subject. */
export async function findPublicSeller(db: Database, id: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt), ne(users.role, 'buyer')))
    .limit(1);
  return row ?? null;
}

/** Writes the review; null when the buyer already reviewed it (the unique key (product, buyer)). */
export async function insertReview(tx: Executor, row: typeof reviews.$inferInsert) {
  const [inserted] = await tx.insert(reviews).values(row).onConflictDoNothing().returning({ id: reviews.id });
  return inserted?.id ?? null;
}

/** The review, locked for the rest of the transaction, or null. */
export async function lockReview(tx: Executor, id: string) {
  const [review] = await tx.select().from(reviews).where(eq(reviews.id, id)).limit(1).for('update');
  return review ?? null;
}

/** Stores the seller's answer unless one is there already. */
export async function answerOnce(tx: Executor, id: string, text: string) {
  await tx
    .update(reviews)
    .set({ answer: text, answeredAt: sql`now()` })
    .where(and(eq(reviews.id, id), sql`${reviews.answer} is null`));
}

const sellerListed = (sellerId: SQLWrapper | string) =>
  and(listedCondition, eq(products.sellerId, sellerId), eq(products.status, 'available'));

const sellerListingsRows = preparedRead('kept', (on) =>
  productQuery(on)
    .where(sellerListed(sql.placeholder('sellerId')))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset')),
);

/** A seller page's listings: their available, listed laptops, newest first, one page and the total. */
export async function sellerListingsPage(db: Database, sellerId: string, query: PaginationQuery) {
  const { limit, offset } = pageWindow(query);
  const [rows, total] = await Promise.all([
    sellerListingsRows(db, 'one', { sellerId, limit, offset }),
    countProducts(db, sellerListed(sellerId)),
  ]);
  return { rows, total, limit };
}

/** The seller's trigger-kept rating aggregate, or null before their first review. */
export async function findSellerRating(db: Database, sellerId: string) {
  const [rating] = await db.select().from(sellerRatings).where(eq(sellerRatings.sellerId, sellerId)).limit(1);
  return rating ?? null;
}
