import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { ModerationFlag, ModerationQuery } from 'shared-contracts/moderation';
import { MODERATION_EXCERPT_LENGTH, ModerationSorts } from 'shared-contracts/moderation';
import { resolveListQuery } from 'shared-contracts/pagination';
import type { Database, Executor } from '../../db/index';
import { listingReviews, products, users, type ReviewState } from '../../db/schema/index';
import { pageWindow } from '../../lib/http';
import { containsAny, orderByKeyThenId } from '../../lib/list-query';

/** Every read and write of a listing's review: its state on products, its flags and decision in listing_reviews. */

export async function setReviewState(tx: Executor, productId: string, state: ReviewState): Promise<void> {
  await tx
    .update(products)
    .set({ reviewState: state, updatedAt: sql`now()` })
    .where(eq(products.id, productId));
}

/** A new hold replaces an earlier decision (a refused listing edited and held again). */
export async function upsertHold(tx: Executor, productId: string, flags: ModerationFlag[]): Promise<void> {
  await tx
    .insert(listingReviews)
    .values({ productId, flags })
    .onConflictDoUpdate({
      target: listingReviews.productId,
      set: { flags, heldAt: sql`now()`, refusalReason: null, decidedBy: null, decidedAt: null },
    });
}

export async function recordDecision(
  tx: Executor,
  productId: string,
  decision: { decidedBy: string; refusalReason: string | null },
): Promise<void> {
  await tx
    .update(listingReviews)
    .set({ ...decision, decidedAt: sql`now()` })
    .where(eq(listingReviews.productId, productId));
}

/** A listing not removed, locked for its decision: its state, name and seller. */
export async function lockForReview(tx: Executor, productId: string) {
  const [row] = await tx
    .select({
      id: products.id,
      name: products.name,
      sellerId: products.sellerId,
      reviewState: products.reviewState,
    })
    .from(products)
    .where(and(eq(products.id, productId), isNull(products.deletedAt)))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** The flags a listing was last held for (none when it never was). */
export async function heldFlags(tx: Executor, productId: string): Promise<ModerationFlag[]> {
  const [row] = await tx
    .select({ flags: listingReviews.flags })
    .from(listingReviews)
    .where(eq(listingReviews.productId, productId))
    .limit(1);
  return row?.flags ?? [];
}

/** How many listings this seller ever created, removed ones included (the first-listings rule). */
export async function listingsEverCreated(tx: Executor, sellerId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(products).where(eq(products.sellerId, sellerId));
  return row?.n ?? 0;
}

const waiting = and(isNull(products.deletedAt), eq(products.reviewState, 'pending'), isNull(users.deletedAt));

const queueWhere = (search: string | null) => and(waiting, containsAny(search, [products.name, users.email]));

/** One page of the moderation queue (products_review_pending_idx holds the few waiting rows). */
export async function listQueue(db: Database, query: ModerationQuery) {
  const { sort, order, search } = resolveListQuery(ModerationSorts, query);
  const { limit, offset } = pageWindow(query);
  const sortColumns = {
    createdAt: products.createdAt,
    productName: sql`lower(${products.name})`,
    price: products.priceCents,
  } as const;
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      priceCents: products.priceCents,
      imageUrl: products.imageUrl,
      photoUrls: products.photoUrls,
      excerpt: sql<string>`left(${products.description}, ${MODERATION_EXCERPT_LENGTH})`,
      createdAt: products.createdAt,
      sellerEmail: users.email,
      sellerName: users.name,
      flags: listingReviews.flags,
    })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .leftJoin(listingReviews, eq(listingReviews.productId, products.id))
    .where(queueWhere(search))
    .orderBy(...orderByKeyThenId(sortColumns[sort], products.id, order))
    .limit(limit)
    .offset(offset);
  const [total] = await db
    .select({ n: count() })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(queueWhere(search));
  return { rows, total: total?.n ?? 0 };
}
export type QueueRow = Awaited<ReturnType<typeof listQueue>>['rows'][number];

/** The operator's reason on the seller's refused listings, for My Products. */
export async function refusalReasons(db: Database, productIds: string[]) {
  if (productIds.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ productId: listingReviews.productId, reason: listingReviews.refusalReason })
    .from(listingReviews)
    .where(sql`${listingReviews.productId} in ${productIds}`)
    .orderBy(asc(listingReviews.productId));
  return new Map(rows.filter((r) => r.reason !== null).map((r) => [r.productId, r.reason!]));
}
