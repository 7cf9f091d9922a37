import { and, eq, ilike, inArray, isNull, or, type Column, type SQL } from 'drizzle-orm';
import { salesStatusesAllowing } from 'shared-contracts/sales-status';
import type { Database } from '../db/index';
import { categories, products, users } from '../db/schema/index';
import { badRequest } from '../lib/errors';
import { toCents } from '../lib/money';

/**
 * The original client's request bodies name things the way its forms show them: a category by its name, a
 * listing by its product name and fields, never by id. These resolve such names to rows, and
 * refuse with a 400 naming the field whatever does not name exactly one
 * (docs/decisions/0008-api-server-derived-fields.md, api/README.md compatibility table).
 */

/** `column ILIKE value` with the wildcards escaped: the same text in any case, nothing more. */
function sameTextAnyCase(column: Column, value: string) {
  return ilike(
    column,
    value.replace(/[\\%_]/g, (c) => `\\${c}`),
  );
}

/** The category a product body names by id ('03') or name ('lenovo'); unknown → 400 body.category. */
export async function resolveCategoryRef(db: Database, ref: string, field = 'body.category') {
  const rows = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(or(eq(categories.id, ref), sameTextAnyCase(categories.name, ref)))
    .limit(3);
  // An id is exact and unique; a name could in principle be shared, so it must name one.
  const byId = rows.find((r) => r.id === ref);
  if (byId) return byId;
  if (rows.length === 1) return rows[0]!;
  if (rows.length === 0)
    throw badRequest(
      `${field}: no category has the id or name ${JSON.stringify(ref)}; use an id or a name from GET /category`,
    );
  throw badRequest(`${field}: more than one category is named ${JSON.stringify(ref)}; send its id`);
}

/**
 * The listing the original client's booking body names by `productName`: the one listed, unsold laptop of
 * that name (any case). None or several → 400 asking for productId, since the price and the
 * seller the client sends are not trusted to tell listings apart.
 */
export async function findBookableListingByName(db: Database, productName: string): Promise<string> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(
      and(
        sameTextAnyCase(products.name, productName),
        isNull(products.deletedAt),
        isNull(users.deletedAt),
        eq(products.reviewState, 'published'),
        inArray(products.status, salesStatusesAllowing('booking')),
      ),
    )
    .limit(2);
  const name = JSON.stringify(productName);
  if (rows.length === 0)
    throw badRequest(`body.productId: no listing that can be booked is named ${name}; send its productId`);
  if (rows.length > 1)
    throw badRequest(
      `body.productId: more than one listing that can be booked is named ${name}; send the productId of the one you mean`,
    );
  return rows[0]!.id;
}

/** The product fields of the original client's advert body (the schema requires productName without an id). */
export interface ListingFields {
  productName?: string;
  price?: number;
  year?: number;
  category?: string;
  quality?: string;
  phone?: string;
  location?: string;
  description?: string;
}

/**
 * The caller's own listing the original client's advert body describes: the name (any case) and every other
 * field sent must match. None or several → 400 asking for the product id. Only the caller's
 * listings are searched, so the fields cannot reach anyone else's.
 */
export async function findOwnListingByFields(
  db: Database,
  sellerId: string,
  fields: ListingFields,
): Promise<string> {
  const productName = fields.productName ?? '';
  const conditions: SQL[] = [
    eq(products.sellerId, sellerId),
    isNull(products.deletedAt),
    sameTextAnyCase(products.name, productName),
  ];
  if (fields.price !== undefined) conditions.push(eq(products.priceCents, toCents(fields.price)));
  if (fields.year !== undefined) conditions.push(eq(products.year, fields.year));
  if (fields.category !== undefined) {
    const category = await resolveCategoryRef(db, fields.category);
    conditions.push(eq(products.categoryId, category.id));
  }
  if (fields.quality) conditions.push(sameTextAnyCase(products.quality, fields.quality));
  if (fields.phone) conditions.push(eq(products.phone, fields.phone));
  if (fields.location) conditions.push(sameTextAnyCase(products.location, fields.location));
  if (fields.description) conditions.push(eq(products.description, fields.description));
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(...conditions))
    .limit(2);
  const what = `productName ${JSON.stringify(productName)} and the other fields sent`;
  if (rows.length === 0)
    throw badRequest(`body.productId: none of your listings matches ${what}; send its productId (or _id)`);
  if (rows.length > 1)
    throw badRequest(
      `body.productId: more than one of your listings matches ${what}; send the productId (or _id) of the one you mean`,
    );
  return rows[0]!.id;
}
