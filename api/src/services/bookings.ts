import { and, eq, sql } from 'drizzle-orm';
import { nextSalesStatus } from 'shared-contracts/sales-status';
import type { Database } from '../db/index';
import { bookings, products, users, type UserRow } from '../db/schema/index';
import { conflict, notFound } from '../lib/errors';
import { newId } from '../lib/ids';

/** What a booking takes from the request, once the route has resolved the listing's id. */
export interface BookingInput {
  productId: string;
  phone: string;
  place: string;
}

/**
 * A booking takes only product, phone and place from the request; the buyer's name and e-mail
 * and the product's name and price are read from the database when presented.
 * The sales status follows shared-contracts/sales-status: the first booking makes an available
 * laptop 'booked'; a sold one cannot be booked.
 */
export async function createBooking(db: Database, buyer: UserRow, input: BookingInput): Promise<string> {
  return db.transaction(async (tx) => {
    const [product] = await tx
      .select({ id: products.id, status: products.status, sellerDeleted: users.deletedAt })
      .from(products)
      .innerJoin(users, eq(users.id, products.sellerId))
      .where(and(eq(products.id, input.productId), sql`${products.deletedAt} is null`))
      .limit(1)
      .for('update', { of: products });
    if (!product || product.sellerDeleted)
      throw notFound(`No product with id ${input.productId}`, 'product_not_found');
    const nextStatus = nextSalesStatus(product.status, 'booking');
    if (!nextStatus) throw conflict('This product has already been sold', 'product_sold');
    const [existing] = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.productId, product.id), eq(bookings.buyerId, buyer.id)))
      .limit(1);
    if (existing) throw conflict('You have already booked this product', 'already_booked');
    const id = newId();
    await tx
      .insert(bookings)
      .values({ id, buyerId: buyer.id, productId: product.id, phone: input.phone, place: input.place });
    if (nextStatus !== product.status) {
      await tx
        .update(products)
        .set({ status: nextStatus, updatedAt: sql`now()` })
        .where(eq(products.id, product.id));
    }
    return id;
  });
}
