import { describe, expect, it } from 'vitest';
import type { Order, Refund } from 'shared-contracts/money';
import { fundsNextStep } from './order-funds';

const order = (over: Partial<Order> = {}): Order => ({
  transactionId: 4242,
  productId: 'p1',
  productName: 'ThinkPad T14',
  image: 'http://api.test/images/a.webp',
  buyerName: 'Bina',
  sellerName: 'Sami',
  amountPaisa: 4_150_050,
  currency: 'BDT',
  funds: 'held',
  paidAt: '2026-11-20T10:00:00.000Z',
  handedOverAt: null,
  releasedAt: null,
  refundedAt: null,
  deadline: '2026-11-27T10:00:00.000Z',
  releasedPaisa: 0,
  feePaisa: 0,
  refunds: [],
  disputeId: null,
  actions: [],
  ...over,
});

const refund = (over: Partial<Refund> = {}): Refund => ({
  _id: 'r1',
  amountPaisa: 4_150_050,
  status: 'done',
  reason: 'cancelled',
  createdAt: '2026-11-21T10:00:00.000Z',
  settledAt: '2026-11-22T10:00:00.000Z',
  ...over,
});

describe('what happens next to an order’s money', () => {
  it('gives the clock’s deadline while the money is held or handed over', () => {
    expect(fundsNextStep(order())).toEqual({
      step: 'held',
      date: '2026-11-27T10:00:00.000Z',
      refundPaisa: 0,
    });
    expect(
      fundsNextStep(
        order({
          funds: 'handed-over',
          handedOverAt: '2026-11-22T10:00:00.000Z',
          deadline: '2026-11-25T10:00:00.000Z',
        }),
      ),
    ).toEqual({ step: 'handed-over', date: '2026-11-25T10:00:00.000Z', refundPaisa: 0 });
  });

  it('works the deadline out from the lifecycle’s windows when the answer has none', () => {
    expect(fundsNextStep(order({ deadline: null })).date).toBe('2026-11-27T10:00:00.000Z');
    expect(
      fundsNextStep(order({ funds: 'handed-over', handedOverAt: '2026-11-22T10:00:00.000Z', deadline: null }))
        .date,
    ).toBe('2026-11-25T10:00:00.000Z');
  });

  it('has no day for a dispute or a release', () => {
    expect(fundsNextStep(order({ funds: 'disputed', deadline: null })).step).toBe('disputed');
    expect(fundsNextStep(order({ funds: 'released', deadline: null })).step).toBe('released');
  });

  it('says a refund is on its way until the gateway has paid it back, then when it arrived', () => {
    const refunded = order({ funds: 'refunded', deadline: null, refundedAt: '2026-11-21T10:00:00.000Z' });
    expect(fundsNextStep({ ...refunded, refunds: [refund({ status: 'pending', settledAt: null })] })).toEqual(
      {
        step: 'refund-pending',
        date: null,
        refundPaisa: 4_150_050,
      },
    );
    expect(fundsNextStep({ ...refunded, refunds: [refund()] })).toEqual({
      step: 'refunded',
      date: '2026-11-22T10:00:00.000Z',
      refundPaisa: 4_150_050,
    });
    expect(
      fundsNextStep({ ...refunded, refunds: [refund({ status: 'failed', settledAt: null })] }).step,
    ).toBe('refund-failed');
  });

  it('counts a part refund’s amount', () => {
    const part = order({
      funds: 'part-refunded',
      deadline: null,
      refundedAt: '2026-11-23T10:00:00.000Z',
      refunds: [refund({ amountPaisa: 100_000, settledAt: '2026-11-24T08:00:00.000Z' })],
    });
    expect(fundsNextStep(part)).toEqual({
      step: 'part-refunded',
      date: '2026-11-24T08:00:00.000Z',
      refundPaisa: 100_000,
    });
  });
});
