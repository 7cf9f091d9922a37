import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { badRequest, unauthorized } from '../lib/errors';
import type {
  GatewayRefundStatus,
  PaymentGateway,
  PaymentOutcome,
  RefundInput,
  StartPaymentInput,
  VerifiedGatewayEvent,
} from './gateway';

/** A signed callback older than this is refused (replay window). */
export const CALLBACK_MAX_AGE_MS = 5 * 60 * 1000;

const CallbackSchema = z.object({
  transactionId: z.coerce.number().int().min(1).max(100_000_000),
  outcome: z.enum(['paid', 'failed', 'cancelled']),
  amountCents: z.coerce.number().int().positive(),
  issuedAt: z.coerce.number().int().positive(),
  nonce: z.string().regex(/^[0-9a-f]{32}$/),
  signature: z.string().regex(/^[0-9a-f]{64}$/),
});
export type SandboxCallback = z.infer<typeof CallbackSchema>;

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

const canonical = (c: Omit<SandboxCallback, 'signature'>) =>
  `sandbox-callback.${c.transactionId}.${c.outcome}.${c.amountCents}.${c.issuedAt}.${c.nonce}`;

function safeEqualHex(a: string, b: string) {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox';
  constructor(
    private readonly secret: string,
    private readonly publicApiUrl: string,
  ) {}

  async startPayment(input: StartPaymentInput) {
    const query = new URLSearchParams(input.language ? { lang: input.language } : {});
    query.set('sig', this.linkSignature(input.transactionId, input.amountCents));
    return {
      redirectUrl: `${this.publicApiUrl}/payment/sandbox/${input.transactionId}?${query}`,
      reference: null,
    };
  }

  /**
   * The `sig` of the page link /payment/init gives the buyer who started the payment: without it
   * the page would show any payment's product, amount and buyer to whoever tries transaction ids.
   * It covers the amount too, so a link stays tied to the payment it was made for.
   */
  linkSignature(transactionId: number, amountCents: number) {
    return hmac(this.secret, `sandbox-link.${transactionId}.${amountCents}`);
  }

  checkLinkSignature(transactionId: number, amountCents: number, sig: unknown) {
    return (
      typeof sig === 'string' &&
      /^[0-9a-f]{64}$/.test(sig) &&
      safeEqualHex(sig, this.linkSignature(transactionId, amountCents))
    );
  }

  /** Token in the hosted page's forms, so only someone who opened the page can submit it. */
  pageToken(transactionId: number) {
    return hmac(this.secret, `sandbox-page.${transactionId}`);
  }

  checkPageToken(transactionId: number, token: unknown) {
    return (
      typeof token === 'string' &&
      /^[0-9a-f]{64}$/.test(token) &&
      safeEqualHex(token, this.pageToken(transactionId))
    );
  }

  /** What the sandbox "gateway" sends to the merchant's callback after the customer chose. */
  signCallback(
    transactionId: number,
    outcome: PaymentOutcome,
    amountCents: number,
    now = Date.now(),
  ): SandboxCallback {
    const unsigned = {
      transactionId,
      outcome,
      amountCents,
      issuedAt: now,
      nonce: randomBytes(16).toString('hex'),
    };
    return { ...unsigned, signature: hmac(this.secret, canonical(unsigned)) };
  }

  async verifyCallback(body: unknown): Promise<VerifiedGatewayEvent> {
    const parsed = CallbackSchema.safeParse(body);
    if (!parsed.success) throw badRequest('Malformed payment callback');
    const c = parsed.data;
    if (!safeEqualHex(c.signature, hmac(this.secret, canonical(c)))) {
      throw unauthorized('The payment callback signature is invalid', 'invalid_signature');
    }
    const age = Date.now() - c.issuedAt;
    if (age > CALLBACK_MAX_AGE_MS || age < -60_000)
      throw unauthorized('The payment callback has expired', 'callback_expired');
    return {
      transactionId: c.transactionId,
      outcome: c.outcome,
      amountCents: c.amountCents,
      reference: c.nonce,
    };
  }

  // The sandbox's refund and query APIs. Stateless, so every API replica answers alike: a refund's
  // reference is a signature of our refund id; it is accepted as pending and is done when polled,
  // as a real gateway's refund takes a while. The sandbox cannot know of a payment whose page
  // result never reached us, so a query answers null and the reconciliation expires it.
  async refund(input: RefundInput) {
    return {
      reference: `sandbox-refund-${hmac(this.secret, `sandbox-refund.${input.refundId}.${input.amountCents}`)}`,
      status: 'pending' as GatewayRefundStatus,
    };
  }

  async refundStatus(reference: string): Promise<GatewayRefundStatus> {
    return /^sandbox-refund-[0-9a-f]{64}$/.test(reference) ? 'done' : 'failed';
  }

  async queryPayment(): Promise<VerifiedGatewayEvent | null> {
    return null;
  }
}
