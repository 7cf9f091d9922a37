import { z } from './zod';
import { singleLineText } from './text';
import { QualitySchema } from './products';
import { SPEC_LIMITS } from './listing-vocabulary';

/** With fewer comparable listings than this, price guidance says so instead of guessing. */
export const MIN_COMPARABLES = 5;

/**
 * GET /price-guidance: what a seller has typed so far on Add a Product or Edit price
 * (docs/product.md#price-guidance). `category` is the brand (an id or a name, as on POST /add-products);
 * `productName` gives the model family (its first word that is not the brand).
 */
export const PriceGuidanceQuerySchema = z.object({
  category: singleLineText().trim().min(1).max(60),
  productName: singleLineText().trim().min(1).max(120),
  ramGb: z.coerce.number().int().min(SPEC_LIMITS.ramGb.min).max(SPEC_LIMITS.ramGb.max),
  storageGb: z.coerce.number().int().min(SPEC_LIMITS.storageGb.min).max(SPEC_LIMITS.storageGb.max),
  quality: QualitySchema,
  /** The listing being edited: it is not its own comparable. */
  excludeProductId: singleLineText().trim().min(1).max(64).optional(),
});
export type PriceGuidanceQuery = z.infer<typeof PriceGuidanceQuerySchema>;

/**
 * Asking prices (not sale prices) of comparable public listings, in currency units. `median`, `min`
 * and `max` are null when `count` is under MIN_COMPARABLES: too few to judge.
 */
export const PriceGuidanceSchema = z.object({
  modelFamily: z.string().nullable(),
  count: z.number().int(),
  enough: z.boolean(),
  median: z.number().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
});
export type PriceGuidance = z.infer<typeof PriceGuidanceSchema>;
