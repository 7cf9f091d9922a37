import { and, eq, gte, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Quality } from 'shared-contracts/products';
import type { Executor } from '../../db/index';
import { products, users } from '../../db/schema/index';

/**
 * The one definition of "comparable listings" (docs/product.md#price-guidance): listings on sale now
 * (neither they nor their seller removed) of the same brand (category), the same model family (a
 * whole word of the name), the same RAM, storage between half and double, and the same condition.
 * Price guidance reads it; the moderation queue's low-price check is meant to read the same one.
 */
export interface Comparable {
  categoryId: string;
  modelFamily: string;
  ramGb: number;
  storageGb: number;
  quality: Quality;
  excludeProductId?: string;
}

/** Median, min, max (in cents) and count of the comparable listings' asking prices. */
export async function comparablePrices(db: Executor, c: Comparable) {
  // modelFamily is [a-z0-9]+ (modelFamilyOf), so it is safe inside the word-boundary pattern. The
  // listings come from products_comparables_idx (migration 0036); `~*` on the name itself, not on
  // lower(name), lets the planner narrow them with the name's trigram index too.
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      median: sql<number | null>`percentile_cont(0.5) within group (order by ${products.priceCents})`,
      min: sql<number | null>`min(${products.priceCents})`,
      max: sql<number | null>`max(${products.priceCents})`,
    })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(
      and(
        isNull(products.deletedAt),
        isNull(users.deletedAt),
        // Held listings are no one's comparable until an operator publishes them.
        eq(products.reviewState, 'published'),
        eq(products.status, 'available'),
        eq(products.categoryId, c.categoryId),
        eq(products.quality, c.quality),
        eq(products.ramGb, c.ramGb),
        gte(products.storageGb, Math.ceil(c.storageGb / 2)),
        lte(products.storageGb, c.storageGb * 2),
        sql`${products.name} ~* ${`\\m${c.modelFamily}\\M`}`,
        c.excludeProductId ? ne(products.id, c.excludeProductId) : undefined,
      ),
    );
  return {
    count: row?.count ?? 0,
    median: row?.median === null || row?.median === undefined ? null : Number(row.median),
    min: row?.min ?? null,
    max: row?.max ?? null,
  };
}
