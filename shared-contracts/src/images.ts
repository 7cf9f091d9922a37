import { z } from 'zod';

/** POST /images (multipart field `image`): the same answer shape as the spec's image host. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const ImageUploadResponseSchema = z.object({
  data: z.object({ url: z.string(), width: z.number().int(), height: z.number().int() }),
});
export type ImageUploadResponse = z.infer<typeof ImageUploadResponseSchema>;
