// Test-only: money answers in the contract's shapes (shared-contracts/money.ts), for the payout,
// dispute and money pages' tests.
import type { Balance, Dispute, MoneyTotals, Order, Payout, PayoutMethod } from 'shared-contracts/money';

export const bkash: PayoutMethod = {
  kind: 'bkash',
  masked: 'bKash ••••••••678',
  accountName: null,
  updatedAt: '2026-04-01T09:00:00.000Z',
};

export const balance = (over: Partial<Balance> = {}): Balance => ({
  heldPaisa: 8_950_000,
  availablePaisa: 1_250_050,
  payoutPendingPaisa: 0,
  paidOutPaisa: 4_000_000,
  currency: 'BDT',
  payoutMinimumPaisa: 50_000,
  method: bkash,
  ...over,
});

export const payout = (id: string, over: Partial<Payout> = {}): Payout => ({
  _id: id,
  sellerId: 'seller-1',
  sellerName: 'Rahim Uddin',
  amountPaisa: 1_250_000,
  method: bkash,
  state: 'requested',
  reference: null,
  failureReason: null,
  requestedAt: '2026-04-03T09:00:00.000Z',
  settledAt: null,
  ...over,
});

export const order = (over: Partial<Order> = {}): Order => ({
  transactionId: 48_213_007,
  productId: 'prod-1',
  productName: 'ThinkPad T14',
  image: '/api/v1/images/laptop.webp',
  buyerName: 'Karim Ahmed',
  sellerName: 'Rahim Uddin',
  amountPaisa: 5_000_000,
  currency: 'BDT',
  funds: 'disputed',
  paidAt: '2026-04-01T09:00:00.000Z',
  handedOverAt: '2026-04-02T12:00:00.000Z',
  releasedAt: null,
  refundedAt: null,
  deadline: null,
  releasedPaisa: 0,
  feePaisa: 0,
  refunds: [],
  disputeId: 'd1',
  actions: [],
  ...over,
});

export const dispute = (id: string, over: Partial<Dispute> = {}): Dispute => ({
  _id: id,
  order: order({ disputeId: id }),
  reason: 'not-as-described',
  text: 'The battery holds 20 minutes, not the 4 hours the listing said.',
  photos: ['/api/v1/images/battery-1.webp', '/api/v1/images/battery-2.webp'],
  state: 'open',
  openedAt: '2026-04-03T10:00:00.000Z',
  outcome: null,
  refundPaisa: null,
  note: null,
  resolvedAt: null,
  conversationId: 'conv-1',
  ...over,
});

export const moneyTotals = (over: Partial<MoneyTotals> = {}): MoneyTotals => ({
  receivedPaisa: 25_000_000,
  heldPaisa: 8_950_000,
  availablePaisa: 1_250_050,
  payoutPendingPaisa: 1_250_000,
  paidOutPaisa: 12_000_000,
  refundPendingPaisa: 0,
  refundedPaisa: 1_049_950,
  feesPaisa: 500_000,
  balanced: true,
  sellers: [
    {
      sellerId: 'seller-1',
      sellerName: 'Rahim Uddin',
      heldPaisa: 8_950_000,
      availablePaisa: 1_250_050,
      payoutPendingPaisa: 1_250_000,
    },
  ],
  openDisputes: 2,
  requestedPayouts: 1,
  ...over,
});
