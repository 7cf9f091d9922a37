import type { Language } from 'shared-contracts/locale';
/**
 * A payment gateway: where the browser is sent to pay, and how the gateway's server-side
 * confirmation is verified. The sandbox gateway implements it today; an SSLCommerz adapter
 * would implement startPayment with its session API (answering GatewayPageURL) and
 * verifyCallback with its IPN validation API (val_id), behind the same routes.
 */
export type PaymentOutcome = 'paid' | 'failed' | 'cancelled';

export interface StartPaymentInput {
  transactionId: number;
  amountCents: number;
  currency: string;
  /** The language the customer reads the site in, for a payment page that offers several. */
  language?: Language;
  productName: string;
  customer: { name: string; email: string };
}

export interface VerifiedGatewayEvent {
  transactionId: number;
  outcome: PaymentOutcome;
  amountCents: number;
  /** The gateway's own reference for the event (audit trail). */
  reference: string;
}

export interface PaymentGateway {
  readonly name: string;
  startPayment(input: StartPaymentInput): Promise<{ redirectUrl: string; reference: string | null }>;
  /** Throws an HttpError (401/400) when the callback is forged, malformed or stale. */
  verifyCallback(body: unknown): Promise<VerifiedGatewayEvent>;
}
