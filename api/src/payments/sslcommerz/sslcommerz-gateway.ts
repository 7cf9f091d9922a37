import { z } from 'zod';
import { DEFAULT_CURRENCY } from 'shared-contracts/locale';
import { badRequest, conflict, HttpError, notFound, unauthorized } from '../../lib/errors';
import type {
  GatewayRefundStatus,
  PaymentGateway,
  PaymentOutcome,
  RefundInput,
  StartPaymentInput,
  VerifiedGatewayEvent,
} from '../gateway';

/**
 * SSLCommerz (https://developer.sslcommerz.com), the gateway whose flow the original client's checkout follows:
 *  1. session API  POST {base}/gwprocess/v4/api.php            → GatewayPageURL (browser goes there)
 *  2. the gateway  POSTs the IPN to ipn_url (server to server) and sends the browser back by POST
 *                  to success_url / fail_url / cancel_url
 *  3. validation   GET {base}/validator/api/validationserverAPI.php?val_id=…  (a successful payment)
 *                  GET {base}/validator/api/merchantTransIDvalidationAPI.php?tran_id=… (any outcome)
 *  4. refunds      GET {base}/validator/api/merchantTransIDvalidationAPI.php?bank_tran_id=…&refund_amount=…
 *                  (initiation), then ?refund_ref_id=… (status, polled until final)
 * Nothing posted to us is believed: verifyCallback takes only the ids from the body and asks
 * SSLCommerz, with the store's credentials, what happened and for how much. queryPayment asks the
 * same questions for a payment whose callback never came (the reconciliation).
 */

export const SSLCOMMERZ_SANDBOX_URL = 'https://sandbox.sslcommerz.com';
export const SSLCOMMERZ_LIVE_URL = 'https://securepay.sslcommerz.com';

/** Where SSLCommerz sends the buyer's browser back (routes in ./return-routes.ts). */
export const SSLCOMMERZ_RETURN_PATHS = {
  success: '/payment/sslcommerz/success',
  fail: '/payment/sslcommerz/fail',
  cancel: '/payment/sslcommerz/cancel',
} as const;

export interface SslcommerzOptions {
  storeId: string;
  storePassword: string;
  /** SSLCOMMERZ_SANDBOX_URL, SSLCOMMERZ_LIVE_URL, or a local stub in tests. */
  baseUrl: string;
  /** Our API's public URL: success/fail/cancel and IPN URLs are built from it. */
  publicApiUrl: string;
  /** The currency payments are started in (config.currency, BDT unless CURRENCY says otherwise). */
  currency?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * Reads SSLCOMMERZ_STORE_ID, SSLCOMMERZ_STORE_PASSWORD and SSLCOMMERZ_BASE_URL (default: the
 * SSLCommerz sandbox). Throws when the credentials are missing, so a misconfigured server
 * refuses to start instead of failing at the first payment.
 */
export function sslcommerzOptionsFromEnv(env: NodeJS.ProcessEnv, publicApiUrl: string): SslcommerzOptions {
  const storeId = env.SSLCOMMERZ_STORE_ID?.trim();
  const storePassword = env.SSLCOMMERZ_STORE_PASSWORD?.trim();
  if (!storeId || !storePassword) {
    throw new Error('PAYMENT_GATEWAY=sslcommerz needs SSLCOMMERZ_STORE_ID and SSLCOMMERZ_STORE_PASSWORD');
  }
  const baseUrl = (env.SSLCOMMERZ_BASE_URL?.trim() || SSLCOMMERZ_SANDBOX_URL).replace(/\/+$/, '');
  return { storeId, storePassword, baseUrl, publicApiUrl };
}

const SessionResponseSchema = z.object({
  status: z.string(),
  failedreason: z.string().nullish(),
  sessionkey: z.string().nullish(),
  GatewayPageURL: z.string().nullish(),
});

const Amount = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const text = String(v).trim();
  if (!/^\d{1,12}(\.\d{1,4})?$/.test(text)) {
    ctx.addIssue({ code: 'custom', message: `not an amount: ${text}` });
    return z.NEVER;
  }
  return Math.round(Number(text) * 100);
});

/** An id SSLCommerz may send as a number or a string; an empty one counts as absent. */
const GatewayId = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) =>
    v === null || v === undefined || String(v).trim() === '' ? undefined : String(v).trim(),
  );

const ValidationSchema = z.object({
  status: z.string(),
  tran_id: z.string().optional(),
  val_id: z.string().optional(),
  // The bank's id of the money movement: the refund API refunds by it.
  bank_tran_id: GatewayId,
  amount: Amount.optional(),
  // The settlement currency (BDT); currency_type and currency_amount are what the buyer was asked.
  currency: z.string().optional(),
  currency_type: z.string().optional(),
  currency_amount: Amount.optional(),
  risk_level: z.union([z.string(), z.number()]).optional(),
});
type Validation = z.infer<typeof ValidationSchema>;

const TransactionQuerySchema = z.object({
  APIConnect: z.string(),
  no_of_trans_found: z.union([z.string(), z.number()]).optional(),
  element: z.array(ValidationSchema).optional(),
});

/** The refund initiation API's answer (APIConnect is about the call, status about the refund). */
const RefundInitSchema = z.object({
  APIConnect: z.string(),
  bank_tran_id: GatewayId,
  trans_id: GatewayId,
  refund_ref_id: GatewayId,
  status: z.string().nullish(),
  errorReason: z.string().nullish(),
});

/** The refund query API's answer. */
const RefundQuerySchema = z.object({
  APIConnect: z.string(),
  refund_ref_id: GatewayId,
  status: z.string().nullish(),
  errorReason: z.string().nullish(),
});

/** What SSLCommerz (or anyone) posts to the IPN and return URLs: only the ids are used. */
const CallbackSchema = z.object({
  tran_id: z.string().regex(/^\d{1,9}$/),
  val_id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,100}$/)
    .optional(),
});

const PAID_STATUSES = new Set(['VALID', 'VALIDATED']);
// UNATTEMPTED (no payment method chosen) and EXPIRED (the session timed out) end a payment that
// never took money, as a cancel on the hosted page does.
const FINAL_STATUSES: Record<string, PaymentOutcome> = {
  FAILED: 'failed',
  CANCELLED: 'cancelled',
  UNATTEMPTED: 'cancelled',
  EXPIRED: 'cancelled',
};

// The refund APIs' words for a refund. Initiation answers 'success' when SSLCommerz accepts the
// request, which is not yet money returned: the refund is pending until the status query says
// 'refunded'.
const REFUND_INIT_STATUSES: Record<string, GatewayRefundStatus> = {
  success: 'pending',
  processing: 'pending',
  failed: 'failed',
};
const REFUND_QUERY_STATUSES: Record<string, GatewayRefundStatus> = {
  refunded: 'done',
  processing: 'pending',
  cancelled: 'failed',
  failed: 'failed',
};
// APIConnect values that refuse this request itself (bad bank_tran_id, amount or remarks): asking
// again gets the same answer. FAILED (credentials) and INACTIVE (store) are our configuration's
// fault and throw instead, so the refund is retried once the store is fixed rather than lost.
const REFUSED_API_CONNECT = new Set(['INVALID_REQUEST']);
/** The reference of a refund SSLCommerz refused at initiation: it has no refund_ref_id of its own. */
const REFUSED_REFUND_PREFIX = 'sslcommerz-refused-';

export class SslcommerzGateway implements PaymentGateway {
  readonly name = 'sslcommerz';
  private readonly fetch: typeof fetch;
  private readonly timeoutMs: number;
  /** The only currency sessions are opened in, so the only one a validation may report. */
  private readonly currency: string;

  constructor(private readonly options: SslcommerzOptions) {
    this.fetch = options.fetch ?? fetch;
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.currency = options.currency ?? DEFAULT_CURRENCY;
  }

  async startPayment(input: StartPaymentInput) {
    const { storeId, storePassword, publicApiUrl } = this.options;
    const form = new URLSearchParams({
      store_id: storeId,
      store_passwd: storePassword,
      total_amount: (input.amountCents / 100).toFixed(2),
      currency: input.currency,
      tran_id: String(input.transactionId),
      success_url: publicApiUrl + SSLCOMMERZ_RETURN_PATHS.success,
      fail_url: publicApiUrl + SSLCOMMERZ_RETURN_PATHS.fail,
      cancel_url: publicApiUrl + SSLCOMMERZ_RETURN_PATHS.cancel,
      // The same confirmation endpoint every gateway uses (modules/payments/payments.routes.ts).
      ipn_url: `${publicApiUrl}/payment/callback`,
      cus_name: input.customer.name,
      cus_email: input.customer.email,
      // SSLCommerz requires an address and phone; the meeting with the seller is arranged
      // separately, so the marketplace does not collect them for payment.
      cus_add1: 'Not collected',
      cus_city: 'Not collected',
      cus_postcode: '0000',
      cus_country: 'Bangladesh',
      cus_phone: '00000000000',
      shipping_method: 'NO',
      num_of_item: '1',
      product_name: input.productName.slice(0, 255),
      product_category: 'Laptop',
      product_profile: 'general',
    });
    const raw = await this.call('/gwprocess/v4/api.php', { method: 'POST', body: form });
    const session = SessionResponseSchema.safeParse(raw);
    if (!session.success)
      throw gatewayError('SSLCommerz answered the session request with an unexpected body');
    const { status, GatewayPageURL, sessionkey, failedreason } = session.data;
    if (status !== 'SUCCESS' || !GatewayPageURL || !/^https?:\/\//.test(GatewayPageURL)) {
      throw gatewayError(`SSLCommerz refused the payment session: ${failedreason ?? status}`);
    }
    return { redirectUrl: GatewayPageURL, reference: sessionkey ?? null };
  }

  async verifyCallback(body: unknown): Promise<VerifiedGatewayEvent> {
    const parsed = CallbackSchema.safeParse(body);
    if (!parsed.success) throw badRequest('Malformed SSLCommerz callback');
    const transactionId = Number(parsed.data.tran_id);
    if (transactionId < 1 || transactionId > 100_000_000) throw badRequest('Malformed SSLCommerz callback');

    if (parsed.data.val_id) return this.verifyPaid(transactionId, parsed.data.val_id);

    // No validation id: the browser came back from a failed or cancelled payment, or the IPN
    // reports one. Ask SSLCommerz for the transaction's history instead of trusting the body.
    const history = await this.queryTransaction(transactionId);
    if (history.length === 0) throw notFound('SSLCommerz knows no such transaction', 'payment_not_found');
    const paid = history.find((e) => PAID_STATUSES.has(e.status) && e.val_id);
    if (paid?.val_id) return this.verifyPaid(transactionId, paid.val_id);
    const final = history.find((e) => FINAL_STATUSES[e.status]);
    if (!final) throw conflict('SSLCommerz has no final result for this payment yet', 'payment_not_final');
    return unpaidEvent(transactionId, final);
  }

  /**
   * The validation API is the only proof of payment. Without `expectedAmountCents` (a callback,
   * which does not know the order) applyGatewayEvent checks the amount against the payment; the
   * reconciliation knows it and passes it, so a mismatch is refused here already.
   */
  private async verifyPaid(
    transactionId: number,
    valId: string,
    expectedAmountCents?: number,
  ): Promise<VerifiedGatewayEvent> {
    const raw = await this.call('/validator/api/validationserverAPI.php', {
      query: { val_id: valId, v: '1', format: 'json' },
    });
    const parsed = ValidationSchema.safeParse(raw);
    if (!parsed.success)
      throw gatewayError('SSLCommerz answered the validation request with an unexpected body');
    const v = parsed.data;
    if (!PAID_STATUSES.has(v.status)) {
      throw unauthorized('SSLCommerz does not confirm this payment', 'invalid_payment');
    }
    if (v.tran_id !== String(transactionId)) {
      throw unauthorized('The validation id belongs to another transaction', 'invalid_payment');
    }
    // SSLCommerz holds risky card payments for review: not paid until the merchant decides.
    if (String(v.risk_level ?? '0') === '1') {
      throw conflict('SSLCommerz flagged this payment for review', 'payment_on_hold');
    }
    // Sessions are opened in the configured currency only, so any other (or none reported) means
    // the amount below is not the one we asked for.
    if ((v.currency_type ?? v.currency) !== this.currency) {
      throw unauthorized('The payment was made in another currency', 'invalid_payment');
    }
    const amountCents = amountOf(v);
    if (expectedAmountCents !== undefined && amountCents !== expectedAmountCents) {
      throw badRequest('The amount does not match the payment', 'amount_mismatch');
    }
    return {
      transactionId,
      outcome: 'paid',
      amountCents,
      reference: v.val_id ?? valId,
      ...(v.bank_tran_id ? { paymentReference: v.bank_tran_id } : {}),
    };
  }

  private async queryTransaction(transactionId: number): Promise<Validation[]> {
    const raw = await this.call('/validator/api/merchantTransIDvalidationAPI.php', {
      query: { tran_id: String(transactionId), format: 'json' },
    });
    const parsed = TransactionQuerySchema.safeParse(raw);
    if (!parsed.success || parsed.data.APIConnect !== 'DONE') {
      throw gatewayError('SSLCommerz did not answer the transaction query');
    }
    const elements = parsed.data.element ?? [];
    return elements.filter((e) => e.tran_id === undefined || e.tran_id === String(transactionId));
  }

  private async call(
    path: string,
    {
      method = 'GET',
      query = {},
      body,
    }: { method?: 'GET' | 'POST'; query?: Record<string, string>; body?: URLSearchParams },
  ): Promise<unknown> {
    const url = new URL(this.options.baseUrl + path);
    if (method === 'GET') {
      for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
      url.searchParams.set('store_id', this.options.storeId);
      url.searchParams.set('store_passwd', this.options.storePassword);
    }
    let res: Response;
    try {
      res = await this.fetch(url, {
        method,
        body,
        headers: body ? { 'content-type': 'application/x-www-form-urlencoded' } : undefined,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch {
      throw gatewayError('SSLCommerz could not be reached');
    }
    if (!res.ok) throw gatewayError(`SSLCommerz answered ${res.status}`);
    try {
      return await res.json();
    } catch {
      throw gatewayError('SSLCommerz answered with something that is not JSON');
    }
  }

  /**
   * Asks SSLCommerz to refund (part of) a payment. A refund it accepts is pending until
   * refundStatus says otherwise; one it refuses (unknown payment, too much, already refunded) is
   * 'failed' at once. Anything that leaves the answer unknown (no connection, 5xx, a body we
   * cannot read, our store refused) throws, and the caller asks again later with the same
   * refundId: it is SSLCommerz's refe_id, so the retry cannot refund twice.
   */
  async refund(input: RefundInput): Promise<{ reference: string; status: GatewayRefundStatus }> {
    if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
      throw badRequest('A refund needs a positive amount');
    }
    if (!input.paymentReference.trim() || !input.refundId.trim()) {
      throw badRequest('A refund needs the payment reference and our refund id');
    }
    const raw = await this.call('/validator/api/merchantTransIDvalidationAPI.php', {
      query: {
        bank_tran_id: input.paymentReference,
        refund_amount: (input.amountCents / 100).toFixed(2),
        // SSLCommerz requires remarks and keeps them short.
        refund_remarks: (input.reason.trim() || 'Refund').slice(0, 255),
        refe_id: input.refundId,
        v: '1',
        format: 'json',
      },
    });
    const parsed = RefundInitSchema.safeParse(raw);
    if (!parsed.success) throw gatewayError('SSLCommerz answered the refund request with an unexpected body');
    const answer = parsed.data;
    const refused = { reference: `${REFUSED_REFUND_PREFIX}${input.refundId}`, status: 'failed' as const };
    if (answer.APIConnect !== 'DONE') {
      if (REFUSED_API_CONNECT.has(answer.APIConnect)) return refused;
      throw gatewayError(`SSLCommerz did not take the refund request: ${answer.APIConnect}`);
    }
    const status = REFUND_INIT_STATUSES[answer.status ?? ''];
    if (!status) throw gatewayError(`SSLCommerz answered the refund with status ${answer.status ?? 'none'}`);
    if (status === 'failed') return { ...refused, reference: answer.refund_ref_id ?? refused.reference };
    if (answer.bank_tran_id && answer.bank_tran_id !== input.paymentReference.trim()) {
      throw gatewayError('SSLCommerz answered the refund of another payment');
    }
    // An accepted refund without its id could never be polled: treat the answer as not received.
    if (!answer.refund_ref_id) throw gatewayError('SSLCommerz accepted the refund without a refund_ref_id');
    return { reference: answer.refund_ref_id, status };
  }

  /** Polls a refund SSLCommerz accepted; throws when the answer is unknown, so the poll repeats. */
  async refundStatus(reference: string): Promise<GatewayRefundStatus> {
    // Refused at initiation: SSLCommerz has no such refund to ask about, and the refusal is final.
    if (reference.startsWith(REFUSED_REFUND_PREFIX)) return 'failed';
    const raw = await this.call('/validator/api/merchantTransIDvalidationAPI.php', {
      query: { refund_ref_id: reference, format: 'json' },
    });
    const parsed = RefundQuerySchema.safeParse(raw);
    if (!parsed.success || parsed.data.APIConnect !== 'DONE') {
      throw gatewayError('SSLCommerz did not answer the refund query');
    }
    if (parsed.data.refund_ref_id && parsed.data.refund_ref_id !== reference) {
      throw gatewayError('SSLCommerz answered the query of another refund');
    }
    const status = REFUND_QUERY_STATUSES[parsed.data.status ?? ''];
    if (!status) throw gatewayError(`SSLCommerz answered the refund query with status ${parsed.data.status}`);
    return status;
  }

  /**
   * The reconciliation's question about a payment still pending after its window. A paid entry
   * in the transaction history is only a lead: the validation API confirms it, for our amount and
   * currency. A payment held for review throws (payment_on_hold), as it is neither paid nor over.
   */
  async queryPayment(transactionId: number, amountCents: number): Promise<VerifiedGatewayEvent | null> {
    const history = await this.queryTransaction(transactionId);
    // A paid attempt wins over earlier failed ones: the buyer may have retried on the same page.
    const paid = history.find((e) => PAID_STATUSES.has(e.status) && e.val_id);
    if (paid?.val_id) return this.verifyPaid(transactionId, paid.val_id, amountCents);
    const final = history.find((e) => FINAL_STATUSES[e.status]);
    if (!final) return null;
    const event = unpaidEvent(transactionId, final);
    if (event.amountCents !== amountCents) {
      throw badRequest('The amount does not match the payment', 'amount_mismatch');
    }
    return event;
  }
}

/** A failed or cancelled entry of the transaction history as an event. */
function unpaidEvent(transactionId: number, entry: Validation): VerifiedGatewayEvent {
  return {
    transactionId,
    outcome: FINAL_STATUSES[entry.status] as PaymentOutcome,
    amountCents: amountOf(entry),
    reference: entry.val_id || `sslcommerz-${entry.status.toLowerCase()}-${transactionId}`,
  };
}

/** The amount in the currency we asked for (SSLCommerz settles foreign currencies in BDT). */
function amountOf(v: Validation): number {
  const cents = v.currency_type ? v.currency_amount : v.amount;
  if (cents === undefined) throw gatewayError('SSLCommerz did not report the amount');
  return cents;
}

const gatewayError = (message: string) => new HttpError(502, 'gateway_error', message);
