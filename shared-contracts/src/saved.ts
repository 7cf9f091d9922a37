import { z } from './zod';
import { IdSchema, PaginationQuerySchema } from './pagination';
import { SalesStatusSchema } from './products';

/**
 * Saved laptops (docs/product.md#saved-laptops): any signed-in user saves listings of other
 * sellers; the Saved page shows each with its current price and status.
 */
export const SavedProductParamsSchema = z.object({ productId: IdSchema });

export const SavedListingSchema = z.object({
  productId: z.string(),
  productName: z.string(),
  /** The listing's price now, in taka. */
  price: z.number(),
  status: SalesStatusSchema,
  image: z.string(),
  categoryName: z.string(),
  /** False once the seller or an admin removed the listing (or the seller's account is gone). */
  listed: z.boolean(),
  savedAt: z.string(),
});
export type SavedListing = z.infer<typeof SavedListingSchema>;
export const SavedListingListSchema = z.array(SavedListingSchema);

export const SavedListQuerySchema = PaginationQuerySchema;

/** GET /saved/ids: every product id the signed-in user saved (for the hearts), newest first. */
export const SavedIdsSchema = z.object({ ids: z.array(z.string()) });
export type SavedIds = z.infer<typeof SavedIdsSchema>;

/** PUT /saved/:productId and DELETE /saved/:productId answer whether it is saved now. */
export const SavedStateSchema = z.object({ acknowledged: z.boolean(), saved: z.boolean() });
export type SavedState = z.infer<typeof SavedStateSchema>;

/** At most this many ids come back from GET /saved/ids; saving more is refused. */
export const MAX_SAVED = 500;
