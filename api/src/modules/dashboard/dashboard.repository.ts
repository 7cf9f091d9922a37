import { and, count, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/index';
import { adverts, payments, products } from '../../db/schema/index';

/**
 * The summary cards' counts that no list's total gives (the others are the lists' own count
 * functions, in the users, products, bookings and reports repositories).
 */

const n = async (q: Promise<{ n: number }[]>) => (await q)[0]?.n ?? 0;

/** Every listing not removed (the admin's Products card). */
export const countLiveProducts = (db: Database) =>
  n(db.select({ n: count() }).from(products).where(isNull(products.deletedAt)));

/** Paid online payments: all of them (the admin's card), or one buyer's. */
export const countPaidPayments = (db: Database, buyerId?: string) =>
  n(
    db
      .select({ n: count() })
      .from(payments)
      .where(
        and(eq(payments.status, 'paid'), buyerId === undefined ? undefined : eq(payments.buyerId, buyerId)),
      ),
  );

/** The seller's listings (not removed) that are advertised. */
export const countAdvertisedOf = (db: Database, sellerId: string) =>
  n(
    db
      .select({ n: count() })
      .from(adverts)
      .innerJoin(products, eq(products.id, adverts.productId))
      .where(and(eq(products.sellerId, sellerId), isNull(products.deletedAt))),
  );
