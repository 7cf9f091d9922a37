import { z } from './zod';
import { singleLineText } from './text';
import { OwnImageUrlSchema } from './images';
import { IdSchema } from './pagination';
import { Languages } from './locale';
import { PriceInputSchema } from './products';

export const MAX_TRANSACTION_ID = 100_000_000;
export const TransactionIdSchema = z.coerce.number().int().min(1).max(MAX_TRANSACTION_ID);

export const PaymentStatuses = ['pending', 'paid', 'failed', 'cancelled', 'expired'] as const;
export const PaymentStatusSchema = z.enum(PaymentStatuses);
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;

/**
 * The fields of the original client's payData. Only `_id` (the product id; `productId` also accepted) is
 * used; price, e-mail, transactionId etc. are ignored — the amount comes from the database and
 * the payer is the signed-in user.
 */
const PayDataFields = {
  _id: IdSchema.optional(),
  productId: IdSchema.optional(),
  productName: singleLineText().max(500).optional(),
  // Ignored, but a price is still a price: "12abc" is a 400 naming it (decision 8).
  price: PriceInputSchema.optional(),
  image: OwnImageUrlSchema.optional(),
  quality: singleLineText().max(50).optional(),
  location: singleLineText().max(200).optional(),
  year: z.union([z.number(), singleLineText().max(10)]).optional(),
  transactionId: z.union([z.number(), singleLineText().max(20)]).optional(),
  paymentType: z.union([z.boolean(), singleLineText().max(20)]).optional(),
  email: singleLineText().max(320).optional(),
  phone: singleLineText().max(50).optional(),
};

export const PayDataSchema = z.object(PayDataFields);

/**
 * POST /payment/init takes payData either wrapped, as the old client sent it
 * (`{ payData: { _id, … } }`), or flat (`{ _id, … }`); never both at once, so there is no doubt
 * which product is meant. Answer: a JSON string, the gateway URL to redirect to.
 */
/** The language of the hosted payment page (the sandbox's; a real gateway chooses its own). */
export const PaymentPageLanguageSchema = z.enum(Languages).describe('Language of the hosted payment page');

export const PaymentInitSchema = z
  .object({
    ...PayDataFields,
    payData: PayDataSchema.optional(),
    language: PaymentPageLanguageSchema.optional(),
  })
  .superRefine((body, ctx) => {
    const { payData, language: _pageLanguage, ...flat } = body;
    if (payData) {
      const flatKeys = Object.keys(flat).filter((k) => flat[k as keyof typeof flat] !== undefined);
      if (flatKeys.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `send the fields either inside payData or at the top level, not both (${flatKeys.join(', ')})`,
          path: ['payData'],
        });
      } else if (payData._id === undefined && payData.productId === undefined) {
        ctx.addIssue({
          code: 'custom',
          message: '_id (the product id) is required',
          path: ['payData', '_id'],
        });
      }
    } else if (body._id === undefined && body.productId === undefined) {
      ctx.addIssue({ code: 'custom', message: '_id (the product id) is required', path: ['_id'] });
    }
  });
export type PaymentInit = z.infer<typeof PaymentInitSchema>;
export type PayData = z.infer<typeof PayDataSchema>;

export const PaymentInitResponseSchema = z.string().describe('URL of the hosted payment page');

export const TransactionParamsSchema = z.object({ id: TransactionIdSchema });
export const SandboxPageQuerySchema = z.object({ lang: PaymentPageLanguageSchema.optional() });

export const PaymentResultSchema = z.object({
  result: z.object({
    _id: z.string(),
    transactionId: z.number().int(),
    productId: z.string(),
    productName: z.string(),
    image: z.string(),
    email: z.string().describe("Payer's e-mail"),
    name: z.string().describe("Payer's name"),
    phone: z.string().describe("Seller's contact phone of the product"),
    price: z.number(),
    status: PaymentStatusSchema,
    paymentType: z.boolean().describe('true once paid'),
    gateway: z.string(),
    createdAt: z.string(),
    paidAt: z.string().nullable(),
  }),
});
export type PaymentResult = z.infer<typeof PaymentResultSchema>;
