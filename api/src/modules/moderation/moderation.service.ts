import type { ModerationFlag } from 'shared-contracts/moderation';
import type { Database, Executor } from '../../db/index';
import type { UserRow } from '../../db/schema/index';
import type { Mailer } from '../../email/mailer';
import { conflict, notFound } from '../../lib/errors';
import { adminActor, recordAudit } from '../../services/audit';
import { notify } from '../notifications/notifications.service';
import { alertSavedSearches } from '../saved-searches/saved-searches.service';
import { lockForReview, recordDecision, setReviewState, upsertHold } from './moderation.repository';

/** Where the seller reads their listing's state and the operator's reason. */
const MY_PRODUCTS = '/dashboard/my-products';

/**
 * Sends a listing to the operators' queue instead of the public lists (docs/product.md#moderation).
 * Called in the listing's transaction by createProduct (first listings, automatic checks), by an
 * edit of a refused listing, and by device verification's serial conflicts (onSerialConflict).
 */
export async function holdForReview(tx: Executor, productId: string, flags: ModerationFlag[]): Promise<void> {
  await setReviewState(tx, productId, 'pending');
  await upsertHold(tx, productId, flags);
}

/**
 * The one place a stored listing becomes public: on an operator's approval (a new listing is
 * written public at once, reviewNewListing). Its saved-search alerts are written here, in the same transaction
 * (docs/decisions/0058-saved-search-alerts.md), so a held listing alerts no one until approved.
 * The catalogue cache and the newest-first counts follow the review_state change through their
 * triggers (migration 0030).
 */
export async function publishListing(tx: Executor, productId: string): Promise<void> {
  await setReviewState(tx, productId, 'published');
  await alertSavedSearches(tx, productId);
}

/**
 * A new listing's review, decided from its form before its row was written (createProduct): held,
 * its flags recorded for the queue, or public, its saved-search alerts queued, in the listing's
 * transaction. The row already carries the review state, so nothing here writes it again.
 */
export async function reviewNewListing(
  tx: Executor,
  productId: string,
  flags: ModerationFlag[],
): Promise<void> {
  if (flags.length > 0) await upsertHold(tx, productId, flags);
  else await alertSavedSearches(tx, productId);
}

async function lockWaiting(tx: Executor, productId: string) {
  const row = await lockForReview(tx, productId);
  if (!row) throw notFound(`No product with id ${productId}`, 'product_not_found');
  if (row.reviewState !== 'pending')
    throw conflict('This listing is not waiting for review', 'listing_not_waiting');
  return row;
}

/** POST /admin/moderation/:id/approve: published, audited and the seller told, in one transaction. */
export async function approveListing(db: Database, mailer: Mailer, admin: UserRow, productId: string) {
  await db.transaction(async (tx) => {
    const row = await lockWaiting(tx, productId);
    await publishListing(tx, row.id);
    await recordDecision(tx, row.id, { decidedBy: admin.id, refusalReason: null });
    await recordAudit(tx, adminActor(admin), {
      action: 'listing.approve',
      targetType: 'product',
      targetId: row.id,
      targetLabel: row.name,
      before: { reviewState: 'pending' },
      after: { reviewState: 'published' },
    });
    await notify(tx, mailer, {
      userId: row.sellerId,
      kind: 'listing-approved',
      params: { productId: row.id, productName: row.name },
      link: `/details/${row.id}`,
    });
  });
}

/** POST /admin/moderation/:id/refuse: stays hidden with the reason the seller reads; audited and told. */
export async function refuseListing(
  db: Database,
  mailer: Mailer,
  admin: UserRow,
  productId: string,
  reason: string,
) {
  await db.transaction(async (tx) => {
    const row = await lockWaiting(tx, productId);
    await setReviewState(tx, row.id, 'refused');
    await recordDecision(tx, row.id, { decidedBy: admin.id, refusalReason: reason });
    await recordAudit(tx, adminActor(admin), {
      action: 'listing.refuse',
      targetType: 'product',
      targetId: row.id,
      targetLabel: row.name,
      before: { reviewState: 'pending' },
      after: { reviewState: 'refused', reason },
    });
    await notify(tx, mailer, {
      userId: row.sellerId,
      kind: 'listing-refused',
      params: { productId: row.id, productName: row.name },
      link: MY_PRODUCTS,
    });
  });
}
