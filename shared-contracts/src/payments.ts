import { z } from 'zod';
import { OwnImageUrlSchema } from './images';
import { IdSchema } from './pagination';

export const MAX_TRANSACTION_ID = 100_000_000;
export const TransactionIdSchema = z.coerce.number().int().min(1).max(MAX_TRANSACTION_ID);

export const PaymentStatuses = ['pending', 'paid', 'failed', 'cancelled'] as const;
export const PaymentStatusSchema = z.enum(PaymentStatuses);
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;

/**
 * POST /payment/init: the spec's payData. Only `_id` (the product id; `productId` also accepted)
 * is used; price, e-mail, transactionId etc. are ignored — the amount comes from the database
 * and the payer is the signed-in user. Answer: a JSON string, the gateway URL to redirect to.
 */
export const PaymentInitSchema = z
  .object({
    _id: IdSchema.optional(),
    productId: IdSchema.optional(),
    productName: z.string().max(500).optional(),
    price: z.union([z.number(), z.string().max(50)]).optional(),
    image: OwnImageUrlSchema.optional(),
    quality: z.string().max(50).optional(),
    location: z.string().max(200).optional(),
    year: z.union([z.number(), z.string().max(10)]).optional(),
    transactionId: z.union([z.number(), z.string().max(20)]).optional(),
    paymentType: z.union([z.boolean(), z.string().max(20)]).optional(),
    email: z.string().max(320).optional(),
    phone: z.string().max(50).optional(),
  })
  .refine((b) => b._id !== undefined || b.productId !== undefined, {
    message: '_id (the product id) is required',
    path: ['_id'],
  });
export type PaymentInit = z.infer<typeof PaymentInitSchema>;

export const PaymentInitResponseSchema = z.string().describe('URL of the hosted payment page');

export const TransactionParamsSchema = z.object({ id: TransactionIdSchema });

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
