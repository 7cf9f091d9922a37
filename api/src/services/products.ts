import { and, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { listingAllows } from 'shared-contracts/sales-status';
import { formatStorage, normaliseCpu } from 'shared-contracts/listing-vocabulary';
import { resolveListQuery } from 'shared-contracts/pagination';
import {
  SellerProductSorts,
  type CreateProduct,
  type Product,
  type SalesStatus,
  type SellerProductsQuery,
  type UpdateProduct,
  type Specs,
  type SpecsInput,
} from 'shared-contracts/products';
import type { Database } from '../db/index';
import { adverts, categories, products, sellerRatings, users, type UserRow } from '../db/schema/index';
import type { Mailer } from '../email/mailer';
import { conflict, forbidden, notFound } from '../lib/errors';
import { newId } from '../lib/ids';
import { fromCents, toCents } from '../lib/money';
import { pageWindow, resolveAssetUrl } from '../lib/http';
import { containsAny, orderByKeyThenId } from '../lib/list-query';
import { adminActor, recordAudit } from './audit';
import { notifySavers } from './saved';
import { resolveCategoryRef } from './spec-references';

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

/** The average to one decimal, or null: what every page shows of a seller's reviews. */
export function sellerRating(count: number | null, sum: number | null) {
  const n = count ?? 0;
  return { average: n > 0 ? Math.round(((sum ?? 0) * 10) / n) / 10 : null, count: n };
}

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

/** The spec columns of a listing from what the seller gave (docs/product.md#laptop-specs). */
export function specColumns(specs: SpecsInput) {
  const cpu = normaliseCpu(specs.processor);
  return {
    processor: specs.processor.trim(),
    cpuFamily: cpu.family,
    cpuLine: cpu.line,
    ramGb: specs.ramGb,
    storageGb: specs.storageGb,
    storageType: specs.storageType,
    screenTenths: Math.round(specs.screenInches * 10),
    resolution: specs.resolution.trim(),
    graphics: specs.graphics.trim(),
    batteryHealthPercent: specs.batteryHealthPercent ?? null,
    batteryHealthSource: specs.batteryHealthSource ?? null,
    os: specs.os,
    warrantyMonths: specs.warrantyMonths ?? null,
  };
}

/**
 * The words a listing is found by besides its name and description: brand, processor, memory,
 * storage, graphics and system, spelled the ways buyers type them ('16gb', '16 gb', 'ssd').
 */
export function searchKeywords(brand: string, specs: ReturnType<typeof specColumns> | null): string {
  if (!specs) return brand;
  const storage = formatStorage(specs.storageGb);
  return [
    brand,
    specs.processor,
    specs.cpuFamily,
    `${specs.ramGb}gb ram`,
    `${storage.replace(' ', '')} ${specs.storageType}`,
    specs.graphics,
    specs.os,
  ].join(' ');
}

function toSpecs(row: ProductJoinRow): Specs | null {
  if (row.processor === null || row.ramGb === null || row.storageGb === null || row.screenTenths === null)
    return null;
  return {
    processor: row.processor,
    cpuFamily: row.cpuFamily ?? row.processor,
    cpuLine: (row.cpuLine ?? 'other') as Specs['cpuLine'],
    ramGb: row.ramGb,
    storageGb: row.storageGb,
    storageType: row.storageType ?? 'SSD',
    screenInches: row.screenTenths / 10,
    resolution: row.resolution ?? '',
    graphics: row.graphics ?? '',
    batteryHealthPercent: row.batteryHealthPercent,
    batteryHealthSource: row.batteryHealthSource as Specs['batteryHealthSource'],
    os: (row.os ?? 'None') as Specs['os'],
    warrantyMonths: row.warrantyMonths,
  };
}

/** Who reads a product payload: the signed-in caller, or null for a visitor. */
export type ProductViewer = Pick<UserRow, 'id' | 'role'> | null | undefined;

/**
 * Whether the reader gets the seller's phone and e-mail: always when the seller shows them;
 * otherwise only the seller and admins (docs/product.md#contact-details-on-a-listing). Shared
 * cached answers are computed for visitors only (plugins/catalog-cache.ts answers signed-in
 * callers fresh), so a revealed number never lands in the cache.
 */
export const seesContact = (row: Pick<ProductJoinRow, 'showContact' | 'sellerId'>, viewer: ProductViewer) =>
  row.showContact || (!!viewer && (viewer.role === 'admin' || viewer.id === row.sellerId));

export function toProduct(row: ProductJoinRow, publicApiUrl: string, viewer?: ProductViewer): Product {
  const price = fromCents(row.priceCents);
  const image = resolveAssetUrl(row.imageUrl, publicApiUrl);
  const contact = seesContact(row, viewer);
  return {
    _id: row.id,
    productName: row.name,
    email: contact ? row.sellerEmail : null,
    sellerName: row.sellerName,
    price,
    image,
    quality: row.quality,
    phone: contact ? row.phone : null,
    location: row.location,
    category: row.categoryId,
    categoryName: row.categoryName,
    description: row.description,
    year: row.year,
    resale: price,
    original: row.originalPriceCents === null ? null : fromCents(row.originalPriceCents),
    useYear: Math.max(0, new Date().getFullYear() - row.year),
    rating: row.rating,
    status: row.status,
    advertised: row.advertId !== null,
    createdAt: new Date(row.createdAt).toISOString(),
    specs: toSpecs(row),
    photos:
      row.photoUrls.length > 0 ? row.photoUrls.map((url) => resolveAssetUrl(url, publicApiUrl)) : [image],
    seller: {
      _id: row.sellerId,
      name: row.sellerName,
      rating: sellerRating(row.sellerRatingCount, row.sellerRatingSum),
    },
    showContact: row.showContact,
  };
}

export async function findListedProduct(db: Database, id: string) {
  const [row] = await productQuery(db)
    .where(and(eq(products.id, id), listedCondition))
    .limit(1);
  if (!row) throw notFound(`No product with id ${id}`, 'product_not_found');
  return row;
}

export async function createProduct(db: Database, seller: UserRow, input: CreateProduct): Promise<string> {
  // The spec's form names the category by id or by name (api/README.md, compatibility table).
  const category = await resolveCategoryRef(db, input.category);
  const id = newId();
  const specs = specColumns(input.specs);
  await db.insert(products).values({
    ...specs,
    photoUrls: input.photos ?? [input.image],
    searchKeywords: searchKeywords(category.name, specs),
    id,
    sellerId: seller.id,
    categoryId: category.id,
    name: input.productName,
    priceCents: toCents(input.price),
    originalPriceCents: input.originalPrice === undefined ? null : toCents(input.originalPrice),
    quality: input.quality,
    phone: input.phone,
    location: input.location,
    description: input.description,
    year: input.year,
    imageUrl: input.image,
    showContact: input.showContact ?? true,
  });
  return id;
}

/** Sellers delete their own listings, admins any. Soft delete; the advert disappears with it. */
export async function deleteProduct(db: Database, caller: UserRow, id: string) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: products.id, sellerId: products.sellerId, name: products.name })
      .from(products)
      .where(and(eq(products.id, id), isNull(products.deletedAt)))
      .limit(1)
      .for('update');
    if (!row) throw notFound(`No product with id ${id}`, 'product_not_found');
    if (caller.role !== 'admin' && row.sellerId !== caller.id)
      throw forbidden('This product belongs to another seller');
    await tx
      .update(products)
      .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(products.id, id));
    // A seller removing their own listing is not an admin action; an admin removing one is.
    if (caller.role === 'admin') {
      await recordAudit(tx, adminActor(caller), {
        action: 'product.delete',
        targetType: 'product',
        targetId: row.id,
        targetLabel: row.name,
        before: { deleted: false },
        after: { deleted: true },
      });
    }
  });
}

/**
 * PATCH /add-products/:id: the owner changes the price or whether phone and e-mail show. Another
 * seller's listing, a removed one or one whose seller is gone answers 404 (as if it did not
 * exist); a sold laptop's price is final (409). A lower price tells everyone who saved it, in the
 * same transaction (docs/product.md#saved-laptops); a rise tells no one.
 */
export async function updateProduct(
  db: Database,
  mailer: Mailer,
  seller: UserRow,
  id: string,
  input: UpdateProduct,
): Promise<{ price: number; showContact: boolean }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        name: products.name,
        priceCents: products.priceCents,
        status: products.status,
        showContact: products.showContact,
      })
      .from(products)
      .where(and(eq(products.id, id), eq(products.sellerId, seller.id), isNull(products.deletedAt)))
      .limit(1)
      .for('update');
    if (!row) throw notFound(`No product with id ${id}`, 'product_not_found');
    const priceCents = input.price === undefined ? row.priceCents : toCents(input.price);
    if (priceCents !== row.priceCents && !listingAllows(row.status, 'edit-price'))
      throw conflict('The price of a sold laptop cannot change', 'product_sold');
    const showContact = input.showContact ?? row.showContact;
    await tx
      .update(products)
      .set({ priceCents, showContact, updatedAt: sql`now()` })
      .where(eq(products.id, id));
    if (priceCents < row.priceCents) {
      await notifySavers(tx, mailer, id, 'saved-price-drop', {
        productName: row.name,
        price: fromCents(priceCents),
        previousPrice: fromCents(row.priceCents),
      });
    }
    return { price: fromCents(priceCents), showContact };
  });
}
