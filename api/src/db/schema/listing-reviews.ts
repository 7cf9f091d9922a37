import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { ModerationFlag } from 'shared-contracts/moderation';
import { products } from './products';
import { users } from './users';

/**
 * Why a listing waits in the moderation queue and what the operator decided (migration 0030,
 * docs/decisions/0060-listing-review.md). One row per listing ever held; its state is
 * products.review_state, so public reads need no join.
 */
export const listingReviews = pgTable('listing_reviews', {
  productId: text('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  flags: jsonb('flags').$type<ModerationFlag[]>().notNull().default([]),
  heldAt: timestamp('held_at', { withTimezone: true }).notNull().defaultNow(),
  // Shown to the seller on their refused listing.
  refusalReason: text('refusal_reason'),
  decidedBy: text('decided_by').references(() => users.id),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
});
export type ListingReviewRow = typeof listingReviews.$inferSelect;
