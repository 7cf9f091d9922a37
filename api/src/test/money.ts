import { eq, sql } from 'drizzle-orm';
import type { App } from '../app';
import { payments } from '../db/schema/index';
import { accounts, balanceOf, ledgerProblems, postEntry } from '../modules/ledger/ledger.repository';
import { SandboxGateway } from '../payments/sandbox';
import { addProduct, bearer, startPayment, type Actor } from './harness';

/**
 * Money for the tests of balances and payouts: real sales whose funds are held or released to the
 * seller, posted straight to the ledger as the orders module posts them, so these tests do not
 * depend on the handover and confirmation routes.
 */

/**
 * The buyer pays `priceTaka` for a new laptop of the seller's and its money is held: the sandbox
 * gateway confirms the payment by its signed server-to-server callback (the hosted page's routes
 * are rate-limited, and suites that sell many laptops would wait on them), the money is captured
 * into the ledger (a no-op when that confirmation captured it already, under the same key) and the
 * order marked held if nothing marked it. Answers the payment.
 */
export async function holdSale(app: App, seller: Actor, buyer: Actor, priceTaka: number) {
  const productId = await addProduct(app, seller, { price: priceTaka });
  const { transactionId } = await startPayment(app, buyer, productId);
  const { db, gateway } = app.deps;
  if (!(gateway instanceof SandboxGateway)) throw new Error('the tests run the sandbox gateway');
  const [started] = await db.select().from(payments).where(eq(payments.transactionId, transactionId));
  if (!started) throw new Error(`no payment ${transactionId}`);
  const confirmed = await app.inject({
    method: 'POST',
    url: '/api/v1/payment/callback',
    payload: gateway.signCallback(transactionId, 'paid', started.amountCents),
  });
  if (confirmed.statusCode !== 200) throw new Error(`callback: ${confirmed.statusCode} ${confirmed.body}`);
  return db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, started.id));
    if (payment?.status !== 'paid') throw new Error(`payment ${transactionId} is not paid`);
    await postEntry(tx, {
      idempotencyKey: `capture:${transactionId}`,
      kind: 'capture',
      paymentId: payment.id,
      memo: 'Paid through the gateway',
      moves: [{ from: accounts.clearing, to: accounts.held(payment.id), amount: payment.amountCents }],
    });
    await tx
      .update(payments)
      .set({
        funds: sql`coalesce(${payments.funds}, 'held')`,
        fundsChangedAt: sql`coalesce(${payments.fundsChangedAt}, now())`,
      })
      .where(eq(payments.id, payment.id));
    return {
      paymentId: payment.id,
      sellerId: payment.sellerId,
      transactionId,
      amountPaisa: payment.amountCents,
    };
  });
}

/**
 * A sale whose whole hold is released to the seller's available balance, as the orders module
 * releases it after the buyer's confirmation. Answers the payment and the amount released.
 */
export async function creditSeller(app: App, seller: Actor, buyer: Actor, priceTaka: number) {
  const sale = await holdSale(app, seller, buyer, priceTaka);
  return app.deps.db.transaction(async (tx) => {
    const held = accounts.held(sale.paymentId);
    const amount = await balanceOf(tx, held);
    await postEntry(tx, {
      idempotencyKey: `release:${sale.transactionId}`,
      kind: 'release',
      paymentId: sale.paymentId,
      memo: 'Released to the seller',
      moves: [{ from: held, to: accounts.available(sale.sellerId), amount }],
    });
    await tx
      .update(payments)
      .set({ funds: 'released', fundsChangedAt: sql`now()`, releasedAt: sql`now()`, releasedCents: amount })
      .where(eq(payments.id, sale.paymentId));
    return { ...sale, amountPaisa: amount };
  });
}

/** Gives the user a bKash payout method through the API. */
export async function setWallet(app: App, user: Actor, walletNumber = '01712345678') {
  const res = await app.inject({
    method: 'PUT',
    url: '/api/v1/payout-method',
    headers: bearer(user),
    payload: { kind: 'bkash', walletNumber },
  });
  if (res.statusCode !== 200) throw new Error(`payout method: ${res.statusCode} ${res.body}`);
}

/** A requested payout of the seller's whole available balance (they need a method and the minimum). */
export async function requestPayout(app: App, seller: Actor): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/v1/payouts', headers: bearer(seller) });
  if (res.statusCode !== 200) throw new Error(`payout: ${res.statusCode} ${res.body}`);
  return (res.json() as { _id: string })._id;
}

/** What is wrong with the ledger (empty when every invariant holds). */
export const ledgerProblemsOf = (app: App) => ledgerProblems(app.deps.db);
