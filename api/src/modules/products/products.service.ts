import type { LifecycleDeps } from '../bookings/bookings.lifecycle';
import { closeOffersOfRemovedListing } from '../offers/offers.service';
import { formatStorage, normaliseCpu } from 'shared-contracts/listing-vocabulary';
import { listingAllows } from 'shared-contracts/sales-status';
import type {
  CreateProduct,
  ReadSpecs,
  SellerProductsQuery,
  SpecsInput,
  UpdateProduct,
} from 'shared-contracts/products';
import type { Database } from '../../db/index';
import type { UserRow } from '../../db/schema/index';
import type { Mailer } from '../../email/mailer';
import { isAdmin, owns, requireOwner } from '../../auth/access';
import { conflict, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { fromCents, toCents } from '../../lib/money';
import { adminActor, recordAudit } from '../../services/audit';
import { notifySavers } from '../saved/saved.service';
import { automaticFlags, automaticFlagsOf } from '../moderation/automatic-checks';
import { heldFlags, listingsEverCreated } from '../moderation/moderation.repository';
import { holdForReview, reviewNewListing } from '../moderation/moderation.service';
import { FIRST_LISTINGS_REVIEWED, type ModerationFlag } from 'shared-contracts/moderation';
import { resolveCategoryRef } from '../../services/spec-references';
import {
  insertProduct,
  listSellerProducts,
  lockProduct,
  softDeleteProduct,
  updateProductSettings,
  updateProductSpecs,
} from './products.repository';
import { readSpecsFromText } from './spec-reader';

/** The spec columns of a listing from what the seller gave (docs/product.md#laptop-specs). */
export function specColumns(specs: SpecsInput) {
  const cpu = normaliseCpu(specs.processor);
  return {
    processor: specs.processor.trim(),
    cpuFamily: cpu.family,
    cpuLine: cpu.line,
    ramGb: specs.ramGb,
    storageGb: specs.storageGb,
    storageType: specs.storageType,
    screenTenths: Math.round(specs.screenInches * 10),
    resolution: specs.resolution.trim(),
    graphics: specs.graphics.trim(),
    batteryHealthPercent: specs.batteryHealthPercent ?? null,
    batteryHealthSource: specs.batteryHealthSource ?? null,
    os: specs.os,
    warrantyMonths: specs.warrantyMonths ?? null,
  };
}

/**
 * The spec columns of a listing posted without specs: what its name and description say, every
 * other spec unknown, and unconfirmed until the seller gives them (docs/product.md#laptop-specs).
 */
export function readSpecColumns(read: ReadSpecs) {
  return {
    processor: read.processor,
    cpuFamily: read.cpuFamily,
    cpuLine: read.cpuLine,
    ramGb: read.ramGb,
    storageGb: read.storageGb,
    storageType: read.storageType,
    screenTenths: read.screenInches === null ? null : Math.round(read.screenInches * 10),
    resolution: null,
    graphics: null,
    batteryHealthPercent: null,
    batteryHealthSource: null,
    os: null,
    warrantyMonths: null,
    specsConfirmed: false,
  };
}

interface SpecWords {
  processor: string | null;
  cpuFamily: string | null;
  ramGb: number | null;
  storageGb: number | null;
  storageType: string | null;
  graphics: string | null;
  os: string | null;
}

/**
 * The words a listing is found by besides its name and description: brand, processor, memory,
 * storage, graphics and system, spelled the ways buyers type them ('16gb', '16 gb', 'ssd'). An
 * unknown spec adds no word.
 */
export function searchKeywords(brand: string, specs: SpecWords | null): string {
  if (!specs) return brand;
  return [
    brand,
    specs.processor,
    specs.cpuFamily,
    specs.ramGb === null ? null : `${specs.ramGb}gb ram`,
    specs.storageGb === null
      ? null
      : `${formatStorage(specs.storageGb).replace(' ', '')} ${specs.storageType ?? ''}`.trim(),
    specs.graphics,
    specs.os,
  ]
    .filter((word): word is string => word !== null)
    .join(' ');
}

/**
 * GET /add-products: My Products of the seller with this e-mail (the caller's when none is given);
 * only an admin reads another seller's.
 */
export async function listProductsOf(db: Database, caller: UserRow, query: SellerProductsQuery) {
  const email = query.email?.toLowerCase() ?? caller.email;
  requireOwner(caller, { email }, 'You can only list your own products', { admin: true });
  return listSellerProducts(db, email, query);
}

export async function createProduct(db: Database, seller: UserRow, input: CreateProduct): Promise<string> {
  // The spec's form names the category by id or by name (api/README.md, compatibility table).
  const category = await resolveCategoryRef(db, input.category);
  const id = newId();
  const specs = input.specs
    ? { ...specColumns(input.specs), specsConfirmed: true }
    : readSpecColumns(readSpecsFromText(input.productName, input.description));
  const listing = {
    id,
    sellerId: seller.id,
    categoryId: category.id,
    brandName: category.name,
    name: input.productName,
    description: input.description,
    priceCents: toCents(input.price),
    quality: input.quality,
    ramGb: specs.ramGb,
    storageGb: specs.storageGb,
    photoUrls: input.photos ?? [input.image],
  };
  // A seller's first listings (removed ones count) wait for an operator, and so does any listing
  // an automatic check flags; the rest are public at once (docs/product.md#moderation). The checks
  // only read, so they run side by side on the pool before the transaction, from the form: the
  // publish waits for the slowest check rather than their sum, and the row is written once,
  // already held or already public. Two of a seller's publishes racing each count the listings
  // before both, so near the limit the race errs toward review.
  const [listedBefore, checkFlags] = await Promise.all([
    listingsEverCreated(db, seller.id),
    automaticFlagsOf(db, listing),
  ]);
  const flags: ModerationFlag[] = [
    ...(listedBefore < FIRST_LISTINGS_REVIEWED ? [{ code: 'first-listings' as const }] : []),
    ...checkFlags,
  ];
  // The listing, its review and (when published) its saved-search alerts commit together
  // (docs/decisions/0058-saved-search-alerts.md, 0060-listing-review.md).
  await db.transaction(async (tx) => {
    await insertProduct(tx, {
      ...specs,
      photoUrls: listing.photoUrls,
      searchKeywords: searchKeywords(category.name, specs),
      id,
      sellerId: seller.id,
      categoryId: category.id,
      name: listing.name,
      priceCents: listing.priceCents,
      originalPriceCents: input.originalPrice === undefined ? null : toCents(input.originalPrice),
      quality: input.quality,
      phone: input.phone,
      location: input.location,
      description: input.description,
      year: input.year,
      imageUrl: input.image,
      showContact: input.showContact ?? true,
      reviewState: flags.length > 0 ? 'pending' : 'published',
    });
    await reviewNewListing(tx, id, flags);
  });
  return id;
}

/**
 * Sellers delete their own listings, admins any. Soft delete; the advert disappears with it and its
 * open offers close.
 */
export async function deleteProduct(db: Database, deps: LifecycleDeps, caller: UserRow, id: string) {
  await db.transaction(async (tx) => {
    const row = await lockProduct(tx, id);
    if (!row) throw notFound(`No product with id ${id}`, 'product_not_found');
    requireOwner(caller, { id: row.sellerId }, 'This product belongs to another seller', { admin: true });
    await softDeleteProduct(tx, id);
    await closeOffersOfRemovedListing(tx, deps, { productId: row.id, productName: row.name });
    // A seller removing their own listing is not an admin action; an admin removing one is.
    if (isAdmin(caller)) {
      await recordAudit(tx, adminActor(caller), {
        action: 'product.delete',
        targetType: 'product',
        targetId: row.id,
        targetLabel: row.name,
        before: { deleted: false },
        after: { deleted: true },
      });
    }
  });
}

/**
 * PATCH /add-products/:id: the owner changes the price, whether phone and e-mail show, or gives
 * the specs (which confirms them). Another seller's listing, a removed one or one whose seller is
 * gone answers 404 (as if it did not exist); a sold laptop's price is final (409). A lower price
 * tells everyone who saved it, in the same transaction (docs/product.md#saved-laptops); a rise
 * tells no one.
 */
export async function updateProduct(
  db: Database,
  mailer: Mailer,
  seller: UserRow,
  id: string,
  input: UpdateProduct,
): Promise<{ price: number; showContact: boolean; specsConfirmed: boolean }> {
  return db.transaction(async (tx) => {
    // Another seller's listing answers as if it did not exist.
    const row = await lockProduct(tx, id);
    if (!row || !owns(seller, { id: row.sellerId }))
      throw notFound(`No product with id ${id}`, 'product_not_found');
    const priceCents = input.price === undefined ? row.priceCents : toCents(input.price);
    if (priceCents !== row.priceCents && !listingAllows(row.status, 'edit-price'))
      throw conflict('The price of a sold laptop cannot change', 'product_sold');
    const showContact = input.showContact ?? row.showContact;
    await updateProductSettings(tx, id, { priceCents, showContact });
    if (input.specs) {
      const specs = specColumns(input.specs);
      await updateProductSpecs(tx, id, {
        ...specs,
        specsConfirmed: true,
        searchKeywords: searchKeywords(row.categoryName, specs),
      });
    }
    // An edited refused listing goes back to the operators, with what held it before and what the
    // automatic checks find now (docs/product.md#moderation).
    if (row.reviewState === 'refused') {
      const flags = [...(await heldFlags(tx, id)), ...(await automaticFlags(tx, id))];
      await holdForReview(tx, id, flags);
    }
    if (priceCents < row.priceCents) {
      await notifySavers(tx, mailer, id, 'saved-price-drop', {
        productName: row.name,
        price: fromCents(priceCents),
        previousPrice: fromCents(row.priceCents),
      });
    }
    return {
      price: fromCents(priceCents),
      showContact,
      specsConfirmed: input.specs ? true : row.specsConfirmed,
    };
  });
}
