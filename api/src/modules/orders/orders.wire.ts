import { orderActions, orderDeadline, type OrderActor } from 'shared-contracts/order-lifecycle';
import type { Order } from 'shared-contracts/money';
import { iso, resolveAssetUrl } from '../../lib/http';
import type { OrderView } from './orders.repository';

/** An order as GET /orders answers it, with the moves `reader` may make on it now. */
export function toOrder(row: OrderView, reader: OrderActor | null, publicApiUrl: string): Order {
  const { payment, refund } = row;
  const funds = payment.funds!;
  const since = payment.fundsChangedAt ?? payment.createdAt;
  return {
    transactionId: payment.transactionId,
    productId: payment.productId,
    productName: row.productName,
    image: resolveAssetUrl(row.imageUrl, publicApiUrl),
    buyerName: row.buyerName,
    sellerName: row.sellerName,
    amountPaisa: payment.amountCents,
    currency: payment.currency,
    funds,
    paidAt: (payment.paidAt ?? since).toISOString(),
    handedOverAt: iso(payment.handedOverAt),
    releasedAt: iso(payment.releasedAt),
    refundedAt: iso(payment.refundedAt),
    deadline: iso(orderDeadline(funds, since)),
    releasedPaisa: payment.releasedCents,
    feePaisa: payment.feeCents,
    refunds: refund
      ? [
          {
            _id: refund.id,
            amountPaisa: refund.amountCents,
            status: refund.status,
            reason: refund.reason,
            createdAt: refund.createdAt.toISOString(),
            settledAt: iso(refund.settledAt),
          },
        ]
      : [],
    disputeId: row.disputeId,
    // Only the two sides have buttons; an operator acts through the dispute queue.
    actions: reader === 'buyer' || reader === 'seller' ? orderActions(funds, reader) : [],
  };
}
