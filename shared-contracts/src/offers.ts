import { z } from './zod';
import { IdSchema, listQuerySchema } from './pagination';
import { minimumOfferTaka, OfferMoves, OfferStates } from './offer-lifecycle';

/**
 * Offers and counter-offers (docs/product.md#offers). Amounts are whole taka: bargaining is in
 * whole amounts, and the form, the API and the database agree on that one rule.
 */
export const MAX_OFFER_TAKA = 100_000_000;

/** An amount a person types: a whole, positive number of taka. */
export const OfferAmountSchema = z
  .number({ error: 'Enter an amount in taka' })
  .int('Enter a whole number of taka')
  .positive('Enter an amount above zero')
  .max(MAX_OFFER_TAKA, 'This amount is too large');

/** POST /offers: the buyer's price for a listing. The minimum (half the asking price) is the API's check. */
export const MakeOfferSchema = z.object({
  productId: IdSchema,
  amount: OfferAmountSchema,
});
export type MakeOffer = z.infer<typeof MakeOfferSchema>;

/**
 * The offer form's rule for one listing: MakeOfferSchema with the listing's bounds, from half the
 * asking price (rounded up) to the asking price, the same bounds the API checks (offers.service.ts).
 */
export const makeOfferSchemaFor = (askingPrice: number) =>
  MakeOfferSchema.extend({
    amount: OfferAmountSchema.min(minimumOfferTaka(askingPrice)).max(Math.floor(askingPrice)),
  });

/** POST /offers/{id}/counter: the seller's price; its bounds for one offer are counterOfferSchemaFor's. */
export const CounterOfferSchema = z.object({ amount: OfferAmountSchema });
export type CounterOffer = z.infer<typeof CounterOfferSchema>;

/**
 * The counter-offer's rule for one offer, the same in the seller's form and in the API
 * (offers.service.ts): whole taka, at least the buyer's offer (and so at least half the asking
 * price, whatever the seller's edits since) and at most the asking price.
 */
export const counterOfferSchemaFor = (offerTaka: number, askingPrice: number) =>
  CounterOfferSchema.extend({
    amount: OfferAmountSchema.min(Math.max(offerTaka, minimumOfferTaka(askingPrice))).max(
      Math.floor(askingPrice),
    ),
  });

export const OfferStateSchema = z
  .enum(OfferStates)
  .describe('Where the offer is in its life (docs/product.md#offers)');
export const OfferActionsSchema = z
  .array(z.enum(OfferMoves))
  .describe('What the signed-in reader may do to it now: each is a POST /offers/{id}/<action>');

export const OfferSchema = z.object({
  _id: z.string(),
  productId: z.string(),
  productName: z.string(),
  image: z.string().nullable(),
  /** The listing's asking price now, in taka. */
  askingPrice: z.number(),
  buyerName: z.string(),
  sellerName: z.string(),
  /** The buyer's offer, in taka. */
  amount: z.number(),
  /** The seller's counter-offer, in taka, once made. */
  counterAmount: z.number().nullable(),
  /** The agreed price once accepted (the offer or the counter), in taka. */
  agreedAmount: z.number().nullable(),
  state: OfferStateSchema,
  /** When the waiting answer is due, or until when an accepted offer holds its price. */
  expiresAt: z.string(),
  createdAt: z.string(),
  stateChangedAt: z.string(),
  actions: OfferActionsSchema,
});
export type Offer = z.infer<typeof OfferSchema>;
export const OfferListSchema = z.array(OfferSchema);

/** My offers and Offers on my listings: the dashboard's list query (docs/decisions/0030). */
export const OfferSorts = { date: 'desc', productName: 'asc', amount: 'asc' } as const;
export const OffersQuerySchema = listQuerySchema(OfferSorts, {
  state: z.enum(OfferStates).optional().describe('Only offers in this state'),
});
export type OffersQuery = z.infer<typeof OffersQuerySchema>;

/** GET /offers/mine?productId=: the buyer's latest offer on one listing, for the details page. */
export const MyOfferQuerySchema = z.object({ productId: IdSchema });
export const MyOfferAnswerSchema = z.object({
  offer: OfferSchema.nullable(),
  /** The lowest offer the listing takes, in whole taka. */
  minimum: z.number(),
});
export type MyOfferAnswer = z.infer<typeof MyOfferAnswerSchema>;
