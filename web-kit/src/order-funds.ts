import type { Order } from 'shared-contracts/money';
import { orderDeadline } from 'shared-contracts/order-lifecycle';

/**
 * What happens next to a paid order's money (docs/product.md#money), decided once for every page
 * that says it: My Orders, My Buyers and the dispute page in the dashboard, the receipt in
 * checkout. Each package words the step in its own messages, under the same key.
 */
export type FundsStep =
  /** Held: the seller hands over by `date`, or the buyer is refunded automatically. */
  | 'held'
  /** Handed over: the buyer confirms or complains by `date`, or it is released automatically. */
  | 'handed-over'
  /** The buyer reported a problem: held until an operator decides. */
  | 'disputed'
  /** Released to the seller (after the fee). */
  | 'released'
  /** A refund was asked of the gateway and has not arrived yet. */
  | 'refund-pending'
  /** The gateway refused or lost a refund: the operators are on it. */
  | 'refund-failed'
  /** Refunded in full on `date`. */
  | 'refunded'
  /** `refundPaisa` refunded on `date`, the rest released to the seller. */
  | 'part-refunded';

export interface FundsNextStep {
  step: FundsStep;
  /** The deadline (held, handed over) or the day the refund arrived (refunded, part refunded). */
  date: string | null;
  /** How much goes or went back to the buyer (refunds), 0 otherwise. */
  refundPaisa: number;
}

const latest = (dates: (string | null)[]): string | null =>
  dates.filter((d): d is string => d !== null).sort((a, b) => Date.parse(b) - Date.parse(a))[0] ?? null;

/** The step an order's money is at, with the day that goes with it. */
export function fundsNextStep(
  order: Pick<
    Order,
    'funds' | 'deadline' | 'paidAt' | 'handedOverAt' | 'refundedAt' | 'refunds' | 'amountPaisa'
  >,
): FundsNextStep {
  const refundPaisa = order.refunds.reduce((sum, r) => sum + r.amountPaisa, 0);
  switch (order.funds) {
    case 'held':
    case 'handed-over': {
      // The API sends the deadline; the lifecycle's windows give it again should it be missing.
      const since = order.funds === 'held' ? order.paidAt : (order.handedOverAt ?? order.paidAt);
      const date = order.deadline ?? orderDeadline(order.funds, new Date(since))?.toISOString() ?? null;
      return { step: order.funds, date, refundPaisa: 0 };
    }
    case 'disputed':
      return { step: 'disputed', date: null, refundPaisa: 0 };
    case 'released':
      return { step: 'released', date: null, refundPaisa: 0 };
    case 'refunded':
    case 'part-refunded': {
      const amount = refundPaisa || (order.funds === 'refunded' ? order.amountPaisa : 0);
      if (order.refunds.some((r) => r.status === 'failed'))
        return { step: 'refund-failed', date: null, refundPaisa: amount };
      const done = order.refunds.every((r) => r.status === 'done');
      const date = done ? latest([...order.refunds.map((r) => r.settledAt), order.refundedAt]) : null;
      if (!date) return { step: 'refund-pending', date: null, refundPaisa: amount };
      return { step: order.funds, date, refundPaisa: amount };
    }
  }
}
