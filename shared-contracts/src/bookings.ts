import { z } from 'zod';
import { singleLineText } from './text';
import { PaginationQuerySchema, IdSchema } from './pagination';
import { PhoneSchema } from './products';

/**
 * POST /bookings. Only productId, phone and place are used. The spec's other fields
 * (name, email, productName, price, date) are accepted and IGNORED: the server takes them
 * from the signed-in user and the product row.
 */
export const CreateBookingSchema = z.object({
  productId: IdSchema,
  phone: PhoneSchema,
  place: singleLineText().trim().min(1).max(200),
  name: singleLineText().max(200).optional(),
  email: singleLineText().max(320).optional(),
  productName: singleLineText().max(500).optional(),
  price: z.union([z.number(), singleLineText().max(50)]).optional(),
  date: singleLineText().max(100).optional(),
});
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
  paid: z.boolean(),
  status: z.enum(['available', 'booked', 'sold']).describe("The product's sales status now"),
});
export type Booking = z.infer<typeof BookingSchema>;
export const BookingListSchema = z.array(BookingSchema);

export const BookingsQuerySchema = PaginationQuerySchema.extend({
  email: z.email().max(320).optional(),
});

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
});
export type MyBuyer = z.infer<typeof MyBuyerSchema>;
export const MyBuyerListSchema = z.array(MyBuyerSchema);
