import { z } from './zod';

/**
 * Why a listing waits for an operator before it is public (docs/product.md, issue 41's moderation
 * queue). One listing can carry several; each comes with a short detail for the operator (which
 * photo, which word, the median it was compared with).
 */
export const ModerationFlagCodes = [
  // The seller's first listings (FIRST_LISTINGS_REVIEWED) wait for review whatever they say.
  'first-listings',
  // A photo whose perceptual hash is (nearly) that of a photo on another seller's listing.
  'photo-reused',
  // An asking price under half the median of comparable listings (the price guidance's rule).
  'price-below-half-median',
  // A phone number, e-mail address or link in the description.
  'contact-in-description',
  // A word from the operators' moderation word list.
  'listed-word',
  // A serial number already on another active listing, or reported stolen (device verification).
  'serial-conflict',
] as const;
export type ModerationFlagCode = (typeof ModerationFlagCodes)[number];

export const ModerationFlagSchema = z.object({
  code: z.enum(ModerationFlagCodes),
  detail: z.string().max(300).optional(),
});
export type ModerationFlag = z.infer<typeof ModerationFlagSchema>;

/** A seller's first this-many listings wait for an operator. */
export const FIRST_LISTINGS_REVIEWED = 3;
