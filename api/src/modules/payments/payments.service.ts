import { nextSalesStatus } from 'shared-contracts/sales-status';
import type { Language } from 'shared-contracts/locale';
import type { Database } from '../../db/index';
import type { UserRow } from '../../db/schema/index';
import { requireOwner } from '../../auth/access';
import { badRequest, conflict, HttpError } from '../../lib/errors';
import { newId, newTransactionId } from '../../lib/ids';
import type { PaymentGateway, VerifiedGatewayEvent } from '../../payments/gateway';
import { PAYMENT_WINDOW_MS } from 'shared-contracts/order-lifecycle';
import { settleBookingsOnSale } from '../bookings/bookings.lifecycle';
import { captureConfirmedPayment, type MoneyDeps } from '../orders/orders.money';
import { expirePayment, pendingPaymentsDue } from '../orders/orders.repository';
import { findListedProduct } from '../products/products.repository';
import { agreedPrice } from '../offers/offers.service';
import { fromCents } from '../../lib/money';
import {
  findPaymentWithParties,
  insertPayment,
  lockPayment,
  markListingSold,
  setGatewayReference,
  settlePayment,
} from './payments.repository';

/**
 * Creates a pending payment for the product at its database price, or at the price of the buyer's
 * accepted offer while it holds (docs/product.md#offers), and returns the gateway URL.
 */
export async function startPayment(
  db: Database,
  gateway: PaymentGateway,
  buyer: UserRow,
  productId: string,
  currency: string,
  language?: Language,
  // The API's clock (app.deps.now), which decides whether an accepted offer still holds.
  now: Date = new Date(),
) {
  const product = await findListedProduct(db, productId);
  // docs/product.md#booking-and-payment: nobody pays for their own laptop.
  if (product.sellerId === buyer.id) throw conflict('You cannot buy your own listing', 'own_listing');
  if (!nextSalesStatus(product.status, 'payment-confirmed'))
    throw conflict('This product has already been sold', 'product_sold');
  const amountCents = (await agreedPrice(db, product.id, buyer.id, now)) ?? product.priceCents;
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
        amountCents,
        currency,
        gateway: gateway.name,
      })) ?? 0;
  }
  if (transactionId === 0) throw new HttpError(503, 'busy', 'Could not allocate a transaction id, try again');
  const { redirectUrl, reference } = await gateway.startPayment({
    transactionId,
    amountCents,
    currency,
    language,
    productName: product.name,
    customer: { name: buyer.name, email: buyer.email },
  });
  if (reference) await setGatewayReference(db, transactionId, reference);
  return { transactionId, redirectUrl };
}

/**
 * Applies a verified gateway event exactly once (docs/product.md#money). The payment row is locked,
 * so of two deliveries at once (two replicas, a retry racing the first) the second waits and then
 * finds the first's work.
 * - Paid, for a pending payment: the laptop is sold, the money is captured into the ledger and held
 *   for the order, the buyer's open booking of it becomes paid, the other open bookings of it are
 *   cancelled and everyone concerned is told (booking-lifecycle.ts). If someone else bought the
 *   laptop in the meantime (even at the same moment, through another API process), or it was
 *   withdrawn, the payment fails, and the money it took is refunded.
 * - Paid, for a payment that already expired, failed or was cancelled (a late or out-of-order
 *   confirmation): the money was taken for an order that cannot be fulfilled, so it is captured and
 *   refunded at once; the payment keeps its state.
 * - Paid, counted before (the ledger already holds its capture): 409 and nothing changes.
 * - Failed or cancelled: a pending payment takes that state; any other gets 409.
 */
export async function applyGatewayEvent(db: Database, event: VerifiedGatewayEvent, deps: MoneyDeps) {
  return db.transaction(async (tx) => {
    const payment = await lockPayment(tx, event.transactionId);
    if (payment.amountCents !== event.amountCents)
      throw badRequest('The amount does not match the payment', 'amount_mismatch');
    const alreadyProcessed = () => conflict(`This payment is already ${payment.status}`, 'already_processed');
    if (event.outcome !== 'paid') {
      if (payment.status !== 'pending') throw alreadyProcessed();
      await settlePayment(tx, payment.id, event.outcome, event.reference);
      return { status: event.outcome, transactionId: payment.transactionId };
    }
    if (payment.funds !== null) throw alreadyProcessed();
    let status = payment.status;
    if (status === 'pending')
      // Of two payments for one laptop confirmed at once the second fails, as does a payment for a
      // laptop sold to someone else or withdrawn while this buyer was on the gateway's page.
      status = (await markListingSold(tx, payment.productId)) ? 'paid' : 'failed';
    const counted = await captureConfirmedPayment(tx, deps, payment, event, {
      fulfilled: status === 'paid',
      status,
    });
    if (!counted) throw alreadyProcessed();
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

/**
 * The reconciliation (every API process, once a sweep interval): a payment still pending
 * PAYMENT_WINDOW_MS after it started is asked about at the gateway. Its word, once verified,
 * counts as a confirmation would; a gateway that knows nothing final of it means the buyer never
 * paid, and the payment expires. A confirmation that arrives after that is refunded.
 */
export async function reconcilePendingPayments(db: Database, deps: MoneyDeps): Promise<number> {
  const cutoff = new Date(deps.now().getTime() - PAYMENT_WINDOW_MS);
  let settled = 0;
  for (const due of await pendingPaymentsDue(db, cutoff)) {
    const event = await deps.gateway.queryPayment(due.transactionId, due.amountCents).catch(() => undefined);
    if (event === undefined) continue; // the gateway did not answer: ask again next sweep
    if (event) {
      await applyGatewayEvent(db, event, deps).then(
        () => settled++,
        (err: unknown) => {
          if (!(err instanceof HttpError) || err.statusCode !== 409) throw err;
        },
      );
      continue;
    }
    const expired = await db.transaction(async (tx) => {
      const payment = await lockPayment(tx, due.transactionId);
      return expirePayment(tx, payment.id, deps.now());
    });
    if (expired) settled++;
  }
  return settled;
}

/** A payment as its buyer (or an admin) sees it; anyone else gets 403. */
export async function paymentOf(db: Database, caller: UserRow, transactionId: number) {
  const row = await findPaymentWithParties(db, transactionId);
  requireOwner(caller, { id: row.payment.buyerId }, 'This is not your payment', { admin: true });
  return row;
}
