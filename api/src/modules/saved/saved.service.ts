import type { NotificationKind, NotificationParams } from 'shared-contracts/notifications';
import { MAX_SAVED } from 'shared-contracts/saved';
import type { Database, Executor } from '../../db/index';
import type { UserRow } from '../../db/schema/index';
import type { Mailer } from '../../email/mailer';
import { owns } from '../../auth/access';
import { conflict, notFound } from '../../lib/errors';
import { notify } from '../notifications/notifications.service';
import {
  countSaved,
  deleteSaved,
  findLiveListingSeller,
  insertSaved,
  listingEverExisted,
  listSavers,
  lockSaver,
} from './saved.repository';

/**
 * Saved laptops (docs/product.md#saved-laptops). Any signed-in user saves another seller's live
 * listing; saving twice is the same row (the primary key), removing an unsaved one is no error.
 */
export async function saveListing(db: Database, user: UserRow, productId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const product = await findLiveListingSeller(tx, productId);
    if (!product) throw notFound(`No product with id ${productId}`, 'product_not_found');
    if (owns(user, { id: product.sellerId }))
      throw conflict('You cannot save your own listing', 'own_listing');
    await lockSaver(tx, user.id);
    const saved = await countSaved(tx, user.id);
    const inserted = await insertSaved(tx, user.id, productId);
    if (inserted && saved >= MAX_SAVED)
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
  if (await deleteSaved(db, user.id, productId)) return;
  if (!(await listingEverExisted(db, productId)))
    throw notFound(`No product with id ${productId}`, 'product_not_found');
}

/**
 * Tells every user who saved `productId` (not the seller, not deleted accounts) that its price
 * dropped or it was sold: one bell row, e-mail and live event each, inside the caller's
 * transaction so they exist only if the change commits. Called by updateProduct (a lower price)
 * and by the sale of the laptop (modules/bookings/bookings.lifecycle.ts).
 */
export async function notifySavers(
  tx: Executor,
  mailer: Mailer,
  productId: string,
  kind: Extract<NotificationKind, 'saved-price-drop' | 'saved-sold'>,
  params: NotificationParams,
): Promise<number> {
  const savers = await listSavers(tx, productId);
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
