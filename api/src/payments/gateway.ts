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
  /** The gateway's id of the money movement, which its refund API takes (defaults to `reference`). */
  paymentReference?: string;
}

export interface PaymentGateway extends GatewayAfterPayment {
  readonly name: string;
  startPayment(input: StartPaymentInput): Promise<{ redirectUrl: string; reference: string | null }>;
  /** Throws an HttpError (401/400) when the callback is forged, malformed or stale. */
  verifyCallback(body: unknown): Promise<VerifiedGatewayEvent>;
}

/** A refund as the gateway reports it: accepted and in progress, finished, or refused. */
export type GatewayRefundStatus = 'pending' | 'done' | 'failed';

export interface RefundInput {
  /** Our refund's id: the gateway's idempotency key, so a retried request refunds once. */
  refundId: string;
  transactionId: number;
  /** The gateway's id of the payment being refunded (SSLCommerz's bank_tran_id). */
  paymentReference: string;
  amountCents: number;
  reason: string;
}

/**
 * What a gateway offers after the payment (docs/product.md#money): its refund API, polled until
 * final, and a query of a payment whose confirmation never came (the reconciliation).
 */
export interface GatewayAfterPayment {
  refund(input: RefundInput): Promise<{ reference: string; status: GatewayRefundStatus }>;
  refundStatus(reference: string): Promise<GatewayRefundStatus>;
  /**
   * The gateway's word on a payment we have not heard about: a verified event when it was paid,
   * failed or cancelled there, null when the gateway knows nothing final of it yet.
   */
  queryPayment(transactionId: number, amountCents: number): Promise<VerifiedGatewayEvent | null>;
}
