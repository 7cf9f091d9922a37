import { and, count, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { MAX_SAVED } from 'shared-contracts/saved';
import type { PaginationQuery } from 'shared-contracts/pagination';
import type { Database, Executor } from '../../db/index';
import { categories, products, savedListings, users } from '../../db/schema/index';
import { pageWindow } from '../../lib/http';

/** Every read and write of saved laptops (docs/product.md#saved-laptops), in SQL (pagination included). */

/** A live listing (neither it nor its seller deleted) with its seller, or null. */
export async function findLiveListingSeller(tx: Executor, productId: string) {
  const [product] = await tx
    .select({ sellerId: products.sellerId })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(
      and(
        eq(products.id, productId),
        isNull(products.deletedAt),
        isNull(users.deletedAt),
        // A held or refused listing is saved like one that does not exist.
        eq(products.reviewState, 'published'),
      ),
    )
    .limit(1);
  return product ?? null;
}

/** Whether any listing ever had this id (a removed one included). */
export async function listingEverExisted(db: Executor, productId: string) {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  return product !== undefined;
}

/** Locks the user's row: serialises one user's saves, so two tabs cannot both pass the limit. */
export async function lockSaver(tx: Executor, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function countSaved(db: Executor, userId: string) {
  const [saved] = await db.select({ n: count() }).from(savedListings).where(eq(savedListings.userId, userId));
  return saved?.n ?? 0;
}

/** Saves the listing; answers false when it was saved already (the primary key). */
export async function insertSaved(tx: Executor, userId: string, productId: string) {
  const inserted = await tx
    .insert(savedListings)
    .values({ userId, productId })
    .onConflictDoNothing()
    .returning({ productId: savedListings.productId });
  return inserted.length > 0;
}

/** Removes the saved listing; answers false when it was not saved. */
export async function deleteSaved(db: Executor, userId: string, productId: string) {
  const removed = await db
    .delete(savedListings)
    .where(and(eq(savedListings.userId, userId), eq(savedListings.productId, productId)))
    .returning({ productId: savedListings.productId });
  return removed.length > 0;
}

/** The ids for the hearts: every listing the user saved that is still listed, newest first. */
export async function savedIds(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ productId: savedListings.productId })
    .from(savedListings)
    .innerJoin(products, eq(products.id, savedListings.productId))
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(and(eq(savedListings.userId, userId), isNull(products.deletedAt), isNull(users.deletedAt)))
    .orderBy(desc(savedListings.createdAt))
    .limit(MAX_SAVED);
  return rows.map((r) => r.productId);
}

/** The SQL of one page of the Saved page, newest save first (built, not run). */
export function savedPageQuery(db: Database, userId: string, query: PaginationQuery) {
  const { limit, offset } = pageWindow(query);
  return db
    .select({
      productId: products.id,
      name: products.name,
      priceCents: products.priceCents,
      status: products.status,
      imageUrl: products.imageUrl,
      categoryName: categories.name,
      listed: sql<boolean>`(${products.deletedAt} is null and ${users.deletedAt} is null)`,
      savedAt: savedListings.createdAt,
    })
    .from(savedListings)
    .innerJoin(products, eq(products.id, savedListings.productId))
    .innerJoin(users, eq(users.id, products.sellerId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(savedListings.userId, userId))
    .orderBy(desc(savedListings.createdAt), desc(savedListings.productId))
    .limit(limit)
    .offset(offset);
}

export type SavedSqlRow = Awaited<ReturnType<typeof savedPageQuery>>[number];

/**
 * One page of the user's saved listings and their total. A listing removed since is in the page
 * (with `listed: false`) until the user removes it.
 */
export async function listSaved(db: Database, userId: string, query: PaginationQuery) {
  const [rows, total] = await Promise.all([savedPageQuery(db, userId, query), countSaved(db, userId)]);
  return { rows, total };
}

/** Who saved the listing and is told of its changes: not its seller, not deleted accounts. */
export function listSavers(tx: Executor, productId: string) {
  return tx
    .select({ userId: savedListings.userId })
    .from(savedListings)
    .innerJoin(users, eq(users.id, savedListings.userId))
    .innerJoin(products, eq(products.id, savedListings.productId))
    .where(
      and(eq(savedListings.productId, productId), isNull(users.deletedAt), ne(users.id, products.sellerId)),
    );
}
