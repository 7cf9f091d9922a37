import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { PaginationQuery } from 'shared-contracts/pagination';
import type { Database } from '../../db/index';
import { adverts, products, users } from '../../db/schema/index';
import { newId } from '../../lib/ids';
import { pageWindow } from '../../lib/http';
import { listedCondition, productQuery } from '../products/products.repository';

/** Every read and write of adverts, in SQL (pagination included); listings through the products repository. */

/** The listing to advertise (not removed): its seller and sales status, or null. */
export async function findListingToAdvertise(db: Database, productId: string) {
  const [product] = await db
    .select({ id: products.id, sellerId: products.sellerId, status: products.status })
    .from(products)
    .where(and(eq(products.id, productId), sql`${products.deletedAt} is null`))
    .limit(1);
  return product ?? null;
}

/** Advertises the listing; null when it is advertised already (one advert per listing). */
export async function insertAdvert(db: Database, productId: string): Promise<string | null> {
  const inserted = await db
    .insert(adverts)
    .values({ id: newId(), productId })
    .onConflictDoNothing({ target: adverts.productId })
    .returning({ id: adverts.id });
  return inserted[0]?.id ?? null;
}

/**
 * One page of the advertised strip, newest advert first, and its total. Sold products drop out of
 * it; booked ones stay (they can still be paid).
 */
export async function listAdvertised(db: Database, query: PaginationQuery) {
  const where = and(listedCondition, sql`${products.status} <> 'sold'`, sql`${adverts.id} is not null`);
  const { limit, offset } = pageWindow(query);
  const rows = await productQuery(db)
    .where(where)
    .orderBy(desc(adverts.createdAt), desc(adverts.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db
    .select({ n: count() })
    .from(adverts)
    .innerJoin(products, eq(products.id, adverts.productId))
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}
