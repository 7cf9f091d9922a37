import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { nextSalesStatus, salesStatusesAllowing } from 'shared-contracts/sales-status';
import type { Language } from 'shared-contracts/locale';
import type { Database } from '../db/index';
import { payments, products, type UserRow } from '../db/schema/index';
import { badRequest, conflict, HttpError, notFound } from '../lib/errors';
import { newId, newTransactionId } from '../lib/ids';
import type { PaymentGateway, VerifiedGatewayEvent } from '../payments/gateway';
import { settleBookingsOnSale, type LifecycleDeps } from '../modules/bookings/bookings.lifecycle';
import { findListedProduct } from '../modules/products/products.repository';
import { fromCents } from '../lib/money';

/** Creates a pending payment for the product at its database price and returns the gateway URL. */
export async function startPayment(
  db: Database,
  gateway: PaymentGateway,
  buyer: UserRow,
  productId: string,
  currency: string,
  language?: Language,
) {
  const product = await findListedProduct(db, productId);
  if (!nextSalesStatus(product.status, 'payment-confirmed'))
    throw conflict('This product has already been sold', 'product_sold');
  let transactionId = 0;
  for (let attempt = 0; attempt < 8 && transactionId === 0; attempt++) {
    const candidate = newTransactionId();
    const inserted = await db
      .insert(payments)
      .values({
        id: newId(),
        transactionId: candidate,
        productId: product.id,
        buyerId: buyer.id,
        sellerId: product.sellerId,
        amountCents: product.priceCents,
        currency,
        gateway: gateway.name,
      })
      .onConflictDoNothing({ target: payments.transactionId })
      .returning({ transactionId: payments.transactionId });
    if (inserted[0]) transactionId = inserted[0].transactionId;
  }
  if (transactionId === 0) throw new HttpError(503, 'busy', 'Could not allocate a transaction id, try again');
  const { redirectUrl, reference } = await gateway.startPayment({
    transactionId,
    amountCents: product.priceCents,
    currency,
    language,
    productName: product.name,
    customer: { name: buyer.name, email: buyer.email },
  });
  if (reference) {
    await db
      .update(payments)
      .set({ gatewayReference: reference })
      .where(eq(payments.transactionId, transactionId));
  }
  return { transactionId, redirectUrl };
}

/**
 * Applies a verified gateway event exactly once. A payment leaves 'pending' once; any later
 * event for it (a replay, a double click) is refused with 409 and changes nothing.
 * Paid → the product is sold, the buyer's open booking of it becomes paid, the other open
 * bookings of it are cancelled and everyone concerned is told (booking-lifecycle.ts). If someone else
 * bought the product in the meantime (even at the same moment, through another API process), or
 * it was withdrawn, the payment fails instead.
 */
export async function applyGatewayEvent(db: Database, event: VerifiedGatewayEvent, deps: LifecycleDeps) {
  return db.transaction(async (tx) => {
    const [payment] = await tx
      .select()
      .from(payments)
      .where(eq(payments.transactionId, event.transactionId))
      .limit(1)
      .for('update');
    if (!payment)
      throw notFound(`No payment with transaction id ${event.transactionId}`, 'payment_not_found');
    if (payment.amountCents !== event.amountCents)
      throw badRequest('The amount does not match the payment', 'amount_mismatch');
    if (payment.status !== 'pending') {
      throw conflict(`This payment is already ${payment.status}`, 'already_processed');
    }
    let status: 'paid' | 'failed' | 'cancelled' = event.outcome;
    if (status === 'paid') {
      // One conditional update decides who bought it: of two payments for one laptop confirmed at
      // once (in two API processes), the second waits on the row lock, then finds it sold and
      // fails. Also covers a laptop sold to someone else or withdrawn while this buyer was on the
      // gateway's page.
      const sold = await tx
        .update(products)
        .set({ status: 'sold', updatedAt: sql`now()` })
        .where(
          and(
            eq(products.id, payment.productId),
            inArray(products.status, salesStatusesAllowing('payment-confirmed')),
            isNull(products.deletedAt),
          ),
        )
        .returning({ id: products.id, name: products.name });
      // The other bookings and the savers hear of the sale in settleBookingsOnSale.
      if (!sold[0]) status = 'failed';
    }
    await tx
      .update(payments)
      .set({
        status,
        gatewayReference: event.reference,
        updatedAt: sql`now()`,
        paidAt: status === 'paid' ? sql`now()` : null,
      })
      .where(eq(payments.id, payment.id));
    if (status === 'paid') {
      await settleBookingsOnSale(tx, deps, {
        productId: payment.productId,
        buyerId: payment.buyerId,
        sellerId: payment.sellerId,
        price: fromCents(payment.amountCents),
      });
    }
    return { status, transactionId: payment.transactionId };
  });
}
