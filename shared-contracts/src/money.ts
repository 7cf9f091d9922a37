import { z } from './zod';
import { singleLineText, multiLineText } from './text';
import { OwnImageUrlSchema } from './images';
import { IdSchema } from './pagination';
import { TransactionIdSchema } from './payments';
import { FundsStates, OrderEvents } from './order-lifecycle';

/**
 * The money after Buy Now (docs/product.md#money): orders whose funds are held until the handover,
 * disputes, refunds, seller balances, payouts and the operator's totals. Every amount on these
 * routes is an integer number of paisa (1 taka = 100 paisa), the unit the ledger keeps.
 */
export const PaisaSchema = z.number().int().nonnegative().describe('An amount in paisa (1/100 taka)');

export const FundsStateSchema = z.enum(FundsStates).describe('Where the money of the order is');
export const OrderActionsSchema = z
  .array(z.enum(OrderEvents))
  .describe('What the signed-in reader may do now: each is a POST /orders/{transactionId}/<action>');

export const RefundStatuses = ['requested', 'pending', 'done', 'failed'] as const;
export const RefundStatusSchema = z.enum(RefundStatuses);
export type RefundStatus = z.infer<typeof RefundStatusSchema>;

/** A refund of (part of) an order through the gateway's refund API, and how far it has got. */
export const RefundSchema = z.object({
  _id: z.string(),
  amountPaisa: PaisaSchema,
  status: RefundStatusSchema,
  reason: z.string(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type Refund = z.infer<typeof RefundSchema>;

/** A paid order as its buyer, its seller or an operator sees it. */
export const OrderSchema = z.object({
  transactionId: z.number().int(),
  productId: z.string(),
  productName: z.string(),
  image: z.string(),
  buyerName: z.string(),
  sellerName: z.string(),
  amountPaisa: PaisaSchema,
  currency: z.string(),
  funds: FundsStateSchema,
  paidAt: z.string(),
  handedOverAt: z.string().nullable(),
  releasedAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
  /** When the clock acts next: the automatic refund (held) or release (handed over); null otherwise. */
  deadline: z.string().nullable(),
  /** Released to the seller, after the fee (0 until released). */
  releasedPaisa: PaisaSchema,
  feePaisa: PaisaSchema,
  refunds: z.array(RefundSchema),
  disputeId: z.string().nullable(),
  actions: OrderActionsSchema,
});
export type Order = z.infer<typeof OrderSchema>;
export const OrderListSchema = z.array(OrderSchema);

export const OrderRoles = ['buyer', 'seller'] as const;
export const OrderListQuerySchema = z.object({
  as: z
    .enum(OrderRoles)
    .default('buyer')
    .describe('The buyer’s orders (My Orders) or the seller’s sales (My Buyers)'),
});
export const OrderParamsSchema = z.object({ transactionId: TransactionIdSchema });

// ── Disputes ────────────────────────────────────────────────────────────────────────────────

export const DisputeReasons = ['not-received', 'not-as-described', 'damaged', 'other'] as const;
export const DisputeReasonSchema = z.enum(DisputeReasons);
export type DisputeReason = z.infer<typeof DisputeReasonSchema>;
export const MAX_DISPUTE_TEXT = 2000;
export const MAX_DISPUTE_PHOTOS = 5;

/** POST /orders/{transactionId}/dispute: the buyer's problem, in words and photos (POST /images). */
export const OpenDisputeSchema = z.object({
  reason: DisputeReasonSchema,
  text: multiLineText()
    .trim()
    .min(10, 'Tell us what went wrong in at least 10 characters')
    .max(MAX_DISPUTE_TEXT),
  photos: z.array(OwnImageUrlSchema).max(MAX_DISPUTE_PHOTOS).default([]),
});
export type OpenDispute = z.infer<typeof OpenDisputeSchema>;

export const DisputeOutcomes = ['release', 'refund', 'part-refund'] as const;
export const DisputeOutcomeSchema = z.enum(DisputeOutcomes);

/** POST /disputes/{id}/resolve (operators): release, refund in full, or refund a part and release the rest. */
export const ResolveDisputeSchema = z
  .object({
    outcome: DisputeOutcomeSchema,
    refundPaisa: z
      .number()
      .int()
      .positive()
      .optional()
      .describe('With part-refund: how much goes back to the buyer'),
    note: singleLineText().trim().min(3, 'Say why in a few words').max(500),
  })
  .superRefine((body, ctx) => {
    if (body.outcome === 'part-refund' && body.refundPaisa === undefined)
      ctx.addIssue({
        code: 'custom',
        message: 'refundPaisa is required for a part refund',
        path: ['refundPaisa'],
      });
    if (body.outcome !== 'part-refund' && body.refundPaisa !== undefined)
      ctx.addIssue({
        code: 'custom',
        message: 'refundPaisa is only for a part refund',
        path: ['refundPaisa'],
      });
  });
export type ResolveDispute = z.infer<typeof ResolveDisputeSchema>;

export const DisputeStates = ['open', 'resolved'] as const;
export const DisputeSchema = z.object({
  _id: z.string(),
  order: OrderSchema,
  reason: DisputeReasonSchema,
  text: z.string(),
  photos: z.array(z.string()),
  state: z.enum(DisputeStates),
  openedAt: z.string(),
  outcome: DisputeOutcomeSchema.nullable(),
  refundPaisa: PaisaSchema.nullable(),
  note: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  /** The conversation between the buyer and the seller about the laptop, if they have one. */
  conversationId: z.string().nullable(),
});
export type Dispute = z.infer<typeof DisputeSchema>;
export const DisputeListSchema = z.array(DisputeSchema);
export const DisputeListQuerySchema = z.object({ state: z.enum(DisputeStates).default('open') });

// ── Payout methods and payouts ───────────────────────────────────────────────────────────────

/** A Bangladeshi mobile number as the wallets use it: 11 digits, 01 then 3–9. */
export const WALLET_NUMBER_PATTERN = /^01[3-9]\d{8}$/;
export const ROUTING_NUMBER_PATTERN = /^\d{9}$/;
export const BANK_ACCOUNT_PATTERN = /^\d{6,20}$/;
export const WalletKinds = ['bkash', 'nagad', 'rocket'] as const;

const walletNumber = singleLineText()
  .trim()
  .regex(WALLET_NUMBER_PATTERN, 'Enter an 11-digit mobile number starting with 013–019');

/** PUT /payout-method: where the seller's payouts go. */
export const PayoutMethodInputSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.enum(WalletKinds), walletNumber }),
  z.object({
    kind: z.literal('bank'),
    accountName: singleLineText().trim().min(2).max(100),
    accountNumber: singleLineText()
      .trim()
      .regex(BANK_ACCOUNT_PATTERN, 'Enter the account number, 6 to 20 digits'),
    bankName: singleLineText().trim().min(2).max(100),
    branch: singleLineText().trim().min(2).max(100),
    routingNumber: singleLineText().trim().regex(ROUTING_NUMBER_PATTERN, 'Enter the 9-digit routing number'),
  }),
]);
export type PayoutMethodInput = z.infer<typeof PayoutMethodInputSchema>;

/** A payout method as pages show it: the number masked but for its last digits. */
export const PayoutMethodSchema = z.object({
  kind: z.enum([...WalletKinds, 'bank']),
  masked: z.string().describe('e.g. "bKash ••••••••678" or "Dutch-Bangla Bank, Gulshan, ••••••4321"'),
  accountName: z.string().nullable(),
  updatedAt: z.string(),
});
export type PayoutMethod = z.infer<typeof PayoutMethodSchema>;

export const PayoutStates = ['requested', 'paid', 'failed'] as const;
export const PayoutSchema = z.object({
  _id: z.string(),
  sellerId: z.string(),
  sellerName: z.string(),
  amountPaisa: PaisaSchema,
  method: PayoutMethodSchema,
  state: z.enum(PayoutStates),
  reference: z.string().nullable(),
  failureReason: z.string().nullable(),
  requestedAt: z.string(),
  settledAt: z.string().nullable(),
});
export type Payout = z.infer<typeof PayoutSchema>;
export const PayoutListSchema = z.array(PayoutSchema);
export const PayoutListQuerySchema = z.object({ state: z.enum(PayoutStates).optional() });

export const MarkPayoutPaidSchema = z.object({
  reference: singleLineText().trim().min(3, 'Enter the transfer’s reference').max(100),
});
export const MarkPayoutFailedSchema = z.object({
  reason: singleLineText().trim().min(3, 'Say why the transfer failed').max(300),
});

/** GET /balance: the seller's money, every figure derived from the ledger. */
export const BalanceSchema = z.object({
  heldPaisa: PaisaSchema,
  availablePaisa: PaisaSchema,
  payoutPendingPaisa: PaisaSchema,
  paidOutPaisa: PaisaSchema,
  currency: z.string(),
  payoutMinimumPaisa: PaisaSchema,
  method: PayoutMethodSchema.nullable(),
});
export type Balance = z.infer<typeof BalanceSchema>;

/** One movement of the seller's money, as the statement lists it (and its CSV). */
export const StatementLineSchema = z.object({
  at: z.string(),
  kind: z.string().describe('capture, release, refund, payout-requested, payout-paid, payout-failed, …'),
  account: z.enum(['held', 'available', 'payout-pending', 'paid-out']),
  amountPaisa: z.number().int().describe('Positive: money in to that balance; negative: money out'),
  transactionId: z.number().int().nullable(),
  payoutId: z.string().nullable(),
  memo: z.string(),
});
export type StatementLine = z.infer<typeof StatementLineSchema>;
export const StatementSchema = z.array(StatementLineSchema);

/** GET /admin/money: what the site holds and for whom, from the ledger. */
export const MoneyTotalsSchema = z.object({
  receivedPaisa: PaisaSchema.describe('Everything buyers have paid through the gateway'),
  heldPaisa: PaisaSchema,
  availablePaisa: PaisaSchema.describe('Released to sellers, not yet paid out'),
  payoutPendingPaisa: PaisaSchema,
  paidOutPaisa: PaisaSchema,
  refundPendingPaisa: PaisaSchema,
  refundedPaisa: PaisaSchema,
  feesPaisa: PaisaSchema,
  /** received = paid out + refunded + (held + available + payout pending + refund pending + fees). */
  balanced: z.boolean(),
  sellers: z.array(
    z.object({
      sellerId: z.string(),
      sellerName: z.string(),
      heldPaisa: PaisaSchema,
      availablePaisa: PaisaSchema,
      payoutPendingPaisa: PaisaSchema,
    }),
  ),
  openDisputes: z.number().int().nonnegative(),
  requestedPayouts: z.number().int().nonnegative(),
});
export type MoneyTotals = z.infer<typeof MoneyTotalsSchema>;

export const IdParams = z.object({ id: IdSchema });
