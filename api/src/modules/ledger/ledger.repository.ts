import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/index';
import {
  LedgerAccountKinds,
  ledgerAccounts,
  ledgerEntries,
  ledgerLines,
  type LedgerAccountKind,
} from '../../db/schema/index';
import { rowsOf } from '../../lib/list-query';

/**
 * The double-entry ledger (docs/decisions/0043-double-entry-ledger.md): every money move is one
 * entry of lines that sum to zero, posted in the transaction of the state change it records. The
 * database refuses an unbalanced entry, a balance below zero and any change to a posted line.
 */

/** An account: its code names its kind and, for per-order and per-seller accounts, the owner. */
export interface Account {
  code: string;
  kind: LedgerAccountKind;
  ownerId: string | null;
  /** 1: debit-normal (money the site has received); -1: credit-normal (money owed or earned). */
  normal: 1 | -1;
}

const site = (kind: LedgerAccountKind, normal: 1 | -1): Account => ({
  code: kind,
  kind,
  ownerId: null,
  normal,
});

export const accounts = {
  /** Everything buyers paid through the gateway. */
  clearing: site('gateway-clearing', 1),
  fees: site('platform-fees', -1),
  refundsPending: site('refunds-pending', -1),
  refunded: site('refunded', -1),
  paidOut: site('paid-out', -1),
  /** The funds of one order while they are held. */
  held: (paymentId: string): Account => ({
    code: `held:${paymentId}`,
    kind: 'held',
    ownerId: paymentId,
    normal: -1,
  }),
  /** What the site owes a seller and the seller may request. */
  available: (sellerId: string): Account => ({
    code: `seller-available:${sellerId}`,
    kind: 'seller-available',
    ownerId: sellerId,
    normal: -1,
  }),
  /** A seller's payout requested and not yet transferred. */
  payoutPending: (sellerId: string): Account => ({
    code: `payouts-pending:${sellerId}`,
    kind: 'payouts-pending',
    ownerId: sellerId,
    normal: -1,
  }),
};

/** A move of `amount` paisa from one account to another: the debit and credit of one entry. */
export interface Move {
  /** Debited: its credit-normal balance goes down, or the clearing's goes up. */
  from: Account;
  /** Credited. */
  to: Account;
  amount: number;
}

export interface EntryInput {
  /** The event the entry records, unique forever: a repeat finds it taken and posts nothing. */
  idempotencyKey: string;
  kind: string;
  paymentId?: string | null;
  payoutId?: string | null;
  memo?: string;
  moves: Move[];
  at?: Date;
}

/**
 * Posts one balanced entry; false (and nothing written) when its idempotency key was posted
 * before. Lines go in the order of their account codes so that two entries touching the same
 * accounts lock their balances in the same order and never deadlock.
 */
export async function postEntry(tx: Executor, input: EntryInput): Promise<boolean> {
  const totals = new Map<string, { account: Account; amount: number }>();
  for (const move of input.moves) {
    if (!Number.isSafeInteger(move.amount) || move.amount < 0)
      throw new Error(`A ledger move must be a whole, non-negative number of paisa (got ${move.amount})`);
    if (move.amount === 0) continue;
    for (const [account, amount] of [
      [move.from, move.amount],
      [move.to, -move.amount],
    ] as const) {
      const line = totals.get(account.code) ?? { account, amount: 0 };
      line.amount += amount;
      totals.set(account.code, line);
    }
  }
  const lines = [...totals.values()]
    .filter((l) => l.amount !== 0)
    .sort((a, b) => (a.account.code < b.account.code ? -1 : 1));
  const [entry] = await tx
    .insert(ledgerEntries)
    .values({
      idempotencyKey: input.idempotencyKey,
      kind: input.kind,
      paymentId: input.paymentId ?? null,
      payoutId: input.payoutId ?? null,
      memo: input.memo ?? '',
      ...(input.at ? { createdAt: input.at } : {}),
    })
    .onConflictDoNothing({ target: ledgerEntries.idempotencyKey })
    .returning({ id: ledgerEntries.id });
  if (!entry) return false;
  await tx
    .insert(ledgerAccounts)
    .values(
      lines.map(({ account }) => ({
        code: account.code,
        kind: account.kind,
        ownerId: account.ownerId,
        normal: account.normal,
      })),
    )
    .onConflictDoNothing({ target: ledgerAccounts.code });
  await tx
    .insert(ledgerLines)
    .values(lines.map((l) => ({ entryId: entry.id, account: l.account.code, amountPaisa: l.amount })));
  return true;
}

/** Whether an entry with this key was posted (in this transaction or before it). */
export async function entryPosted(tx: Executor, idempotencyKey: string): Promise<boolean> {
  const rows = rowsOf<{ one: number }>(
    await tx.execute(
      sql`select 1 as one from ledger_entries where idempotency_key = ${idempotencyKey} limit 1`,
    ),
  );
  return rows.length > 0;
}

/**
 * The balance of one account in its normal direction (0 for an account never used): the one the
 * trigger keeps, or for a derived account (balance NULL, the gateway's clearing) the sum of its lines.
 */
export async function balanceOf(tx: Executor, account: Account): Promise<number> {
  const rows = rowsOf<{ balance: string }>(
    await tx.execute(sql`
    select coalesce(a.balance, (select coalesce(sum(l.amount_paisa), 0) from ledger_lines l where l.account = a.code) * a.normal)::text as balance
    from ledger_accounts a where a.code = ${account.code}`),
  );
  return Number(rows[0]?.balance ?? 0);
}

/** A seller's balances, summed from the ledger's lines: held (their open orders), available, payout pending, paid out. */
export async function sellerBalances(tx: Executor, sellerId: string) {
  const rows = rowsOf<{ held: string; available: string; pending: string; paid: string }>(
    await tx.execute(sql`
    select
      coalesce((select sum(a.balance) from ledger_accounts a join payments p on a.owner_id = p.id
                where a.kind = 'held' and p.seller_id = ${sellerId} and p.funds is not null), 0)::text as held,
      coalesce((select -sum(amount_paisa) from ledger_lines where account = ${accounts.available(sellerId).code}), 0)::text as available,
      coalesce((select -sum(amount_paisa) from ledger_lines where account = ${accounts.payoutPending(sellerId).code}), 0)::text as pending,
      coalesce((select sum(l.amount_paisa) from ledger_lines l join ledger_entries e on e.id = l.entry_id
                where l.account = ${accounts.payoutPending(sellerId).code} and e.kind = 'payout-paid'), 0)::text as paid`),
  );
  const r = rows[0]!;
  return {
    held: Number(r.held),
    available: Number(r.available),
    payoutPending: Number(r.pending),
    paidOut: Number(r.paid),
  };
}

/** The site's totals per kind of account, from the lines (in each account's normal direction). */
export async function totalsByKind(tx: Executor): Promise<Record<LedgerAccountKind, number>> {
  const rows = rowsOf<{ kind: LedgerAccountKind; total: string }>(
    await tx.execute(sql`
    select a.kind, coalesce(sum(l.amount_paisa * a.normal), 0)::text as total
    from ledger_accounts a left join ledger_lines l on l.account = a.code group by a.kind`),
  );
  const totals = Object.fromEntries(LedgerAccountKinds.map((k) => [k, 0])) as Record<
    LedgerAccountKind,
    number
  >;
  for (const row of rows) totals[row.kind] = Number(row.total);
  return totals;
}

/**
 * What must hold after any sequence of events (the property test and the bench call it): each
 * entry sums to zero, no balance is negative and each equals the sum of its lines, the held
 * accounts equal the open orders, and money in equals money out plus what is held.
 * Answers the list of what is wrong; empty when the ledger is sound.
 */
export async function ledgerProblems(tx: Executor): Promise<string[]> {
  const problems: string[] = [];
  const unbalanced = rowsOf<{ id: string; total: string }>(
    await tx.execute(sql`
    select entry_id::text as id, sum(amount_paisa)::text as total from ledger_lines group by entry_id having sum(amount_paisa) <> 0 limit 5`),
  );
  for (const r of unbalanced) problems.push(`entry ${r.id} is off by ${r.total} paisa`);
  // A derived balance (NULL: the clearing's) is its lines' sum, which must not be negative either.
  const drift = rowsOf<{ code: string; balance: string; summed: string }>(
    await tx.execute(sql`
    select a.code, coalesce(a.balance::text, 'derived') as balance, (coalesce(sum(l.amount_paisa), 0) * a.normal)::text as summed
    from ledger_accounts a left join ledger_lines l on l.account = a.code
    group by a.code, a.balance, a.normal
    having a.balance <> coalesce(sum(l.amount_paisa), 0) * a.normal
        or coalesce(a.balance, coalesce(sum(l.amount_paisa), 0) * a.normal) < 0 limit 5`),
  );
  for (const r of drift) problems.push(`account ${r.code}: balance ${r.balance}, lines ${r.summed}`);
  const held = rowsOf<{ ledger: string; orders: string }>(
    await tx.execute(sql`
    select
      coalesce((select sum(balance) from ledger_accounts where kind = 'held'), 0)::text as ledger,
      coalesce((select sum(amount_cents) from payments where funds in ('held', 'handed-over', 'disputed')), 0)::text as orders`),
  );
  const h = held[0]!;
  if (h.ledger !== h.orders) problems.push(`held funds ${h.ledger} ≠ open orders ${h.orders}`);
  const t = await totalsByKind(tx);
  const kept =
    t.held + t['seller-available'] + t['payouts-pending'] + t['platform-fees'] + t['refunds-pending'];
  if (t['gateway-clearing'] !== t['paid-out'] + t.refunded + kept)
    problems.push(`money in ${t['gateway-clearing']} ≠ out ${t['paid-out'] + t.refunded} + held ${kept}`);
  return problems;
}
