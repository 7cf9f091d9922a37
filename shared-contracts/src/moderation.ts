import { z } from './zod';
import { listQuerySchema } from './pagination';
import { singleLineText } from './text';

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

/** Where a listing stands with the operators: only a published one is public. */
export const ReviewStates = ['published', 'pending', 'refused'] as const;
export const ReviewStateSchema = z.enum(ReviewStates);
export type ReviewState = z.infer<typeof ReviewStateSchema>;

/** One listing waiting in the operators' moderation queue (GET /admin/moderation). */
export const ModerationItemSchema = z.object({
  _id: z.string(),
  productName: z.string(),
  sellerEmail: z.string(),
  sellerName: z.string(),
  price: z.number(),
  photos: z.array(z.string()),
  /** The description's first characters: enough for the operator to judge, not the whole text. */
  excerpt: z.string(),
  flags: z.array(ModerationFlagSchema),
  createdAt: z.string(),
});
export type ModerationItem = z.infer<typeof ModerationItemSchema>;
export const ModerationListSchema = z.array(ModerationItemSchema);

/** GET /admin/moderation: oldest first (first come, first decided); `q` matches name and seller e-mail. */
export const ModerationSorts = { createdAt: 'asc', productName: 'asc', price: 'asc' } as const;
export const ModerationQuerySchema = listQuerySchema(ModerationSorts);
export type ModerationQuery = z.infer<typeof ModerationQuerySchema>;

export const MIN_REFUSAL_REASON_LENGTH = 3;
export const MAX_REFUSAL_REASON_LENGTH = 300;

/** POST /admin/moderation/:id/refuse: the reason the seller reads on their listing. */
export const RefuseListingSchema = z.object({
  reason: singleLineText().trim().min(MIN_REFUSAL_REASON_LENGTH).max(MAX_REFUSAL_REASON_LENGTH),
});
export type RefuseListing = z.infer<typeof RefuseListingSchema>;

/** How many characters of the description the queue shows. */
export const MODERATION_EXCERPT_LENGTH = 200;
