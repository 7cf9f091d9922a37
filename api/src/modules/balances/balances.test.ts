import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Balance, MoneyTotals, StatementLine } from 'shared-contracts/money';
import {
  bearer,
  demoActor,
  registerActor,
  startTestApp,
  type Actor,
  type TestContext,
} from '../../test/harness';
import { creditSeller, holdSale, ledgerProblemsOf, requestPayout, setWallet } from '../../test/money';

/**
 * Balances, statements and the operators' totals on the real app and database, every figure read
 * back from the ledger. After each test the ledger must pass every invariant check.
 */
let ctx: TestContext;
let buyer: Actor;
let admin: Actor;
beforeAll(async () => {
  ctx = await startTestApp();
  [buyer, admin] = await Promise.all([registerActor(ctx.app, 'buyer'), demoActor(ctx.app, 'admin')]);
});
afterAll(async () => ctx?.close());
afterEach(async () => {
  if (ctx) expect(await ledgerProblemsOf(ctx.app)).toEqual([]);
});

const inject = (method: 'GET' | 'POST', url: string, actor?: Actor | null, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(actor), ...(payload ? { payload } : {}) });
const balanceOf = async (actor: Actor) => (await inject('GET', '/balance', actor)).json() as Balance;
const statementOf = async (actor: Actor, query = 'limit=100') =>
  (await inject('GET', `/balance/statement?${query}`, actor)).json() as StatementLine[];

/** Each balance as the sum of its statement lines. */
function sums(lines: StatementLine[]) {
  const total: Record<StatementLine['account'], number> = {
    held: 0,
    available: 0,
    'payout-pending': 0,
    'paid-out': 0,
  };
  for (const l of lines) total[l.account] += l.amountPaisa;
  return total;
}

describe('GET /balance', () => {
  it('is all zero for someone who never sold, with the currency and the payout minimum', async () => {
    const newcomer = await registerActor(ctx.app, 'buyer');
    expect(await balanceOf(newcomer)).toEqual({
      heldPaisa: 0,
      availablePaisa: 0,
      payoutPendingPaisa: 0,
      paidOutPaisa: 0,
      currency: 'BDT',
      payoutMinimumPaisa: 50000,
      method: null,
    });
    const statement = await inject('GET', '/balance/statement', newcomer);
    expect(statement.json()).toEqual([]);
    expect(statement.headers['x-total-count']).toBe('0');
    expect((await inject('GET', '/balance', null)).statusCode).toBe(401);
  });

  it('follows the money: held, available, payout pending, paid out; the statement says each move', async () => {
    const seller = await registerActor(ctx.app, 'seller');
    await setWallet(ctx.app, seller);
    const open = await holdSale(ctx.app, seller, buyer, 400);
    expect(await balanceOf(seller)).toMatchObject({ heldPaisa: 40000, availablePaisa: 0 });

    const sold = await creditSeller(ctx.app, seller, buyer, 600);
    expect(await balanceOf(seller)).toMatchObject({ heldPaisa: 40000, availablePaisa: 60000 });

    const payoutId = await requestPayout(ctx.app, seller);
    expect(await balanceOf(seller)).toMatchObject({ availablePaisa: 0, payoutPendingPaisa: 60000 });
    const paid = await inject('POST', `/admin/payouts/${payoutId}/paid`, admin, { reference: 'BKASH-77' });
    expect(paid.statusCode).toBe(200);
    const balance = await balanceOf(seller);
    expect(balance).toMatchObject({
      heldPaisa: 40000,
      availablePaisa: 0,
      payoutPendingPaisa: 0,
      paidOutPaisa: 60000,
      method: { kind: 'bkash', masked: 'bKash ••••••••678' },
    });

    const statement = await inject('GET', '/balance/statement?limit=100', seller);
    expect(statement.headers['x-total-count']).toBe('8');
    const lines = statement.json() as StatementLine[];
    expect(lines.map((l) => [l.kind, l.account, l.amountPaisa, l.transactionId, l.payoutId])).toEqual([
      ['payout-paid', 'paid-out', 60000, null, payoutId],
      ['payout-paid', 'payout-pending', -60000, null, payoutId],
      ['payout-requested', 'available', -60000, null, payoutId],
      ['payout-requested', 'payout-pending', 60000, null, payoutId],
      ['release', 'available', 60000, sold.transactionId, null],
      ['release', 'held', -60000, sold.transactionId, null],
      ['capture', 'held', 60000, sold.transactionId, null],
      ['capture', 'held', 40000, open.transactionId, null],
    ]);
    // Newest first, and each balance is the sum of its lines.
    const times = lines.map((l) => Date.parse(l.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(lines[0]!.memo).toBe('Payout sent, reference BKASH-77');
    expect(sums(await statementOf(seller))).toEqual({
      held: balance.heldPaisa,
      available: balance.availablePaisa,
      'payout-pending': balance.payoutPendingPaisa,
      'paid-out': balance.paidOutPaisa,
    });

    // Pages of the same list: no line repeated or skipped.
    const pages = [
      ...(await statementOf(seller, 'page=1&limit=3')),
      ...(await statementOf(seller, 'page=2&limit=3')),
      ...(await statementOf(seller, 'page=3&limit=3')),
    ];
    expect(pages).toEqual(await statementOf(seller));
    expect((await inject('GET', '/balance/statement?limit=101', seller)).statusCode).toBe(400);

    // Nobody else's statement shows this seller's money.
    expect((await statementOf(buyer)).filter((l) => l.payoutId === payoutId)).toEqual([]);
  });
});

describe('GET /balance/statement.csv', () => {
  it('is the whole statement in taka with two decimals, every cell escaped, as an attachment', async () => {
    const seller = await registerActor(ctx.app, 'seller');
    await setWallet(ctx.app, seller);
    await creditSeller(ctx.app, seller, buyer, 512.75);
    const payoutId = await requestPayout(ctx.app, seller);
    const reason = 'Wallet "01712345678" is closed, ask the seller';
    await inject('POST', `/admin/payouts/${payoutId}/failed`, admin, { reason });

    const csv = await inject('GET', '/balance/statement.csv', seller);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="secondbyte-statement-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(csv.headers['cache-control']).toBe('no-store');
    expect(csv.body.startsWith('\uFEFF')).toBe(true);
    const rows = csv.body.slice(1).split('\r\n');
    expect(rows[0]).toBe('Date (Asia/Dhaka),Kind,Balance,Amount (Tk),Transaction ID,Payout ID,Memo');
    expect(rows.at(-1)).toBe('');
    const lines = await statementOf(seller);
    expect(rows).toHaveLength(lines.length + 2);
    const date = String.raw`\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}`;
    expect(rows[1]).toMatch(
      new RegExp(
        `^${date},payout-failed,available,512\\.75,,${payoutId},"Payout failed \\(Wallet ""01712345678"" is closed, ask the seller\\); the money is back in the balance"$`,
      ),
    );
    expect(rows[2]).toMatch(new RegExp(`^${date},payout-failed,payout-pending,-512\\.75,,${payoutId},`));
    expect(rows.filter((r) => /,release,available,512\.75,\d+,,/.test(r))).toHaveLength(1);

    expect((await inject('GET', '/balance/statement.csv', null)).statusCode).toBe(401);
  });
});

describe('GET /admin/money', () => {
  it('sums the ledger per kind, lists the sellers it holds money for, and says the books balance', async () => {
    const seller = await registerActor(ctx.app, 'seller', 'Totals seller');
    await setWallet(ctx.app, seller);
    await holdSale(ctx.app, seller, buyer, 300);
    await creditSeller(ctx.app, seller, buyer, 2000);
    await requestPayout(ctx.app, seller);
    await creditSeller(ctx.app, seller, buyer, 150);

    const res = await inject('GET', '/admin/money', admin);
    expect(res.statusCode).toBe(200);
    const totals = res.json() as MoneyTotals;
    expect(totals.balanced).toBe(true);
    expect(totals.sellers).toContainEqual({
      sellerId: seller.id,
      sellerName: 'Totals seller',
      heldPaisa: 30000,
      availablePaisa: 15000,
      payoutPendingPaisa: 200000,
    });
    expect(totals.requestedPayouts).toBeGreaterThanOrEqual(1);
    expect(totals.openDisputes).toBeGreaterThanOrEqual(0);
    expect(totals.receivedPaisa).toBe(
      totals.paidOutPaisa +
        totals.refundedPaisa +
        totals.heldPaisa +
        totals.availablePaisa +
        totals.payoutPendingPaisa +
        totals.refundPendingPaisa +
        totals.feesPaisa,
    );
    const byTotal = totals.sellers.map((s) => s.heldPaisa + s.availablePaisa + s.payoutPendingPaisa);
    expect([...byTotal].sort((a, b) => b - a)).toEqual(byTotal);
    expect(totals.sellers.length).toBeLessThanOrEqual(100);
  });
});
