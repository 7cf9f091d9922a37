import type { PaymentRow, ProductRow, UserRow } from '../../db/schema/index';
import { iso, resolveAssetUrl } from '../../lib/http';
import { fromCents } from '../../lib/money';

/** A payment with its listing and buyer as GET /get-data-transactionId/:id answers it. */
export function toPaymentResult(
  { payment, product, buyer }: { payment: PaymentRow; product: ProductRow; buyer: UserRow },
  publicApiUrl: string,
) {
  return {
    _id: payment.id,
    transactionId: payment.transactionId,
    productId: product.id,
    productName: product.name,
    image: resolveAssetUrl(product.imageUrl, publicApiUrl),
    email: buyer.email,
    name: buyer.name,
    phone: product.phone,
    price: fromCents(payment.amountCents),
    status: payment.status,
    paymentType: payment.status === 'paid',
    gateway: payment.gateway,
    createdAt: payment.createdAt.toISOString(),
    paidAt: iso(payment.paidAt),
  };
}
