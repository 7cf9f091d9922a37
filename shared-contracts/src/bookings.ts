import { z } from './zod';
import { singleLineText } from './text';
import { IdSchema, listQuerySchema, QueryBooleanSchema } from './pagination';
import { PhoneSchema, PriceInputSchema, SalesStatusSchema } from './products';
import { BookingEvents, BookingStates } from './booking-lifecycle';

/** A booking's state (booking-lifecycle.ts) and the moves the reader may make on it now. */
export const BookingStateSchema = z
  .enum(BookingStates)
  .describe('Where the booking is in its life (docs/product.md#booking-lifecycle)');
export const BookingActionsSchema = z
  .array(z.enum(BookingEvents))
  .describe('What the signed-in reader may do to it now: each is a POST /bookings/{id}/<action>');

export const MAX_MEETING_PLACE_LENGTH = 200;

/** What the buyer writes in the booking form; the rest of POST /bookings is the listing. */
export const BookingContactSchema = z.object({
  phone: PhoneSchema,
  place: singleLineText().trim().min(1).max(MAX_MEETING_PLACE_LENGTH),
});

/**
 * POST /bookings. The listing is `productId`, or else the original client's `productName` when it names
 * exactly one listing that can be booked (the API answers 400 asking for productId otherwise).
 * Only the listing, phone and place are used: the original client's name, email, price and date are
 * checked for shape and IGNORED, the server takes them from the signed-in user, the product row
 * and its clock (docs/decisions/0008-api-server-derived-fields.md).
 */
export const CreateBookingSchema = z
  .object({
    productId: IdSchema.optional().describe('The listing to book; without it, productName must name one'),
    ...BookingContactSchema.shape,
    name: singleLineText().max(200).optional().describe('Ignored: the signed-in user’s name is used'),
    email: singleLineText().max(320).optional().describe('Ignored: the signed-in user’s e-mail is used'),
    productName: singleLineText()
      .trim()
      .max(500)
      .optional()
      .describe(
        'Without productId: the exact name (any case) of the one listing that can be booked; ignored with productId',
      ),
    price: PriceInputSchema.optional().describe('Ignored: the listing’s price is used'),
    date: singleLineText().max(100).optional().describe('Ignored: the booking time is the server’s'),
  })
  .superRefine((body, ctx) => {
    if (body.productId === undefined && !body.productName) {
      ctx.addIssue({
        code: 'custom',
        message: 'productId is required (or the productName of exactly one listing that can be booked)',
        path: ['productId'],
      });
    }
  })
  // Both shapes in the OpenAPI document: the listing by id, or the original client's body naming it.
  .meta({ anyOf: [{ required: ['productId'] }, { required: ['productName'] }] });
export type CreateBooking = z.infer<typeof CreateBookingSchema>;

export const BookingSchema = z.object({
  _id: z.string(),
  productId: z.string(),
  name: z.string(),
  email: z.string(),
  productName: z.string(),
  image: z.string(),
  price: z.number(),
  phone: z.string(),
  place: z.string(),
  date: z.string().describe('ISO time of the booking'),
  paid: z.boolean().describe("The same as state = 'paid'"),
  status: SalesStatusSchema.describe("The product's sales status now"),
  state: BookingStateSchema,
  stateChangedAt: z.string().describe('ISO time of the last change of state'),
  actions: BookingActionsSchema,
});
export type Booking = z.infer<typeof BookingSchema>;
export const BookingListSchema = z.array(BookingSchema);

/** GET /bookings (My Orders): newest first; `q` matches the product name; `paid` filters. */
export const BookingSorts = { date: 'desc', productName: 'asc', price: 'asc' } as const;
export const BookingsQuerySchema = listQuerySchema(BookingSorts, {
  email: z.email().max(320).optional(),
  paid: QueryBooleanSchema.optional(),
});
export type BookingsQuery = z.infer<typeof BookingsQuerySchema>;

/** GET /my-buyers: a seller's customers, from bookings and payments of their products. */
export const MyBuyerSchema = z.object({
  _id: z.string(),
  kind: z.enum(['booking', 'payment']),
  productId: z.string(),
  productName: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  place: z.string().nullable(),
  price: z.number(),
  paid: z.boolean(),
  date: z.string(),
  state: BookingStateSchema.describe("A booking's state; a payment row is always 'paid'"),
  actions: BookingActionsSchema,
});
export type MyBuyer = z.infer<typeof MyBuyerSchema>;
export const MyBuyerListSchema = z.array(MyBuyerSchema);

/**
 * GET /my-buyers: newest first; `q` matches the buyer's name or e-mail or the product name;
 * `kind` keeps only bookings or only paid payments; `state` only rows in that booking state.
 */
export const MyBuyerSorts = { date: 'desc', name: 'asc', productName: 'asc', price: 'asc' } as const;
export const MyBuyersQuerySchema = listQuerySchema(MyBuyerSorts, {
  kind: z.enum(['booking', 'payment']).optional(),
  state: z
    .enum(BookingStates)
    .optional()
    .describe("Only rows in this state (a payment row counts as 'paid')"),
});
export type MyBuyersQuery = z.infer<typeof MyBuyersQuerySchema>;

/**
 * POST /bookings/{id}/accept | decline | cancel | complete: one route per move, each allowed to one
 * side in some states (booking-lifecycle.ts). No body. The answer is the booking's new state, the
 * moves the caller may make next and the listing's status after it.
 */
export { BookingMoves, type BookingMove } from './booking-lifecycle';
export const BookingMoveResultSchema = z.object({
  _id: z.string(),
  state: BookingStateSchema,
  actions: BookingActionsSchema,
  status: SalesStatusSchema.describe("The product's sales status after the move"),
});
export type BookingMoveResult = z.infer<typeof BookingMoveResultSchema>;
