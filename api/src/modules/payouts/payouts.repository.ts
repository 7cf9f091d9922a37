import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { PayoutMethodInput } from 'shared-contracts/money';
import type { PaginationQuery } from 'shared-contracts/pagination';
import type { Database, Executor } from '../../db/index';
import { payoutMethods, payouts, users, type PayoutMethodRow, type PayoutRow } from '../../db/schema/index';
import { pageWindow } from '../../lib/http';
import { rowsOf } from '../../lib/list-query';
import { accounts } from '../ledger/ledger.repository';

/**
 * Every read and write of payout methods and payouts (migration 0015), in SQL, pagination
 * included. The ledger entries a payout posts are ledger.repository's `postEntry`.
 */

export type PayoutState = PayoutRow['state'];

export async function findPayoutMethod(db: Executor, userId: string): Promise<PayoutMethodRow | null> {
  const [method] = await db.select().from(payoutMethods).where(eq(payoutMethods.userId, userId)).limit(1);
  return method ?? null;
}

/**
 * Stores the user's one payout method, replacing the earlier one whole: the columns of the other
 * kind are cleared, so a switch from a bank to bKash leaves no stale account number behind.
 */
export async function upsertPayoutMethod(
  db: Executor,
  userId: string,
  input: PayoutMethodInput,
): Promise<PayoutMethodRow> {
  const values = {
    kind: input.kind,
    walletNumber: input.kind === 'bank' ? null : input.walletNumber,
    accountName: input.kind === 'bank' ? input.accountName : null,
    accountNumber: input.kind === 'bank' ? input.accountNumber : null,
    bankName: input.kind === 'bank' ? input.bankName : null,
    branch: input.kind === 'bank' ? input.branch : null,
    routingNumber: input.kind === 'bank' ? input.routingNumber : null,
    updatedAt: sql`now()`,
  };
  const [row] = await db
    .insert(payoutMethods)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: payoutMethods.userId, set: values })
    .returning();
  return row!;
}

/**
 * The seller's available balance, its ledger row locked for the rest of the transaction: two
 * requests of one seller queue here, and the second sees the first's payout (or its empty
 * balance). A seller never credited has no row yet; the unique index on open payouts then
 * guards the race.
 */
export async function lockAvailableBalance(tx: Executor, sellerId: string): Promise<number> {
  const rows = rowsOf<{ balance: string }>(
    await tx.execute(
      sql`select balance::text as balance from ledger_accounts where code = ${accounts.available(sellerId).code} for update`,
    ),
  );
  return Number(rows[0]?.balance ?? 0);
}

/** The seller's payout still waiting for its transfer, if any (one at most: payouts_one_open_per_seller). */
export async function findOpenPayout(db: Executor, sellerId: string) {
  const [open] = await db
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.sellerId, sellerId), eq(payouts.state, 'requested')))
    .limit(1);
  return open ?? null;
}

export async function insertPayout(tx: Executor, row: typeof payouts.$inferInsert): Promise<PayoutRow> {
  const [inserted] = await tx.insert(payouts).values(row).returning();
  return inserted!;
}

/** The payout, locked for the rest of the transaction, with its seller's name and e-mail; or null. */
export async function lockPayout(tx: Executor, id: string) {
  const [payout] = await tx.select().from(payouts).where(eq(payouts.id, id)).limit(1).for('update');
  if (!payout) return null;
  const [seller] = await tx
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, payout.sellerId))
    .limit(1);
  return { payout, sellerName: seller?.name ?? '', sellerEmail: seller?.email ?? '' };
}

export type Settlement =
  | { state: 'paid'; reference: string; settledBy: string }
  | { state: 'failed'; failureReason: string; settledBy: string };

/**
 * Settles a payout only from 'requested': the condition makes a second marking (or paid after
 * failed) change nothing, even if the row was not locked first. Null when it was not requested.
 */
export async function settlePayout(
  tx: Executor,
  id: string,
  settlement: Settlement,
): Promise<PayoutRow | null> {
  const [settled] = await tx
    .update(payouts)
    .set({ ...settlement, settledAt: sql`now()` })
    .where(and(eq(payouts.id, id), eq(payouts.state, 'requested')))
    .returning();
  return settled ?? null;
}

export interface PayoutsFilter {
  sellerId?: string;
  state?: PayoutState;
}

const payoutsWhere = ({ sellerId, state }: PayoutsFilter) =>
  and(sellerId ? eq(payouts.sellerId, sellerId) : undefined, state ? eq(payouts.state, state) : undefined);

/**
 * A page of payouts, newest first (payouts_seller_idx for a seller, payouts_state_requested_idx for
 * the operators' queue), each with its seller's name and e-mail; and the list's total.
 */
export async function listPayouts(db: Database, filter: PayoutsFilter, query: PaginationQuery) {
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    db
      .select({ payout: payouts, sellerName: users.name, sellerEmail: users.email })
      .from(payouts)
      .innerJoin(users, eq(users.id, payouts.sellerId))
      .where(payoutsWhere(filter))
      .orderBy(desc(payouts.requestedAt), desc(payouts.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(payouts).where(payoutsWhere(filter)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export type PayoutSqlRow = Awaited<ReturnType<typeof listPayouts>>['rows'][number];

/** Every payout of a state, oldest first (the order they are transferred in): the operators' CSV. */
export async function allPayouts(db: Database, state: PayoutState) {
  return db
    .select({ payout: payouts, sellerName: users.name, sellerEmail: users.email })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.sellerId))
    .where(eq(payouts.state, state))
    .orderBy(payouts.requestedAt, payouts.id);
}

/** How many payouts wait for their transfer (the operators' totals). */
export async function countRequestedPayouts(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(payouts).where(eq(payouts.state, 'requested'));
  return row?.n ?? 0;
}
