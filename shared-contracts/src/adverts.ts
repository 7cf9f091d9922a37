import { z } from 'zod';
import { multiLineText, singleLineText } from './text';
import { OwnImageUrlSchema } from './images';
import { IdSchema } from './pagination';

/**
 * POST /add-advertise. Adverts reference a product; the spec's copied product fields are
 * accepted and ignored. `_id` is accepted as an alias of productId (the spec's items carry it).
 * Answer: InsertResult; `acknowledged: false` means already advertised.
 */
export const CreateAdvertSchema = z
  .object({
    productId: IdSchema.optional(),
    _id: IdSchema.optional(),
    productName: singleLineText().max(500).optional(),
    email: singleLineText().max(320).optional(),
    image: OwnImageUrlSchema.optional(),
    price: z.union([z.number(), singleLineText().max(50)]).optional(),
    quality: singleLineText().max(50).optional(),
    phone: singleLineText().max(50).optional(),
    location: singleLineText().max(200).optional(),
    category: singleLineText().max(50).optional(),
    description: multiLineText().max(5000).optional(),
    year: z.union([z.number(), singleLineText().max(10)]).optional(),
  })
  .refine((b) => b.productId !== undefined || b._id !== undefined, {
    message: 'productId is required',
    path: ['productId'],
  });
export type CreateAdvert = z.infer<typeof CreateAdvertSchema>;
