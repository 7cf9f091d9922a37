import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { CategoryIdSchema } from 'shared-contracts/categories';
import { resolveListQuery, type KeysetPageQuery } from 'shared-contracts/pagination';
import { SellerProductSorts, type SalesStatus, type SellerProductsQuery } from 'shared-contracts/products';
import { preparedRead, type Database, type Executor } from '../../db/index';
import {
  adverts,
  ALL_BRANDS_SCOPE,
  categories,
  listingDayCounts,
  listingReviews,
  products,
  sellerRatings,
  users,
} from '../../db/schema/index';
import { badRequest, notFound } from '../../lib/errors';
import { pageWindow } from '../../lib/http';
import { containsAny, orderByKeyThenId } from '../../lib/list-query';
import type { CursorCodec } from '../../lib/signed-cursor';

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
  specsConfirmed: products.specsConfirmed,
  verifiedAt: products.verifiedAt,
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

/**
 * Published = past the moderation queue (docs/product.md#moderation). Held rows are few, so the
 * partial indexes on `deleted_at is null` still serve every query that adds it.
 */
export const publishedCondition = eq(products.reviewState, 'published');

/** Live = not deleted and its seller not deleted: what the seller's own lists show, held or not. */
export const liveCondition = and(isNull(products.deletedAt), isNull(users.deletedAt));

/**
 * Listed = live and published: what anyone else sees (a soft-deleted seller's listings, a held or
 * refused listing, disappear).
 */
export const listedCondition = and(liveCondition, publishedCondition);

export function productQuery<Extra extends SelectedFields = Record<never, never>>(
  db: Database,
  extra?: Extra,
) {
  return db
    .select({ ...productColumns, ...(extra as Extra) })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(adverts, eq(adverts.productId, products.id))
    .leftJoin(sellerRatings, eq(sellerRatings.sellerId, products.sellerId));
}

export type ProductJoinRow = Awaited<ReturnType<typeof productQuery<Record<never, never>>>>[number];

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
    liveCondition,
    eq(products.sellerId, sellerId),
    status ? eq(products.status, status) : undefined,
    containsAny(search ?? null, [products.name]),
  );

/** The SQL of one page of My Products (built, not run: the EXPLAIN test reads it). */
export function sellerProductsPageQuery(db: Database, sellerId: string, query: SellerProductsQuery) {
  const { sort, order, search } = resolveListQuery(SellerProductSorts, query);
  const { limit, offset } = pageWindow(query);
  return productQuery(db, {
    reviewState: products.reviewState,
    refusalReason: sql<
      string | null
    >`(select ${listingReviews.refusalReason} from ${listingReviews} where ${listingReviews.productId} = ${products.id})`,
  })
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

const listedProductById = preparedRead('kept', (on) =>
  productQuery(on)
    .where(and(eq(products.id, sql.placeholder('id')), listedCondition))
    .limit(1),
);

export async function findListedProduct(db: Database, id: string) {
  const [row] = await listedProductById(db, 'one', { id });
  if (!row) throw notFound(`No product with id ${id}`, 'product_not_found');
  return row;
}

const categoryById = preparedRead('kept', (on) =>
  on
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, sql.placeholder('id')))
    .limit(1),
);

/** Whether a category exists (a category page of an unknown id is a 404, not an empty list). */
export async function categoryExists(db: Database, id: string): Promise<boolean> {
  const [row] = await categoryById(db, 'one', { id });
  return row !== undefined;
}

/**
 * The newest-first lists (a brand's page, recent products) keep the spec's `page` parameter, served
 * through a keyset (docs/decisions/0046-newest-first-pages-at-any-depth.md). The listings per day of
 * creation (`listing_day_counts`, kept by triggers) say which day the page starts in and how many
 * rows of that day come before it; a short skip inside that day gives the page's first key, and
 * the page is a range scan from it. The same counts give the exact total. So page 5,000 costs what
 * page 1 costs, at any catalogue size.
 */
const sellerNotDeleted = sql`not exists (select 1 from ${users} where ${users.id} = ${products.sellerId} and ${users.deletedAt} is not null)`;

/** Where a newest-first page starts: the first row's creation time (as text, to the microsecond) and id. */
const NewestKeySchema = z.object({ c: z.string().min(1).max(40), id: z.string().min(1).max(64) });
type NewestKey = z.infer<typeof NewestKeySchema>;

/**
 * A brand's id written into the statement's text, not bound: each brand is then its own kept
 * statement with a plan for its size. Bound, one generic plan served every brand, and at a million
 * listings it walked the newest-first index of all brands, filtering: a brand with few listings
 * would read most of that index (1.3 s for a brand with none, against 1 ms through the brand's own).
 * Category ids are 2–4 digits: the route's schema, checked again here before it is written.
 */
function brandLiteral(categoryId: string): SQL {
  return sql.raw(`'${CategoryIdSchema.parse(categoryId)}'`);
}

/** A newest-first page's shape: its brand (or `all`) and whether it starts at a key. */
type NewestPageShape = `${string}:${'first' | 'from'}`;

/** Listed and in the brand (every brand for `all`), its seller not deleted. */
const listedInScope = (brand: string) =>
  and(
    isNull(products.deletedAt),
    publishedCondition,
    brand === 'all' ? undefined : sql`${products.categoryId} = ${brandLiteral(brand)}`,
    sellerNotDeleted,
  );

// One row more than the page (`limit` is the page's size plus one): the next page's first key,
// handed out as its cursor.
const newestPage = (on: Database, shape: NewestPageShape) => {
  const [brand = 'all', start] = shape.split(':');
  const from =
    start === 'from'
      ? sql`(${products.createdAt}, ${products.id}) <= (${sql.placeholder('c')}::timestamptz, ${sql.placeholder('id')})`
      : undefined;
  return productQuery(on, { createdAtText: sql<string>`${products.createdAt}::text` })
    .where(and(listedInScope(brand), from))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(sql.placeholder('limit'));
};
// A brand's page keeps its plan; the newest of all brands does not (ReadPlanning says why).
const brandNewestPage = preparedRead('kept', newestPage);
const allBrandsNewestPage = preparedRead('each-run', newestPage);

export async function listedNewestFirst(
  db: Database,
  scope: { categoryId?: string },
  query: KeysetPageQuery,
  cursors: CursorCodec,
) {
  const brand = scope.categoryId ?? 'all';
  const { limit, offset } = pageWindow(query);
  const total = countListed(db, scope);
  let first: NewestKey | undefined;
  if (query.cursor !== undefined) {
    const key = NewestKeySchema.safeParse(cursors.decode(query.cursor));
    if (!key.success) throw badRequest('The cursor is not one this API handed out', 'invalid_cursor');
    first = key.data;
  } else if (offset > 0) {
    const found = await keyAtOffset(db, brand, offset);
    if (!found) return { rows: [], next: null, total: await total };
    first = found;
  }
  const read = scope.categoryId === undefined ? allBrandsNewestPage : brandNewestPage;
  const found = await read(db, `${brand}:${first ? 'from' : 'first'}`, {
    c: first?.c,
    id: first?.id,
    limit: limit + 1,
  });
  const following = found[limit];
  return {
    rows: found.slice(0, limit),
    next: following ? cursors.encode({ c: following.createdAtText, id: following.id }) : null,
    total: await total,
  };
}

const listedCount = preparedRead('kept', (on) =>
  on
    .select({ n: sql<number>`coalesce(sum(${listingDayCounts.listed}), 0)::int` })
    .from(listingDayCounts)
    .where(eq(listingDayCounts.scope, sql.placeholder('scope'))),
);

/** Listed listings of a brand, or of all: the sum of their per-day counts (exact, a few hundred rows). */
export async function countListed(db: Database, scope: { categoryId?: string } = {}): Promise<number> {
  const [row] = await listedCount(db, 'one', { scope: scope.categoryId ?? ALL_BRANDS_SCOPE });
  return row?.n ?? 0;
}

// The day a newest-first page's first row falls in, and how many listed rows the newer days hold.
const dayAtOffset = preparedRead('each-run', (on) => {
  const newer = sql<number>`(sum(${listingDayCounts.listed}) over (order by ${listingDayCounts.starts} desc) - ${listingDayCounts.listed})::int`;
  const perDay = on
    .select({ starts: listingDayCounts.starts, listed: listingDayCounts.listed, newer: newer.as('newer') })
    .from(listingDayCounts)
    .where(eq(listingDayCounts.scope, sql.placeholder('scope')))
    .as('per_day');
  return on
    .select({ ends: sql<string>`(${perDay.starts} + interval '1 day')::text`, newer: perDay.newer })
    .from(perDay)
    .where(sql`${perDay.newer} + ${perDay.listed} > ${sql.placeholder('offset')}`)
    .orderBy(desc(perDay.starts))
    .limit(1);
});

// The key of the row `skip` rows into the newest-first order of the listings created before `ends`.
const keyInDay = preparedRead('each-run', (on, brand: string) =>
  on
    .select({ c: sql<string>`${products.createdAt}::text`, id: products.id })
    .from(products)
    .where(and(listedInScope(brand), sql`${products.createdAt} < ${sql.placeholder('ends')}::timestamptz`))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(1)
    .offset(sql.placeholder('skip')),
);

/** The key of the row `offset` rows down a brand's (or `all`) newest-first order, or undefined past the end. */
async function keyAtOffset(db: Database, brand: string, offset: number): Promise<NewestKey | undefined> {
  const [day] = await dayAtOffset(db, 'one', { scope: brand === 'all' ? ALL_BRANDS_SCOPE : brand, offset });
  if (!day) return undefined;
  const [row] = await keyInDay(db, brand, { ends: day.ends, skip: offset - day.newer });
  return row;
}

export type NewProductRow = typeof products.$inferInsert;

export async function insertProduct(db: Executor, row: NewProductRow): Promise<void> {
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
      specsConfirmed: products.specsConfirmed,
      reviewState: products.reviewState,
      // The brand is a search word of the listing's specs (products.service searchKeywords).
      categoryName: sql<string>`(select ${categories.name} from ${categories} where ${categories.id} = ${products.categoryId})`,
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

/** The seller's specs in place of what was read or given before; the search words follow them. */
export async function updateProductSpecs(
  tx: Executor,
  id: string,
  specs: Pick<
    NewProductRow,
    | 'processor'
    | 'cpuFamily'
    | 'cpuLine'
    | 'ramGb'
    | 'storageGb'
    | 'storageType'
    | 'screenTenths'
    | 'resolution'
    | 'graphics'
    | 'batteryHealthPercent'
    | 'batteryHealthSource'
    | 'os'
    | 'warrantyMonths'
    | 'specsConfirmed'
    | 'searchKeywords'
  >,
): Promise<void> {
  await tx
    .update(products)
    .set({ ...specs, updatedAt: sql`now()` })
    .where(eq(products.id, id));
}
