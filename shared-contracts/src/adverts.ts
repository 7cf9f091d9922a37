import { z } from './zod';
import { multiLineText, singleLineText } from './text';
import { OwnImageUrlSchema } from './images';
import { IdSchema } from './pagination';
import { CategoryRefSchema, PriceInputSchema, YearInputSchema } from './products';

/**
 * POST /add-advertise. Adverts reference a product and copy nothing. The product is `productId`
 * (`_id` is an alias: the original client's items carry it), or else the original client's product fields when they
 * match exactly one of the caller's own listings: `productName` (any case) and every other field
 * sent of price, year, category (id or name), quality, phone, location and description. `email`
 * and `image` are checked for shape and ignored (the seller is the caller; photos are the
 * listing's). Answer: InsertResult; `acknowledged: false` means already advertised.
 */
export const CreateAdvertSchema = z
  .object({
    productId: IdSchema.optional().describe('The listing to advertise'),
    _id: IdSchema.optional().describe('Same as productId'),
    productName: singleLineText()
      .trim()
      .max(500)
      .optional()
      .describe(
        'Without an id: the name (any case) of one of your listings; the other fields sent must match it',
      ),
    email: singleLineText().max(320).optional().describe('Ignored: the seller is the signed-in user'),
    image: OwnImageUrlSchema.optional().describe('Ignored: the listing’s photos are shown'),
    price: PriceInputSchema.optional(),
    quality: singleLineText().trim().max(50).optional(),
    phone: singleLineText().trim().max(50).optional(),
    location: singleLineText().trim().max(200).optional(),
    category: CategoryRefSchema.optional(),
    description: multiLineText().trim().max(5000).optional(),
    year: YearInputSchema.optional(),
  })
  .superRefine((b, ctx) => {
    if (b.productId === undefined && b._id === undefined && !b.productName) {
      ctx.addIssue({
        code: 'custom',
        message: 'productId is required (or the productName and fields of exactly one of your listings)',
        path: ['productId'],
      });
    }
  })
  // All three shapes in the OpenAPI document: by productId, by _id, or the original client's product fields.
  .meta({ anyOf: [{ required: ['productId'] }, { required: ['_id'] }, { required: ['productName'] }] });
export type CreateAdvert = z.infer<typeof CreateAdvertSchema>;
