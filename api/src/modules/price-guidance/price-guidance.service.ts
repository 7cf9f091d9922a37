import {
  MIN_COMPARABLES,
  type PriceGuidance,
  type PriceGuidanceQuery,
} from 'shared-contracts/price-guidance';
import type { Database } from '../../db/index';
import { resolveCategoryRef } from '../../services/spec-references';
import { comparablePrices } from './price-guidance.repository';

/**
 * A listing's model family: the first word of its name that is not the brand, lower case, letters
 * and digits only ("Lenovo ThinkPad T480" → "thinkpad", "MacBook Air M1" → "macbook"). Listings carry
 * no model field, and the first word after the brand is the series buyers compare across
 * (ThinkPad, IdeaPad, Pavilion, XPS); null when the name has no such word.
 */
export function modelFamilyOf(productName: string, brandName: string): string | null {
  const brand = brandName.toLowerCase().replace(/[^a-z0-9]/g, '');
  for (const word of productName.toLowerCase().split(/[^a-z0-9]+/)) {
    if (word.length >= 2 && word !== brand) return word;
  }
  return null;
}

const units = (cents: number | null) => (cents === null ? null : Math.round(cents) / 100);

/** The asking prices of comparable listings, or only their count when there are too few to judge. */
export async function priceGuidance(db: Database, query: PriceGuidanceQuery): Promise<PriceGuidance> {
  const category = await resolveCategoryRef(db, query.category, 'querystring.category');
  const modelFamily = modelFamilyOf(query.productName, category.name);
  const none = { modelFamily, count: 0, enough: false, median: null, min: null, max: null };
  if (modelFamily === null) return none;
  const prices = await comparablePrices(db, {
    categoryId: category.id,
    modelFamily,
    ramGb: query.ramGb,
    storageGb: query.storageGb,
    quality: query.quality,
    excludeProductId: query.excludeProductId,
  });
  if (prices.count < MIN_COMPARABLES) return { ...none, count: prices.count };
  return {
    modelFamily,
    count: prices.count,
    enough: true,
    median: units(prices.median),
    min: units(prices.min),
    max: units(prices.max),
  };
}
