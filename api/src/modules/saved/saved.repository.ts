import { and, count, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { NotificationKind, NotificationParams } from 'shared-contracts/notifications';
import { MAX_SAVED, type SavedListing } from 'shared-contracts/saved';
import type { PaginationQuery } from 'shared-contracts/pagination';
import type { Database, Executor } from '../../db/index';
import { categories, products, savedListings, users, type UserRow } from '../../db/schema/index';
import type { Mailer } from '../../email/mailer';
import { conflict, notFound } from '../../lib/errors';
import { pageWindow, resolveAssetUrl } from '../../lib/http';
import { fromCents } from '../../lib/money';
import { notify } from '../../services/notifications';

/**
 * Saved laptops (docs/product.md#saved-laptops). Any signed-in user saves another seller's live
 * listing; saving twice is the same row (the primary key), removing an unsaved one is no error.
 */
export async function saveListing(db: Database, user: UserRow, productId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [product] = await tx
      .select({ sellerId: products.sellerId })
      .from(products)
      .innerJoin(users, eq(users.id, products.sellerId))
      .where(and(eq(products.id, productId), isNull(products.deletedAt), isNull(users.deletedAt)))
      .limit(1);
    if (!product) throw notFound(`No product with id ${productId}`, 'product_not_found');
    if (product.sellerId === user.id) throw conflict('You cannot save your own listing', 'own_listing');
    // Serialises one user's saves, so two tabs cannot both pass the limit below.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const [saved] = await tx
      .select({ n: count() })
      .from(savedListings)
      .where(eq(savedListings.userId, user.id));
    const inserted = await tx
      .insert(savedListings)
      .values({ userId: user.id, productId })
      .onConflictDoNothing()
      .returning({ productId: savedListings.productId });
    if (inserted.length > 0 && (saved?.n ?? 0) >= MAX_SAVED)
      throw conflict(`You can save at most ${MAX_SAVED} laptops; remove some first`, 'saved_limit', {
        max: MAX_SAVED,
      });
  });
}

/**
 * Removes a saved listing; removing one not saved is no error (a second tab, a double click), but
 * an id that names no listing at all (even a removed one) answers 404.
 */
export async function unsaveListing(db: Database, user: UserRow, productId: string): Promise<void> {
  const removed = await db
    .delete(savedListings)
    .where(and(eq(savedListings.userId, user.id), eq(savedListings.productId, productId)))
    .returning({ productId: savedListings.productId });
  if (removed.length > 0) return;
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  if (!product) throw notFound(`No product with id ${productId}`, 'product_not_found');
}

/** The ids for the hearts: every listing the user saved that is still listed, newest first. */
export async function savedIds(db: Database, user: UserRow): Promise<string[]> {
  const rows = await db
    .select({ productId: savedListings.productId })
    .from(savedListings)
    .innerJoin(products, eq(products.id, savedListings.productId))
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(and(eq(savedListings.userId, user.id), isNull(products.deletedAt), isNull(users.deletedAt)))
    .orderBy(desc(savedListings.createdAt))
    .limit(MAX_SAVED);
  return rows.map((r) => r.productId);
}

/**
 * The Saved page: one page of the user's saved listings, newest save first, each with its price
 * and status now. A listing removed since shows with `listed: false` until the user removes it.
 */
export async function listSaved(
  db: Database,
  user: UserRow,
  query: PaginationQuery,
  publicApiUrl: string,
): Promise<{ rows: SavedListing[]; total: number }> {
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    db
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
      .where(eq(savedListings.userId, user.id))
      .orderBy(desc(savedListings.createdAt), desc(savedListings.productId))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(savedListings).where(eq(savedListings.userId, user.id)),
  ]);
  return {
    total: total?.n ?? 0,
    rows: rows.map((r) => ({
      productId: r.productId,
      productName: r.name,
      price: fromCents(r.priceCents),
      status: r.status,
      image: resolveAssetUrl(r.imageUrl, publicApiUrl),
      categoryName: r.categoryName,
      listed: Boolean(r.listed),
      savedAt: new Date(r.savedAt).toISOString(),
    })),
  };
}

/**
 * Tells every user who saved `productId` (not the seller, not deleted accounts) that its price
 * dropped or it was sold: one bell row, e-mail and live event each, inside the caller's
 * transaction so they exist only if the change commits. Called by updateProduct (a lower price)
 * and by the payment that sells the laptop (services/payments.ts applyGatewayEvent).
 */
export async function notifySavers(
  tx: Executor,
  mailer: Mailer,
  productId: string,
  kind: Extract<NotificationKind, 'saved-price-drop' | 'saved-sold'>,
  params: NotificationParams,
): Promise<number> {
  const savers = await tx
    .select({ userId: savedListings.userId })
    .from(savedListings)
    .innerJoin(users, eq(users.id, savedListings.userId))
    .innerJoin(products, eq(products.id, savedListings.productId))
    .where(
      and(eq(savedListings.productId, productId), isNull(users.deletedAt), ne(users.id, products.sellerId)),
    );
  for (const { userId } of savers) {
    await notify(tx, mailer, {
      userId,
      kind,
      params: { productId, ...params },
      link: `/details/${productId}`,
    });
  }
  return savers.length;
}
