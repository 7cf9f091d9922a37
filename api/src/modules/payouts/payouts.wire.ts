import type { Payout, PayoutMethod } from 'shared-contracts/money';
import type { PayoutMethodRow, PayoutRow } from '../../db/schema/index';
import { dhakaDateTime, takaText, toCsv } from '../../lib/csv';
import { iso } from '../../lib/http';

/** How pages name each wallet. */
export const WALLET_NAMES = { bkash: 'bKash', nagad: 'Nagad', rocket: 'Rocket' } as const;

/**
 * A method as stored: the row, or the copy a payout keeps (jsonb, where the time came back as a
 * string).
 */
type StoredMethod = Omit<PayoutMethodRow, 'updatedAt'> & { updatedAt: Date | string };

/** Every digit but the last `keep` as a bullet: enough for the seller to recognise the number. */
const masked = (digits: string, keep: number) =>
  '•'.repeat(Math.max(0, digits.length - keep)) + digits.slice(-keep);

/**
 * A payout method as pages show it: "bKash ••••••••678" (the last 3 digits of a wallet) or
 * "Dutch-Bangla Bank, Gulshan, ••••••4321" (the last 4 of an account). The whole number is only
 * ever in the operators' payout CSV.
 */
export function toPayoutMethod(method: StoredMethod): PayoutMethod {
  const text =
    method.kind === 'bank'
      ? `${method.bankName ?? ''}, ${method.branch ?? ''}, ${masked(method.accountNumber ?? '', 4)}`
      : `${WALLET_NAMES[method.kind]} ${masked(method.walletNumber ?? '', 3)}`;
  return {
    kind: method.kind,
    masked: text,
    accountName: method.kind === 'bank' ? method.accountName : null,
    updatedAt: new Date(method.updatedAt).toISOString(),
  };
}

/** A payout with the method it was requested to (its copy, not the seller's method today). */
export const toPayout = ({ payout, sellerName }: { payout: PayoutRow; sellerName: string }): Payout => ({
  _id: payout.id,
  sellerId: payout.sellerId,
  sellerName,
  amountPaisa: payout.amountCents,
  method: toPayoutMethod(payout.method as StoredMethod),
  state: payout.state,
  reference: payout.reference,
  failureReason: payout.failureReason,
  requestedAt: payout.requestedAt.toISOString(),
  settledAt: iso(payout.settledAt),
});

/**
 * The operators' bulk-transfer file: one row per payout with the method's whole numbers as the
 * seller gave them when requesting (never masked: the transfer needs them; admin only). The
 * numbers are digits as the seller typed them, leading 0 included: a bank's upload reads them as
 * text, and a spreadsheet must import those columns as text to keep the 0.
 */
export function payoutsCsv(rows: { payout: PayoutRow; sellerName: string; sellerEmail: string }[]): string {
  return toCsv(
    [
      'Payout ID',
      'Seller name',
      'Seller e-mail',
      'Amount (Tk)',
      'Method',
      'Wallet number',
      'Account name',
      'Account number',
      'Bank',
      'Branch',
      'Routing number',
      'Requested at (Asia/Dhaka)',
    ],
    rows.map(({ payout, sellerName, sellerEmail }) => {
      const method = payout.method as StoredMethod;
      return [
        payout.id,
        sellerName,
        sellerEmail,
        takaText(payout.amountCents),
        method.kind === 'bank' ? 'bank' : WALLET_NAMES[method.kind],
        method.walletNumber,
        method.accountName,
        method.accountNumber,
        method.bankName,
        method.branch,
        method.routingNumber,
        dhakaDateTime(payout.requestedAt),
      ];
    }),
  );
}
