import { z } from 'zod';
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
    productName: z.string().max(500).optional(),
    email: z.string().max(320).optional(),
    image: OwnImageUrlSchema.optional(),
    price: z.union([z.number(), z.string().max(50)]).optional(),
    quality: z.string().max(50).optional(),
    phone: z.string().max(50).optional(),
    location: z.string().max(200).optional(),
    category: z.string().max(50).optional(),
    description: z.string().max(5000).optional(),
    year: z.union([z.number(), z.string().max(10)]).optional(),
  })
  .refine((b) => b.productId !== undefined || b._id !== undefined, {
    message: 'productId is required',
    path: ['productId'],
  });
export type CreateAdvert = z.infer<typeof CreateAdvertSchema>;
