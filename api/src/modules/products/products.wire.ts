import type { Product, ReadSpecs, Specs } from 'shared-contracts/products';
import type { UserRow } from '../../db/schema/index';
import { fromCents } from '../../lib/money';
import { resolveAssetUrl } from '../../lib/http';
import type { ProductJoinRow } from './products.repository';

/** How a listing row becomes the API's Product (shared-contracts/products.ts): money, URLs, contact. */

/** The average to one decimal, or null: what every page shows of a seller's reviews. */
export function sellerRating(count: number | null, sum: number | null) {
  const n = count ?? 0;
  return { average: n > 0 ? Math.round(((sum ?? 0) * 10) / n) / 10 : null, count: n };
}

function toSpecs(row: ProductJoinRow): Specs | null {
  if (!row.specsConfirmed) return null;
  if (row.processor === null || row.ramGb === null || row.storageGb === null || row.screenTenths === null)
    return null;
  return {
    processor: row.processor,
    cpuFamily: row.cpuFamily ?? row.processor,
    cpuLine: (row.cpuLine ?? 'other') as Specs['cpuLine'],
    ramGb: row.ramGb,
    storageGb: row.storageGb,
    storageType: row.storageType ?? 'SSD',
    screenInches: row.screenTenths / 10,
    resolution: row.resolution ?? '',
    graphics: row.graphics ?? '',
    batteryHealthPercent: row.batteryHealthPercent,
    batteryHealthSource: row.batteryHealthSource as Specs['batteryHealthSource'],
    os: (row.os ?? 'None') as Specs['os'],
    warrantyMonths: row.warrantyMonths,
  };
}

/** An unconfirmed listing's specs as read, each unknown one null (never a zero). */
function toReadSpecs(row: ProductJoinRow): ReadSpecs | null {
  if (row.specsConfirmed) return null;
  return {
    processor: row.processor,
    cpuFamily: row.cpuFamily,
    cpuLine: row.cpuLine as ReadSpecs['cpuLine'],
    ramGb: row.ramGb,
    storageGb: row.storageGb,
    storageType: row.storageType,
    screenInches: row.screenTenths === null ? null : row.screenTenths / 10,
  };
}

/** Who reads a product payload: the signed-in caller, or null for a visitor. */
export type ProductViewer = Pick<UserRow, 'id' | 'role'> | null | undefined;

/**
 * Whether the reader gets the seller's phone and e-mail: always when the seller shows them;
 * otherwise only the seller and admins (docs/product.md#contact-details-on-a-listing). Shared
 * cached answers are computed for visitors only (plugins/catalog-cache.ts answers signed-in
 * callers fresh), so a revealed number never lands in the cache.
 */
export const seesContact = (row: Pick<ProductJoinRow, 'showContact' | 'sellerId'>, viewer: ProductViewer) =>
  row.showContact || (!!viewer && (viewer.role === 'admin' || viewer.id === row.sellerId));

export function toProduct(row: ProductJoinRow, publicApiUrl: string, viewer?: ProductViewer): Product {
  const price = fromCents(row.priceCents);
  const image = resolveAssetUrl(row.imageUrl, publicApiUrl);
  const contact = seesContact(row, viewer);
  return {
    _id: row.id,
    productName: row.name,
    email: contact ? row.sellerEmail : null,
    sellerName: row.sellerName,
    price,
    image,
    quality: row.quality,
    phone: contact ? row.phone : null,
    location: row.location,
    category: row.categoryId,
    categoryName: row.categoryName,
    description: row.description,
    year: row.year,
    resale: price,
    original: row.originalPriceCents === null ? null : fromCents(row.originalPriceCents),
    useYear: Math.max(0, new Date().getFullYear() - row.year),
    rating: row.rating,
    status: row.status,
    advertised: row.advertId !== null,
    createdAt: new Date(row.createdAt).toISOString(),
    specs: toSpecs(row),
    specsConfirmed: row.specsConfirmed,
    specsRead: toReadSpecs(row),
    photos:
      row.photoUrls.length > 0 ? row.photoUrls.map((url) => resolveAssetUrl(url, publicApiUrl)) : [image],
    seller: {
      _id: row.sellerId,
      name: row.sellerName,
      rating: sellerRating(row.sellerRatingCount, row.sellerRatingSum),
    },
    showContact: row.showContact,
    // Only that an operator checked it and when: nothing of the serial leaves the API here.
    verifiedDevice: row.verifiedAt ? { checkedAt: new Date(row.verifiedAt).toISOString() } : null,
  };
}
