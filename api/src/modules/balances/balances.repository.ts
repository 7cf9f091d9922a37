import { sql } from 'drizzle-orm';
import type { PaginationQuery } from 'shared-contracts/pagination';
import type { Database, Executor } from '../../db/index';
import { pageWindow } from '../../lib/http';
import { rowsOf } from '../../lib/list-query';
import { accounts } from '../ledger/ledger.repository';

/**
 * The reads of balances, statements and the operators' totals: the ledger's lines as each
 * person's money, in SQL (pagination included). Nothing here writes; the ledger's writes are
 * ledger.repository's postEntry, called by the modules that move money.
 */

/** One line of a seller's statement as SQL answers it. */
export interface StatementSqlRow {
  at: string;
  kind: string;
  memo: string;
  payout_id: string | null;
  transaction_id: number | null;
  account: 'held' | 'available' | 'payout-pending' | 'paid-out';
  /** The balance's change in its normal direction: positive in, negative out (bigint as text). */
  change: string;
}

/**
 * The statement's lines: every ledger line on the seller's available and payout-pending accounts
 * and on the held accounts of the orders they sold. A payout-paid entry takes the money out of
 * payout pending and also shows it arriving in paid out, a line of the statement's own, so each
 * account's lines sum to the balance GET /balance shows. Newest first, ties by line id.
 */
function statementSql(sellerId: string) {
  return sql`
    with mine as (
      select l.id as line_id, e.created_at, e.kind, e.memo, e.payout_id, p.transaction_id,
             a.kind as account_kind, l.amount_paisa * a.normal as change
      from ledger_lines l
      join ledger_accounts a on a.code = l.account
      join ledger_entries e on e.id = l.entry_id
      left join payments p on p.id = e.payment_id
      where l.account in (${accounts.available(sellerId).code}, ${accounts.payoutPending(sellerId).code})
         or l.account in (select h.code from ledger_accounts h join payments s on s.id = h.owner_id
                          where h.kind = 'held' and s.seller_id = ${sellerId})
    ), lines as (
      select line_id, 0 as part, created_at, kind, memo, payout_id, transaction_id, change,
             case account_kind when 'held' then 'held' when 'seller-available' then 'available'
                               else 'payout-pending' end as account
      from mine
      union all
      select line_id, 1, created_at, kind, memo, payout_id, transaction_id, -change, 'paid-out'
      from mine where kind = 'payout-paid' and account_kind = 'payouts-pending'
    )`;
}

const statementColumns = sql`
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at, kind, memo, payout_id,
  transaction_id, account, change::text as change`;

/** One page of the seller's statement and the number of its lines. */
export async function statementPage(db: Database, sellerId: string, query: PaginationQuery) {
  const { limit, offset } = pageWindow(query);
  const [rows, totals] = await Promise.all([
    db.execute(sql`${statementSql(sellerId)}
      select ${statementColumns} from lines
      order by created_at desc, line_id desc, part desc limit ${limit} offset ${offset}`),
    db.execute(sql`${statementSql(sellerId)} select count(*)::int as n from lines`),
  ]);
  return {
    rows: rowsOf<StatementSqlRow>(rows),
    total: Number(rowsOf<{ n: number }>(totals)[0]?.n ?? 0),
  };
}

/** The whole statement, newest first: its CSV download. */
export async function wholeStatement(db: Database, sellerId: string): Promise<StatementSqlRow[]> {
  return rowsOf<StatementSqlRow>(
    await db.execute(sql`${statementSql(sellerId)}
      select ${statementColumns} from lines order by created_at desc, line_id desc, part desc`),
  );
}

export interface SellerHoldingRow {
  seller_id: string;
  seller_name: string;
  held: string;
  available: string;
  pending: string;
}

/**
 * What the site holds for each seller (held orders, available, payout pending), the `limit`
 * largest in total first, from the balances the ledger's trigger keeps.
 */
export async function sellerHoldings(db: Executor, limit: number): Promise<SellerHoldingRow[]> {
  return rowsOf<SellerHoldingRow>(
    await db.execute(sql`
    with per as (
      select p.seller_id, a.balance as held, 0::bigint as available, 0::bigint as pending
      from ledger_accounts a join payments p on p.id = a.owner_id
      where a.kind = 'held' and a.balance > 0
      union all
      select a.owner_id, 0, a.balance, 0 from ledger_accounts a
      where a.kind = 'seller-available' and a.balance > 0
      union all
      select a.owner_id, 0, 0, a.balance from ledger_accounts a
      where a.kind = 'payouts-pending' and a.balance > 0
    )
    select per.seller_id, u.name as seller_name, sum(per.held)::text as held,
           sum(per.available)::text as available, sum(per.pending)::text as pending
    from per join users u on u.id = per.seller_id
    group by per.seller_id, u.name
    order by sum(per.held + per.available + per.pending) desc, per.seller_id
    limit ${limit}`),
  );
}
