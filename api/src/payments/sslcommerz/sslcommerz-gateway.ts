import { z } from 'zod';
import { DEFAULT_CURRENCY } from 'shared-contracts/locale';
import { badRequest, conflict, HttpError, notFound, unauthorized } from '../../lib/errors';
import type {
  GatewayRefundStatus,
  PaymentGateway,
  PaymentOutcome,
  StartPaymentInput,
  VerifiedGatewayEvent,
} from '../gateway';

/**
 * SSLCommerz (https://developer.sslcommerz.com), the gateway whose flow the spec mirrors:
 *  1. session API  POST {base}/gwprocess/v4/api.php            → GatewayPageURL (browser goes there)
 *  2. the gateway  POSTs the IPN to ipn_url (server to server) and sends the browser back by POST
 *                  to success_url / fail_url / cancel_url
 *  3. validation   GET {base}/validator/api/validationserverAPI.php?val_id=…  (a successful payment)
 *                  GET {base}/validator/api/merchantTransIDvalidationAPI.php?tran_id=… (any outcome)
 * Nothing posted to us is believed: verifyCallback takes only the ids from the body and asks
 * SSLCommerz, with the store's credentials, what happened and for how much.
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

const ValidationSchema = z.object({
  status: z.string(),
  tran_id: z.string().optional(),
  val_id: z.string().optional(),
  amount: Amount.optional(),
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

/** What SSLCommerz (or anyone) posts to the IPN and return URLs: only the ids are used. */
const CallbackSchema = z.object({
  tran_id: z.string().regex(/^\d{1,9}$/),
  val_id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,100}$/)
    .optional(),
});

const PAID_STATUSES = new Set(['VALID', 'VALIDATED']);
const FINAL_STATUSES: Record<string, PaymentOutcome> = { FAILED: 'failed', CANCELLED: 'cancelled' };

export class SslcommerzGateway implements PaymentGateway {
  readonly name = 'sslcommerz';
  private readonly fetch: typeof fetch;
  private readonly timeoutMs: number;

  constructor(private readonly options: SslcommerzOptions) {
    this.fetch = options.fetch ?? fetch;
    this.timeoutMs = options.timeoutMs ?? 15_000;
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
    const paid = history.find((e) => PAID_STATUSES.has(e.status) && e.val_id);
    if (paid?.val_id) return this.verifyPaid(transactionId, paid.val_id);
    const final = history.find((e) => FINAL_STATUSES[e.status]);
    if (!final) throw conflict('SSLCommerz has no final result for this payment yet', 'payment_not_final');
    return {
      transactionId,
      outcome: FINAL_STATUSES[final.status] as PaymentOutcome,
      amountCents: amountOf(final),
      reference: final.val_id ?? `sslcommerz-${final.status.toLowerCase()}-${transactionId}`,
    };
  }

  /** The validation API is the only proof of payment; its amount is checked against ours later. */
  private async verifyPaid(transactionId: number, valId: string): Promise<VerifiedGatewayEvent> {
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
    if (v.currency_type && v.currency_type !== (this.options.currency ?? DEFAULT_CURRENCY)) {
      throw unauthorized('The payment was made in another currency', 'invalid_payment');
    }
    return { transactionId, outcome: 'paid', amountCents: amountOf(v), reference: v.val_id ?? valId };
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
    if (elements.length === 0) throw notFound('SSLCommerz knows no such transaction', 'payment_not_found');
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

  // Placeholder until the refund and transaction-query APIs land (issue 37 §5).
  async refund(): Promise<{ reference: string; status: GatewayRefundStatus }> {
    throw gatewayError('SSLCommerz refunds are not wired yet');
  }

  async refundStatus(): Promise<GatewayRefundStatus> {
    throw gatewayError('SSLCommerz refunds are not wired yet');
  }

  async queryPayment(): Promise<VerifiedGatewayEvent | null> {
    return null;
  }
}

/** The amount in the currency we asked for (SSLCommerz settles foreign currencies in BDT). */
function amountOf(v: Validation): number {
  const cents = v.currency_type ? v.currency_amount : v.amount;
  if (cents === undefined) throw gatewayError('SSLCommerz did not report the amount');
  return cents;
}

const gatewayError = (message: string) => new HttpError(502, 'gateway_error', message);
