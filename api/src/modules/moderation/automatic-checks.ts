import type { Executor } from '../../db';
import type { ModerationFlag } from 'shared-contracts/moderation';
import { MIN_COMPARABLES } from 'shared-contracts/price-guidance';
import { photoHash } from '../../lib/photo-hash';
import { comparablePrices } from '../price-guidance/price-guidance.repository';
import { modelFamilyOf } from '../price-guidance/price-guidance.service';
import {
  listingUnderCheck,
  listingWithSimilarPhoto,
  photoHashesOf,
  savePhotoHash,
} from './automatic-checks.repository';
import { allModerationWords } from '../moderation-words/moderation-words.repository';
import { findContact, findListedWord } from './text-checks';

/**
 * The automatic checks (docs/decisions/0061-automatic-moderation-checks.md), one function each.
 * Each answers its flag, with a `detail` that tells the operator what was found, or null.
 */

/** What the checks read of a listing: a stored one's row, or a new one's form before it is written. */
type Listing = NonNullable<Awaited<ReturnType<typeof listingUnderCheck>>>;

/**
 * Two dHashes at most this many of their 64 bits apart are the same photo. A re-encoded, resized or
 * lightly recompressed copy stays within 0–2 bits, two different photos differ in about 32, and
 * random hashes fall within 4 bits of each other about once in 27 billion pairs; 4 also lets the
 * five band indexes answer exactly (4 differing bits leave one of 5 bands untouched).
 */
export const MAX_PHOTO_DISTANCE = 4;

/** `images/<name>` (how listings store our photos) → `<name>`; null for anything else. */
const storedFileName = (url: string) => (url.startsWith('images/') ? url.slice('images/'.length) : null);

/** 'photo-reused': a photo of this listing is (nearly) a photo on another seller's live listing. */
export async function checkPhotoReused(tx: Executor, listing: Listing): Promise<ModerationFlag | null> {
  const names = listing.photoUrls.map(storedFileName);
  const stored = await photoHashesOf(
    tx,
    names.filter((n): n is string => n !== null),
  );
  for (const [position, name] of names.entries()) {
    const row = stored.find((r) => r.fileName === name);
    if (!row) continue;
    let phash = row.phash;
    // A photo stored before hashes existed and not yet reached by the startup backfill.
    if (phash === null && row.data) {
      phash = await photoHash(row.data);
      await savePhotoHash(tx, row.fileName, phash);
    }
    if (phash === null) continue;
    const match = await listingWithSimilarPhoto(tx, {
      phash,
      fileName: row.fileName,
      sellerId: listing.sellerId,
      productId: listing.id,
      maxDistance: MAX_PHOTO_DISTANCE,
    });
    if (match)
      return {
        code: 'photo-reused',
        detail: `Photo ${position + 1} matches a photo of listing ${match.productId} by another seller (${match.distance} of 64 bits differ)`,
      };
  }
  return null;
}

const taka = (cents: number) =>
  (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 });

/**
 * 'price-below-half-median': the asking price is under half the median of comparable listings,
 * by the price guidance's own definition, judged only with at least MIN_COMPARABLES of them.
 */
export async function checkPriceBelowHalfMedian(
  tx: Executor,
  listing: Listing,
): Promise<ModerationFlag | null> {
  if (listing.ramGb === null || listing.storageGb === null) return null;
  const modelFamily = modelFamilyOf(listing.name, listing.brandName);
  if (modelFamily === null) return null;
  const prices = await comparablePrices(tx, {
    categoryId: listing.categoryId,
    modelFamily,
    ramGb: listing.ramGb,
    storageGb: listing.storageGb,
    quality: listing.quality,
    excludeProductId: listing.id,
  });
  if (prices.count < MIN_COMPARABLES || prices.median === null) return null;
  if (listing.priceCents * 2 >= prices.median) return null;
  return {
    code: 'price-below-half-median',
    detail: `Asking ৳${taka(listing.priceCents)}, under half the median ৳${taka(prices.median)} of ${prices.count} comparable listings`,
  };
}

/** 'contact-in-description': a phone number, e-mail address or link in the description or name. */
export function checkContactInDescription(
  listing: Pick<Listing, 'name' | 'description'>,
): ModerationFlag | null {
  const found = findContact(listing.description) ?? findContact(listing.name);
  return found ? { code: 'contact-in-description', detail: `Found “${found.slice(0, 200)}”` } : null;
}

/** 'listed-word': a word of the operators' list, as a whole word, in the name or description. */
export function checkListedWord(
  listing: Pick<Listing, 'name' | 'description'>,
  words: readonly string[],
): ModerationFlag | null {
  const found = findListedWord(`${listing.name}\n${listing.description}`, words);
  return found ? { code: 'listed-word', detail: `Found “${found}”` } : null;
}

/**
 * The automatic checks a listing goes through before it is public: each flag found sends it to the
 * moderation queue instead (docs/product.md#moderation). A new listing is checked from its form,
 * before its row is written, so the row is written once, already public or already held
 * (products.service.ts createProduct); an edited refused listing is read back and checked again.
 */
export async function automaticFlagsOf(tx: Executor, listing: Listing): Promise<ModerationFlag[]> {
  // Side by side: on a pool each check's queries take a connection of their own; on one
  // connection (a transaction, PGlite) they queue, as they would one after another.
  const [photoReused, priceBelowHalf, words] = await Promise.all([
    checkPhotoReused(tx, listing),
    checkPriceBelowHalfMedian(tx, listing),
    allModerationWords(tx),
  ]);
  const flags = [
    photoReused,
    priceBelowHalf,
    checkContactInDescription(listing),
    checkListedWord(listing, words),
  ];
  return flags.filter((f): f is ModerationFlag => f !== null);
}

/** The automatic checks of a stored listing (none for a listing that is gone). */
export async function automaticFlags(tx: Executor, productId: string): Promise<ModerationFlag[]> {
  const listing = await listingUnderCheck(tx, productId);
  return listing ? automaticFlagsOf(tx, listing) : [];
}
