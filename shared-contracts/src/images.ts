import { z } from './zod';
import { ownImageFileName } from './image-sizes';
import { withCleanText } from './text';

/** POST /images (multipart field `image`): the same answer shape as the original client's image host. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** The photo types a page lets a person choose (the API converts each to WebP). */
export const IMAGE_UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** A photo chosen in a form, before it is sent to POST /images. */
export const ImageFileSchema = z
  .file()
  .mime([...IMAGE_UPLOAD_TYPES])
  .max(MAX_IMAGE_BYTES);
export const ImageUploadResponseSchema = z.object({
  data: z.object({ url: z.string(), width: z.number().int(), height: z.number().int() }),
});
export type ImageUploadResponse = z.infer<typeof ImageUploadResponseSchema>;

/** The answer when a listing or profile names an image this site does not store. */
export const NOT_OWN_IMAGE_MESSAGE = 'must be an image uploaded to this site (POST /images)';

/**
 * A listing or profile image: only URLs of images this site stores (docs/product.md#photos), so no
 * page makes a buyer's browser call someone else's server. The shape is checked here; the API also
 * checks the origin and that the image exists.
 */
export const OwnImageUrlSchema = withCleanText(
  z.url({ protocol: /^https?$/ }).max(2048),
  'single-line',
).refine((url) => ownImageFileName(url) !== null, { message: NOT_OWN_IMAGE_MESSAGE });

/**
 * An image a listing names when it is posted: one of ours (as OwnImageUrlSchema), or an https URL
 * on another site, which the API imports once and stores as one of ours (docs/product.md#photos).
 * Only the shape is checked here; the API checks the rest.
 */
export const ListingImageUrlSchema = withCleanText(
  z.url({ protocol: /^https?$/ }).max(2048),
  'single-line',
).describe(
  'An image uploaded to this site (POST /images), or an https URL of an image on another site that the API imports',
);
