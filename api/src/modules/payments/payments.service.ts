import { nextSalesStatus } from 'shared-contracts/sales-status';
import type { Language } from 'shared-contracts/locale';
import type { Database } from '../../db/index';
import type { UserRow } from '../../db/schema/index';
import { requireOwner } from '../../auth/access';
import { badRequest, conflict, HttpError } from '../../lib/errors';
import { newId, newTransactionId } from '../../lib/ids';
import type { PaymentGateway, VerifiedGatewayEvent } from '../../payments/gateway';
import { settleBookingsOnSale, type LifecycleDeps } from '../bookings/bookings.lifecycle';
import { findListedProduct } from '../products/products.repository';
import { fromCents } from '../../lib/money';
import {
  findPaymentWithParties,
  insertPayment,
  lockPayment,
  markListingSold,
  setGatewayReference,
  settlePayment,
} from './payments.repository';

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
  // docs/product.md#booking-and-payment: nobody pays for their own laptop.
  if (product.sellerId === buyer.id) throw conflict('You cannot buy your own listing', 'own_listing');
  if (!nextSalesStatus(product.status, 'payment-confirmed'))
    throw conflict('This product has already been sold', 'product_sold');
  let transactionId = 0;
  for (let attempt = 0; attempt < 8 && transactionId === 0; attempt++) {
    const candidate = newTransactionId();
    transactionId =
      (await insertPayment(db, {
        id: newId(),
        transactionId: candidate,
        productId: product.id,
        buyerId: buyer.id,
        sellerId: product.sellerId,
        amountCents: product.priceCents,
        currency,
        gateway: gateway.name,
      })) ?? 0;
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
  if (reference) await setGatewayReference(db, transactionId, reference);
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
    const payment = await lockPayment(tx, event.transactionId);
    if (payment.amountCents !== event.amountCents)
      throw badRequest('The amount does not match the payment', 'amount_mismatch');
    if (payment.status !== 'pending') {
      throw conflict(`This payment is already ${payment.status}`, 'already_processed');
    }
    let status: 'paid' | 'failed' | 'cancelled' = event.outcome;
    if (status === 'paid') {
      // Of two payments for one laptop confirmed at once the second fails, as does a payment for a
      // laptop sold to someone else or withdrawn while this buyer was on the gateway's page.
      // The other bookings and the savers hear of the sale in settleBookingsOnSale.
      if (!(await markListingSold(tx, payment.productId))) status = 'failed';
    }
    await settlePayment(tx, payment.id, status, event.reference);
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

/** A payment as its buyer (or an admin) sees it; anyone else gets 403. */
export async function paymentOf(db: Database, caller: UserRow, transactionId: number) {
  const row = await findPaymentWithParties(db, transactionId);
  requireOwner(caller, { id: row.payment.buyerId }, 'This is not your payment', { admin: true });
  return row;
}
