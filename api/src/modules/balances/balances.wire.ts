import type { StatementLine } from 'shared-contracts/money';
import { dhakaDateTime, takaText, toCsv } from '../../lib/csv';
import type { StatementSqlRow } from './balances.repository';

/** A statement line as the API's answer. */
export const toStatementLine = (r: StatementSqlRow): StatementLine => ({
  at: r.at,
  kind: r.kind,
  account: r.account,
  amountPaisa: Number(r.change),
  transactionId: r.transaction_id === null ? null : Number(r.transaction_id),
  payoutId: r.payout_id,
  memo: r.memo,
});

/**
 * The statement as a spreadsheet: the same lines, amounts in taka with two decimals (signed: in
 * or out of that balance), times in Dhaka. Memos carry operators' words (a transfer reference, a
 * failure reason), so every cell goes through the CSV guard.
 */
export function statementCsv(lines: StatementLine[]): string {
  return toCsv(
    ['Date (Asia/Dhaka)', 'Kind', 'Balance', 'Amount (Tk)', 'Transaction ID', 'Payout ID', 'Memo'],
    lines.map((l) => [
      dhakaDateTime(new Date(l.at)),
      l.kind,
      l.account,
      takaText(l.amountPaisa),
      l.transactionId,
      l.payoutId,
      l.memo,
    ]),
  );
}
