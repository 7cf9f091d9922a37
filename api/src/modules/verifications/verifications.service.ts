import { randomInt } from 'node:crypto';
import {
  CODE_ALPHABET,
  CODE_LENGTH,
  normaliseSerial,
  serialFormatProblem,
} from 'shared-contracts/device-serials';
import type { SerialConflictKind } from 'shared-contracts/verifications';
import type { Database, Executor } from '../../db/index';
import type { UserRow } from '../../db/schema/index';
import { conflict, forbidden, HttpError, isUniqueViolation, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { Mailer } from '../../email/mailer';
import { adminActor, recordAudit } from '../../services/audit';
import { notify } from '../notifications/notifications.service';
import {
  decideVerification,
  findVerifiableListing,
  insertVerification,
  latestVerificationOf,
  lockVerification,
  serialConflictOf,
  setListingSerial,
  setListingVerified,
  storeVerificationPhoto,
} from './verifications.repository';
import { holdForReview } from '../moderation/moderation.service';
import { alertVerifiedOnlySearches } from '../saved-searches/saved-searches.service';

/**
 * Verified devices (docs/product.md#verified-devices, docs/decisions/0057-verified-devices.md):
 * the seller's serial number and photo, and the operators' decision. The full serial leaves the
 * API only in the operators' queue (verifications.wire.ts).
 */

/** Where the seller follows the verification: the bell's link. */
const MY_PRODUCTS = '/dashboard/my-products';

/** A one-time code from the unambiguous alphabet (shared-contracts/device-serials.ts). */
export const newVerificationCode = () =>
  Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

const CONFLICT_ANSWERS: Record<SerialConflictKind, HttpError> = {
  duplicate: conflict(
    'This serial number is already on another listing. Our team will look at it.',
    'serial_in_use',
  ),
  'reported-stolen': conflict(
    'This serial number was reported stolen. Our team will look at it.',
    'serial_reported_stolen',
  ),
};

/**
 * A serial that is on another active listing, or reported stolen: the submission waits for the
 * operators (its row says which conflict) instead of going on to the photo step.
 */
export async function onSerialConflict(tx: Executor, productId: string, kind: SerialConflictKind) {
  // The listing leaves the public lists until an operator has looked (docs/product.md#moderation).
  const detail = kind === 'duplicate' ? 'serial on another active listing' : 'serial reported stolen';
  await holdForReview(tx, productId, [{ code: 'serial-conflict', detail }]);
}

/** The listing the caller verifies: theirs, not removed, not sold. */
async function ownListing(db: Executor, seller: UserRow, productId: string) {
  const listing = await findVerifiableListing(db, productId);
  if (!listing) throw notFound(`No product with id ${productId}`, 'product_not_found');
  if (listing.sellerId !== seller.id) throw forbidden('This product belongs to another seller');
  return listing;
}

/**
 * POST /products/{id}/verification: the serial is checked against the brand's format, normalised
 * and put on the listing with a new one-time code. A serial reported stolen or on another active
 * listing is recorded for the operators and answered 409.
 */
export async function submitSerial(db: Database, seller: UserRow, productId: string, typed: string) {
  const listing = await ownListing(db, seller, productId);
  if (listing.status === 'sold') throw conflict('This product has already been sold', 'product_sold');
  const problem = serialFormatProblem(listing.brand, typed);
  if (problem)
    throw new HttpError(400, 'serial_format', `This serial number does not fit: ${problem.en}`, {
      format: problem.bn,
    });
  const latest = await latestVerificationOf(db, productId);
  if (latest?.state === 'pending')
    throw conflict('The photo is waiting for an operator; wait for the answer', 'verification_pending');
  if (latest?.state === 'approved') throw conflict('This device is already verified', 'already_verified');
  const serial = normaliseSerial(typed);

  const recordConflict = (kind: SerialConflictKind) =>
    db.transaction(async (tx) => {
      await insertVerification(tx, {
        id: newId(),
        productId,
        sellerId: seller.id,
        serial,
        code: newVerificationCode(),
        state: 'conflict',
        conflict: kind,
      });
      await onSerialConflict(tx, productId, kind);
    });

  const kind = await serialConflictOf(db, productId, serial);
  if (kind) {
    await recordConflict(kind);
    throw CONFLICT_ANSWERS[kind];
  }
  // A code collision (one in 244 million) gets another code; a serial taken between the check and
  // the write (a race with another seller) is the duplicate conflict after all.
  for (let attempt = 0; ; attempt++) {
    const id = newId();
    try {
      await db.transaction(async (tx) => {
        await setListingSerial(tx, productId, serial);
        await insertVerification(tx, {
          id,
          productId,
          sellerId: seller.id,
          serial,
          code: newVerificationCode(),
        });
      });
      return id;
    } catch (err) {
      if (isUniqueViolation(err, 'products_active_serial_idx')) {
        await recordConflict('duplicate');
        throw CONFLICT_ANSWERS.duplicate;
      }
      if (attempt < 3 && isUniqueViolation(err, 'device_verifications_code_idx')) continue;
      throw err;
    }
  }
}

/** POST /products/{id}/verification/photo: the photo of the screen with the code beside it. */
export async function attachPhoto(db: Database, seller: UserRow, productId: string, photo: Buffer) {
  await ownListing(db, seller, productId);
  const latest = await latestVerificationOf(db, productId);
  if (latest?.state !== 'awaiting-photo')
    throw conflict('Enter the serial number first: the photo shows its code', 'verification_state');
  await db.transaction((tx) => storeVerificationPhoto(tx, latest.id, photo));
}

/** The seller's latest submission for their listing. */
export async function myVerification(db: Database, seller: UserRow, productId: string) {
  await ownListing(db, seller, productId);
  return latestVerificationOf(db, productId);
}

export type VerificationDecision = { move: 'approve' } | { move: 'refuse'; reason: string };

/**
 * An operator approves (the listing gets its badge) or refuses (with the reason the seller reads) a
 * submission whose photo is in; written to the audit log, and the seller hears of it in the bell.
 */
export async function decide(
  db: Database,
  mailer: Mailer,
  admin: UserRow,
  id: string,
  decision: VerificationDecision,
) {
  await db.transaction(async (tx) => {
    const row = await lockVerification(tx, id);
    if (!row) throw notFound(`No device verification with id ${id}`, 'verification_not_found');
    const approving = decision.move === 'approve';
    // A conflict item can only be refused: its serial is not on the listing.
    const open = row.state === 'pending' || (!approving && row.state === 'conflict');
    if (!open) throw conflict(`This verification is ${row.state}`, 'verification_decided');
    const state = approving ? 'approved' : 'refused';
    const reason = decision.move === 'refuse' ? decision.reason : null;
    await recordAudit(tx, adminActor(admin), {
      action: approving ? 'verification.approve' : 'verification.refuse',
      targetType: 'verification',
      targetId: row.id,
      targetLabel: row.productName,
      before: { state: row.state },
      after: { state, productId: row.productId, ...(reason ? { reason } : {}) },
    });
    await decideVerification(tx, row.id, admin.id, state, reason);
    if (row.listingSerial === row.serial) {
      await setListingVerified(tx, row.productId, approving);
      // Searches for verified devices only hear of the listing now that it is one.
      if (approving) await alertVerifiedOnlySearches(tx, row.productId);
    }
    await notify(tx, mailer, {
      userId: row.sellerId,
      kind: approving ? 'verification-approved' : 'verification-refused',
      params: { productId: row.productId, productName: row.productName, ...(reason ? { reason } : {}) },
      link: MY_PRODUCTS,
    });
  });
}
