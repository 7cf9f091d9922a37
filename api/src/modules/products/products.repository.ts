import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { resolveListQuery, type PaginationQuery } from 'shared-contracts/pagination';
import { SellerProductSorts, type SalesStatus, type SellerProductsQuery } from 'shared-contracts/products';
import type { Database, Executor } from '../../db/index';
import { adverts, categories, products, sellerRatings, users } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import { pageWindow } from '../../lib/http';
import { containsAny, orderByKeyThenId } from '../../lib/list-query';

/**
 * Every read and write of listings, in SQL (pagination included): the routes and the service
 * never build a query of their own. Other modules that show listings (adverts, seller pages)
 * read them through productQuery and listedCondition.
 */
export const productColumns = {
  id: products.id,
  name: products.name,
  priceCents: products.priceCents,
  originalPriceCents: products.originalPriceCents,
  status: products.status,
  quality: products.quality,
  phone: products.phone,
  showContact: products.showContact,
  location: products.location,
  description: products.description,
  year: products.year,
  imageUrl: products.imageUrl,
  rating: products.rating,
  photoUrls: products.photoUrls,
  processor: products.processor,
  cpuFamily: products.cpuFamily,
  cpuLine: products.cpuLine,
  ramGb: products.ramGb,
  storageGb: products.storageGb,
  storageType: products.storageType,
  screenTenths: products.screenTenths,
  resolution: products.resolution,
  graphics: products.graphics,
  batteryHealthPercent: products.batteryHealthPercent,
  batteryHealthSource: products.batteryHealthSource,
  os: products.os,
  warrantyMonths: products.warrantyMonths,
  createdAt: products.createdAt,
  categoryId: products.categoryId,
  categoryName: categories.name,
  sellerId: products.sellerId,
  sellerEmail: users.email,
  sellerName: users.name,
  advertId: adverts.id,
  sellerRatingCount: sellerRatings.count,
  sellerRatingSum: sellerRatings.sum,
};

/** Listed = not deleted and its seller not deleted (a soft-deleted seller's listings disappear). */
export const listedCondition = and(isNull(products.deletedAt), isNull(users.deletedAt));

export function productQuery(db: Database) {
  return db
    .select(productColumns)
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(adverts, eq(adverts.productId, products.id))
    .leftJoin(sellerRatings, eq(sellerRatings.sellerId, products.sellerId));
}

export type ProductJoinRow = Awaited<ReturnType<typeof productQuery>>[number];

export async function countProducts(db: Database, where: SQL | undefined) {
  const [row] = await db
    .select({ n: count() })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(where);
  return row?.n ?? 0;
}

const sellerProductSortColumns = {
  createdAt: products.createdAt,
  name: sql`lower(${products.name})`,
  price: products.priceCents,
  status: products.status,
} as const;

export interface SellerProductsFilter {
  status?: SalesStatus;
  search?: string | null;
}

/**
 * My Products: the listings of one seller, by id (looked up from the e-mail first, so the
 * planner walks products_seller_newest_idx in order instead of sorting every listing).
 */
const sellerProductsWhere = (sellerId: string, { status, search }: SellerProductsFilter) =>
  and(
    listedCondition,
    eq(products.sellerId, sellerId),
    status ? eq(products.status, status) : undefined,
    containsAny(search ?? null, [products.name]),
  );

/** The SQL of one page of My Products (built, not run: the EXPLAIN test reads it). */
export function sellerProductsPageQuery(db: Database, sellerId: string, query: SellerProductsQuery) {
  const { sort, order, search } = resolveListQuery(SellerProductSorts, query);
  const { limit, offset } = pageWindow(query);
  return productQuery(db)
    .where(sellerProductsWhere(sellerId, { status: query.status, search }))
    .orderBy(...orderByKeyThenId(sellerProductSortColumns[sort], products.id, order))
    .limit(limit)
    .offset(offset);
}

/** The seller's listed products (with a status, a search): the list's total and the summary cards. */
export const countSellerProducts = (db: Database, sellerId: string, filter: SellerProductsFilter = {}) =>
  countProducts(db, sellerProductsWhere(sellerId, filter));

/** One page of My Products for the seller with this e-mail (none when no such live user). */
export async function listSellerProducts(db: Database, sellerEmail: string, query: SellerProductsQuery) {
  const [seller] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, sellerEmail), isNull(users.deletedAt)))
    .limit(1);
  if (!seller) return { rows: [], total: 0 };
  const rows = await sellerProductsPageQuery(db, seller.id, query);
  const search = resolveListQuery(SellerProductSorts, query).search;
  const total = await countSellerProducts(db, seller.id, { status: query.status, search });
  return { rows, total };
}

export async function findListedProduct(db: Database, id: string) {
  const [row] = await productQuery(db)
    .where(and(eq(products.id, id), listedCondition))
    .limit(1);
  if (!row) throw notFound(`No product with id ${id}`, 'product_not_found');
  return row;
}

/** Whether a category exists (a category page of an unknown id is a 404, not an empty list). */
export async function categoryExists(db: Database, id: string): Promise<boolean> {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id)).limit(1);
  return row !== undefined;
}

/** One page of listed products matching `where`, newest first, and how many there are in all. */
export async function listedNewestFirst(db: Database, where: SQL | undefined, query: PaginationQuery) {
  const { limit, offset } = pageWindow(query);
  const rows = await productQuery(db)
    .where(where)
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit)
    .offset(offset);
  return { rows, total: await countProducts(db, where) };
}

export type NewProductRow = typeof products.$inferInsert;

export async function insertProduct(db: Database, row: NewProductRow): Promise<void> {
  await db.insert(products).values(row);
}

/** A listing not removed, locked for the rest of the transaction (its seller decides who may change it). */
export async function lockProduct(tx: Executor, id: string) {
  const [row] = await tx
    .select({
      id: products.id,
      sellerId: products.sellerId,
      name: products.name,
      priceCents: products.priceCents,
      status: products.status,
      showContact: products.showContact,
    })
    .from(products)
    .where(and(eq(products.id, id), isNull(products.deletedAt)))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** Soft delete: the listing and its advert disappear from every list. */
/** A listing's name, removed or not: what notifications and e-mails about it call it. */
export async function listingName(tx: Executor, productId: string): Promise<string | undefined> {
  const [product] = await tx
    .select({ name: products.name })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  return product?.name;
}

export async function softDeleteProduct(tx: Executor, id: string): Promise<void> {
  await tx
    .update(products)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(products.id, id));
}

export async function updateProductSettings(
  tx: Executor,
  id: string,
  settings: { priceCents: number; showContact: boolean },
): Promise<void> {
  await tx
    .update(products)
    .set({ ...settings, updatedAt: sql`now()` })
    .where(eq(products.id, id));
}
