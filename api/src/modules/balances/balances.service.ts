import type { Balance, MoneyTotals } from 'shared-contracts/money';
import type { Database } from '../../db/index';
import { ledgerProblems, sellerBalances, totalsByKind } from '../ledger/ledger.repository';
import { countRequestedPayouts, findPayoutMethod } from '../payouts/payouts.repository';
import { toPayoutMethod } from '../payouts/payouts.wire';
import { countOpenDisputes } from '../disputes/disputes.repository';
import { sellerHoldings } from './balances.repository';

/**
 * Balances (docs/product.md#money): every figure is summed from the ledger, never kept beside it,
 * so what a seller and an operator read is what the double-entry books say.
 */

/** How many sellers the operators' totals list, the largest holdings first. */
export const MONEY_TOTALS_SELLERS = 100;

/** GET /balance: the caller's money in each place, the payout minimum and their masked method. */
export async function balanceOf(
  db: Database,
  userId: string,
  settings: { currency: string; payoutMinimumPaisa: number },
): Promise<Balance> {
  const [balances, method] = await Promise.all([sellerBalances(db, userId), findPayoutMethod(db, userId)]);
  return {
    heldPaisa: balances.held,
    availablePaisa: balances.available,
    payoutPendingPaisa: balances.payoutPending,
    paidOutPaisa: balances.paidOut,
    currency: settings.currency,
    payoutMinimumPaisa: settings.payoutMinimumPaisa,
    method: method ? toPayoutMethod(method) : null,
  };
}

/**
 * GET /admin/money: the site's totals per kind of account, the sellers it holds the most for,
 * what waits for an operator, and whether the ledger passes every invariant check.
 */
export async function moneyTotals(db: Database): Promise<MoneyTotals> {
  const [totals, sellers, openDisputes, requestedPayouts, problems] = await Promise.all([
    totalsByKind(db),
    sellerHoldings(db, MONEY_TOTALS_SELLERS),
    countOpenDisputes(db),
    countRequestedPayouts(db),
    ledgerProblems(db),
  ]);
  return {
    receivedPaisa: totals['gateway-clearing'],
    heldPaisa: totals.held,
    availablePaisa: totals['seller-available'],
    payoutPendingPaisa: totals['payouts-pending'],
    paidOutPaisa: totals['paid-out'],
    refundPendingPaisa: totals['refunds-pending'],
    refundedPaisa: totals.refunded,
    feesPaisa: totals['platform-fees'],
    balanced: problems.length === 0,
    sellers: sellers.map((s) => ({
      sellerId: s.seller_id,
      sellerName: s.seller_name,
      heldPaisa: Number(s.held),
      availablePaisa: Number(s.available),
      payoutPendingPaisa: Number(s.pending),
    })),
    openDisputes,
    requestedPayouts,
  };
}
