import { sql } from 'drizzle-orm';
import type { Executor } from '../db/index';
import { rowsOf } from '../lib/list-query';
import { ledgerProblems } from '../modules/ledger/ledger.repository';

/**
 * The money's tests (docs/product.md#money) ask more of the database than ledgerProblems does: that the
 * ledger agrees with the rows it records, order by order and seller by seller. ledgerProblems
 * sees a sum; a capture posted to the wrong order, a fee off by a paisa or a payout counted
 * twice leave the sums whole and are caught here. Each check is one statement, so it reads one
 * snapshot even while another process (a background refund, a second replica) writes.
 */

/**
 * Every account's balance in its normal direction: the one its row keeps, or for an account whose
 * row keeps none (NULL: since migration 0016 the gateway's clearing, derived from its lines) the
 * sum of its lines.
 */
const balances = sql`(select a.code, coalesce(a.balance,
    (select coalesce(sum(l.amount_paisa), 0) from ledger_lines l where l.account = a.code) * a.normal) as balance
  from ledger_accounts a)`;

const rowsWhere = async (db: Executor, query: ReturnType<typeof sql>) =>
  rowsOf<Record<string, unknown>>(await db.execute(query));

type Report = (what: string, rows: Record<string, unknown>[]) => void;
const reporter =
  (problems: string[]): Report =>
  (what, rows) => {
    for (const row of rows.slice(0, 5)) problems.push(`${what}: ${JSON.stringify(row)}`);
  };

/**
 * What must hold after every step, and is cheap enough to ask after every one: ledgerProblems,
 * no balance below zero, and each payment's money counted once or not at all (one capture at
 * most, an order exactly when captured, neither a 'paid' payment without its order nor a pending
 * one with an order). Empty when it holds.
 */
export async function countedOnceProblems(db: Executor): Promise<string[]> {
  const problems = [...(await ledgerProblems(db))];
  const report = reporter(problems);
  report(
    'negative balance',
    await rowsWhere(db, sql`select code, balance::text from ${balances} b where balance < 0`),
  );
  report(
    'payment and capture disagree',
    await rowsWhere(
      db,
      sql`select p.transaction_id, p.status, p.funds, count(e.id)::int as captures
          from payments p left join ledger_entries e on e.payment_id = p.id and e.kind = 'capture'
          group by p.id
          having count(e.id) > 1
              or (p.funds is null) <> (count(e.id) = 0)
              or (p.status = 'paid' and p.funds is null)
              or (p.status = 'pending' and p.funds is not null)
              or (p.funds is not null and min(e.idempotency_key) <> 'capture:' || p.transaction_id)`,
    ),
  );
  return problems;
}

/**
 * Everything wrong with the money, in words; empty when it is sound: countedOnceProblems, and
 * each order, refund, payout and seller against its entries. `feeBasisPoints` is the
 * PLATFORM_FEE_BASIS_POINTS of the app that released the orders.
 */
export async function moneyProblems(db: Executor, feeBasisPoints: number): Promise<string[]> {
  const problems = await countedOnceProblems(db);
  const report = reporter(problems);

  // Each order's own hold: its whole amount while the money is held, nothing once it has left.
  report(
    'order hold',
    await rowsWhere(
      db,
      sql`select p.transaction_id, p.funds, p.amount_cents, a.balance::text as held
          from payments p left join ${balances} a on a.code = 'held:' || p.id
          where p.funds is not null
            and coalesce(a.balance, 0) <> case when p.funds in ('held', 'handed-over', 'disputed')
                                               then p.amount_cents else 0 end`,
    ),
  );

  // Where an order's money went: released (less the fee, rounded down) plus refunded is the amount.
  report(
    'order settlement',
    await rowsWhere(
      db,
      sql`select p.transaction_id, p.funds, p.amount_cents, p.released_cents, p.fee_cents, r.amount_cents as refund
          from payments p left join refunds r on r.payment_id = p.id
          where p.funds is not null and not coalesce(case
            when p.funds = 'released' then r.id is null
              and p.released_cents + p.fee_cents = p.amount_cents
              and p.fee_cents = (p.amount_cents::bigint * ${feeBasisPoints}) / 10000
            when p.funds = 'part-refunded' then r.amount_cents > 0 and r.amount_cents < p.amount_cents
              and p.released_cents + p.fee_cents + r.amount_cents = p.amount_cents
              and p.fee_cents = ((p.amount_cents - r.amount_cents)::bigint * ${feeBasisPoints}) / 10000
            when p.funds = 'refunded' then r.amount_cents = p.amount_cents and p.released_cents = 0
            else r.id is null and p.released_cents = 0 end, false)`,
    ),
  );

  // A release posts what the order says was released and its fee, once.
  report(
    'release entry',
    await rowsWhere(
      db,
      sql`select p.transaction_id, p.funds, p.released_cents, p.fee_cents, count(distinct e.id)::int as entries,
                 coalesce(-sum(l.amount_paisa) filter (where l.account like 'seller-available:%'), 0)::text as released,
                 coalesce(-sum(l.amount_paisa) filter (where l.account = 'platform-fees'), 0)::text as fee
          from payments p
          left join ledger_entries e on e.payment_id = p.id and e.kind = 'release'
          left join ledger_lines l on l.entry_id = e.id
          where p.funds is not null
          group by p.id
          having count(distinct e.id) <> case when p.funds in ('released', 'part-refunded') then 1 else 0 end
              or coalesce(-sum(l.amount_paisa) filter (where l.account = 'seller-available:' || p.seller_id), 0) <> p.released_cents
              or coalesce(-sum(l.amount_paisa) filter (where l.account = 'platform-fees'), 0) <> p.fee_cents`,
    ),
  );

  // A refund is entered once when decided, and settled in the ledger exactly when it is done.
  report(
    'refund and its entries',
    await rowsWhere(
      db,
      sql`select r.id, r.status, r.amount_cents,
                 count(e.id) filter (where e.kind = 'refund')::int as entered,
                 count(e.id) filter (where e.kind = 'refund-settled')::int as settled
          from refunds r left join ledger_entries e
            on e.idempotency_key in ('refund:' || r.id, 'refund-settled:' || r.id)
          group by r.id
          having count(e.id) filter (where e.kind = 'refund') <> 1
              or count(e.id) filter (where e.kind = 'refund-settled') <> case when r.status = 'done' then 1 else 0 end`,
    ),
  );

  // The site's accounts against the rows: every captured payment, every fee, every refund, every payout.
  report(
    'site totals',
    await rowsWhere(
      db,
      sql`select * from (select
            (select coalesce(sum(balance), 0) from ${balances} b where code = 'gateway-clearing') as clearing,
            (select coalesce(sum(amount_cents), 0) from payments where funds is not null) as captured,
            (select coalesce(sum(balance), 0) from ${balances} b where code = 'platform-fees') as fees,
            (select coalesce(sum(fee_cents), 0) from payments where funds is not null) as fee_rows,
            (select coalesce(sum(balance), 0) from ${balances} b where code = 'refunds-pending') as refunds_pending,
            (select coalesce(sum(amount_cents), 0) from refunds where status <> 'done') as refund_rows_open,
            (select coalesce(sum(balance), 0) from ${balances} b where code = 'refunded') as refunded,
            (select coalesce(sum(amount_cents), 0) from refunds where status = 'done') as refund_rows_done,
            (select coalesce(sum(balance), 0) from ${balances} b where code = 'paid-out') as paid_out,
            (select coalesce(sum(amount_cents), 0) from payouts where state = 'paid') as payout_rows_paid
          ) t
          where clearing <> captured or fees <> fee_rows or refunds_pending <> refund_rows_open
             or refunded <> refund_rows_done or paid_out <> payout_rows_paid`,
    ),
  );

  // Each seller's balances against their released orders and their payouts.
  report(
    'seller balances',
    await rowsWhere(
      db,
      sql`select * from (
            select s.id,
              coalesce((select balance from ${balances} b where code = 'seller-available:' || s.id), 0) as available,
              coalesce((select sum(released_cents) from payments where seller_id = s.id and funds is not null), 0)
                - coalesce((select sum(amount_cents) from payouts where seller_id = s.id and state in ('requested', 'paid')), 0)
                as expected_available,
              coalesce((select balance from ${balances} b where code = 'payouts-pending:' || s.id), 0) as pending,
              coalesce((select sum(amount_cents) from payouts where seller_id = s.id and state = 'requested'), 0)
                as expected_pending
            from (select seller_id as id from payments where funds is not null
                  union select seller_id from payouts) s
          ) b
          where available <> expected_available or pending <> expected_pending`,
    ),
  );

  // A payout moves its amount once when requested and once more when settled, never again.
  report(
    'payout entries',
    await rowsWhere(
      db,
      sql`select o.id, o.state, o.amount_cents, count(e.id)::int as entries,
                 string_agg(e.kind, ',' order by e.id) as kinds
          from payouts o left join ledger_entries e on e.payout_id = o.id
          group by o.id
          having string_agg(e.kind, ',' order by e.id) is distinct from case o.state
            when 'requested' then 'payout-requested'
            when 'paid' then 'payout-requested,payout-paid'
            else 'payout-requested,payout-failed' end`,
    ),
  );
  return problems;
}
