import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../../db/index';
import { queryRows, registerActor, startTestApp, type Actor, type TestContext } from '../../test/harness';
import { holdSale } from '../../test/money';
import { rowsOf } from '../../lib/list-query';
import { accounts, balanceOf, ledgerProblems } from './ledger.repository';

// Migration 0016: the gateway's clearing account keeps no balance in its row (every capture would
// otherwise lock that row until its confirmation commits); its balance is the sum of its lines, and
// the database still refuses a line that would take it below zero.

let ctx: TestContext;
let seller: Actor;
let buyer: Actor;
beforeAll(async () => {
  ctx = await startTestApp();
  [seller, buyer] = await Promise.all([
    registerActor(ctx.app, 'seller', 'Clearing Seller'),
    registerActor(ctx.app, 'buyer', 'Clearing Buyer'),
  ]);
});
afterAll(async () => ctx?.close());

const clearingRow = async () =>
  (
    await queryRows<{ balance: string | null }>(
      ctx,
      sql`select balance::text as balance from ledger_accounts where code = 'gateway-clearing'`,
    )
  )[0];

/** Inserts one entry with these lines as they are, in this order, in `tx`. */
async function post(tx: Executor, key: string, lines: [string, number][]) {
  const [entry] = rowsOf<{ id: number }>(
    await tx.execute(
      sql`insert into ledger_entries (idempotency_key, kind) values (${key}, 'test') returning id`,
    ),
  );
  for (const [account, amount] of lines)
    await tx.execute(
      sql`insert into ledger_lines (entry_id, account, amount_paisa) values (${entry!.id}, ${account}, ${amount})`,
    );
}

class RolledBack extends Error {}

describe('the clearing account', () => {
  it('keeps no balance in its row: its balance is the sum of the captures', async () => {
    const db = ctx.app.deps.db;
    const before = await balanceOf(db, accounts.clearing);
    const sale = await holdSale(ctx.app, seller, buyer, 1_000);
    expect((await clearingRow())?.balance).toBeNull();
    expect(await balanceOf(db, accounts.clearing)).toBe(before + sale.amountPaisa);
    expect(await ledgerProblems(db)).toEqual([]);
  });

  it('refuses a line that would take it below zero, and takes one that does not', async () => {
    const db = ctx.app.deps.db;
    const sale = await holdSale(ctx.app, seller, buyer, 2_000);
    const held = accounts.held(sale.paymentId).code;
    const total = await balanceOf(db, accounts.clearing);
    // Drizzle wraps the database's error: its message is the failed query, its cause the refusal.
    const refusal = await db
      .transaction((tx) =>
        post(tx, 'overdraw-clearing', [
          ['gateway-clearing', -(total + 1)],
          [held, total + 1],
        ]),
      )
      .then(
        () => 'accepted',
        (err: Error) => (err.cause instanceof Error ? err.cause.message : err.message),
      );
    expect(refusal).toMatch(/ledger account gateway-clearing would go below zero/);
    // A reversal of one paisa is within its lines: accepted, then rolled back by the test.
    await expect(
      db.transaction(async (tx) => {
        await post(tx, 'reverse-a-paisa', [
          ['gateway-clearing', -1],
          [held, 1],
        ]);
        throw new RolledBack();
      }),
    ).rejects.toBeInstanceOf(RolledBack);
    expect(await balanceOf(db, accounts.clearing)).toBe(total);
    expect(await ledgerProblems(db)).toEqual([]);
  });
});
