import type { Language } from 'shared-contracts/locale';
import { apiRequest, type SelectedProduct, type SessionUser } from 'runtime-kernel';
import type { PayData } from 'shared-contracts/payments';
import type { Product } from 'shared-contracts/products';

/** Listing fields a page may have attached to the intent beyond SelectedProduct's. */
// docs/product.md#booking-and-payment (MAX_TRANSACTION_ID in shared-contracts; a value import there would bundle zod).
const MAX_TRANSACTION_ID = 100_000_000;

type IntentProduct = SelectedProduct & Partial<Pick<Product, 'quality' | 'location' | 'year' | 'phone'>>;

/**
 * The original client's payData. The server reads only `_id`: amount, payer and transaction id are its own,
 * so nothing here can change what is charged.
 */
export function buildPayData(product: IntentProduct, user: SessionUser): PayData {
  return {
    productName: product.productName,
    price: product.price,
    image: product.image ?? '',
    quality: product.quality ?? '',
    location: product.location ?? '',
    year: product.year ?? '',
    transactionId: 1 + Math.floor(Math.random() * MAX_TRANSACTION_ID),
    paymentType: false,
    _id: product._id,
    email: user.email ?? '',
    phone: product.phone ?? '',
  };
}

/**
 * POST /payment/init with the original client's body, `{ payData }`, and the page's language for the hosted
 * payment page → that page's URL (a JSON string).
 */
export async function initPayment(payData: PayData, language?: Language): Promise<string> {
  const body = language ? { payData, language } : { payData };
  const url = await apiRequest<unknown>('/payment/init', { method: 'POST', body, auth: true });
  // Only ever navigate to a web page: a tampered answer must not become a javascript: URL.
  if (typeof url !== 'string' || !/^https?:\/\//i.test(url)) {
    throw new Error('The payment service answered without a payment page address.');
  }
  return url;
}
