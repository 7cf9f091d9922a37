import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HANDOVER_WINDOW_MS, PAYMENT_WINDOW_MS, RECEIPT_WINDOW_MS } from 'shared-contracts/order-lifecycle';
import type { Dispute, Order } from 'shared-contracts/money';
import type { SandboxGateway } from '../../payments/sandbox';
import {
  addProduct,
  bearer,
  demoActor,
  ownImageUrl,
  queryRows,
  registerActor,
  startTestApp,
  type Actor,
  type TestContext,
} from '../../test/harness';
import { rowsOf } from '../../lib/list-query';
import { ledgerProblems, sellerBalances } from '../ledger/ledger.repository';
import { runMoneySweeps } from './orders.service';

let ctx: TestContext;
let seller: Actor;
let buyer: Actor;
let otherBuyer: Actor;
let admin: Actor;
beforeAll(async () => {
  ctx = await startTestApp({ PLATFORM_FEE_BASIS_POINTS: '250' });
  [seller, buyer, otherBuyer, admin] = await Promise.all([
    registerActor(ctx.app, 'seller', 'Selling Sara'),
    registerActor(ctx.app, 'buyer', 'Buying Bilal'),
    registerActor(ctx.app, 'buyer'),
    demoActor(ctx.app, 'admin'),
  ]);
});
afterAll(async () => ctx?.close());
// After every test, whatever it did: every entry balances, no balance is negative, the held
// accounts equal the open orders, and money in equals money out plus what is held.
afterEach(async () => {
  expect(await ledgerProblems(ctx.app.deps.db)).toEqual([]);
});

const api = (method: 'GET' | 'POST', url: string, actor?: Actor | null, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(actor), ...(payload ? { payload } : {}) });

/** Delivers the gateway's signed word for a transaction, as the sandbox page or a retry would. */
const confirm = (transactionId: number, amountCents: number, outcome: 'paid' | 'failed' = 'paid') =>
  api(
    'POST',
    '/payment/callback',
    null,
    (ctx.app.deps.gateway as SandboxGateway).signCallback(transactionId, outcome, amountCents),
  );

async function startBuying(price = 50_000, who = buyer) {
  const productId = await addProduct(ctx.app, seller, { price });
  const res = await api('POST', '/payment/init', who, { _id: productId });
  expect(res.statusCode).toBe(200);
  const transactionId = Number(new URL(res.json() as string).pathname.split('/').pop());
  return { productId, transactionId, amountCents: price * 100 };
}

/** A laptop bought and paid: its order's money is held. */
async function buy(price = 50_000, who = buyer) {
  const started = await startBuying(price, who);
  const paid = await confirm(started.transactionId, started.amountCents);
  expect(paid.json()).toMatchObject({ status: 'paid' });
  return started;
}

const order = async (transactionId: number, actor: Actor = buyer) =>
  (await api('GET', `/orders/${transactionId}`, actor)).json() as Order;
const move = (transactionId: number, what: string, actor: Actor) =>
  api('POST', `/orders/${transactionId}/${what}`, actor);
const sweep = () => runMoneySweeps(ctx.app.deps.db, ctx.app.deps);
const listingStatus = async (productId: string) =>
  (await queryRows<{ status: string }>(ctx, sql`select status from products where id = ${productId}`))[0]
    ?.status;
const later = (ms: number) => {
  const shift = ms;
  ctx.app.deps.now = () => new Date(Date.now() + shift);
};
afterEach(() => {
  ctx.app.deps.now = () => new Date();
});

describe('the money of a paid order', () => {
  it('is held at payment, released to the seller less the fee when the buyer confirms receipt', async () => {
    const { transactionId, productId } = await buy(40_000);
    const held = await order(transactionId);
    expect(held).toMatchObject({
      funds: 'held',
      amountPaisa: 4_000_000,
      actions: ['dispute'],
      handedOverAt: null,
    });
    expect(Date.parse(held.deadline!) - Date.parse(held.paidAt)).toBe(HANDOVER_WINDOW_MS);
    expect((await order(transactionId, seller)).actions).toEqual(['hand-over', 'cancel']);
    expect(await listingStatus(productId)).toBe('sold');
    const balance = await sellerBalances(ctx.app.deps.db, seller.id);
    expect(balance.held).toBeGreaterThanOrEqual(4_000_000);

    const handed = await move(transactionId, 'hand-over', seller);
    expect(handed.statusCode).toBe(200);
    expect(handed.json()).toMatchObject({ funds: 'handed-over', actions: [] });
    const forBuyer = await order(transactionId);
    expect(forBuyer.actions).toEqual(['confirm', 'dispute']);
    expect(Date.parse(forBuyer.deadline!) - Date.parse(forBuyer.handedOverAt!)).toBe(RECEIPT_WINDOW_MS);

    const before = await sellerBalances(ctx.app.deps.db, seller.id);
    const released = await move(transactionId, 'confirm', buyer);
    expect(released.json()).toMatchObject({ funds: 'released', releasedPaisa: 3_900_000, feePaisa: 100_000 });
    const after = await sellerBalances(ctx.app.deps.db, seller.id);
    expect(after.available - before.available).toBe(3_900_000);
    expect(before.held - after.held).toBe(4_000_000);
    // The seller heard of the release, the buyer of the handover.
    const kinds = await queryRows<{ kind: string; user_id: string }>(
      ctx,
      sql`select kind, user_id from notifications where kind in ('order-handed-over', 'order-released') order by id`,
    );
    expect(kinds).toEqual(
      expect.arrayContaining([
        { kind: 'order-handed-over', user_id: buyer.id },
        { kind: 'order-released', user_id: seller.id },
      ]),
    );
  });

  it('refuses a second release, the wrong side, a stranger and an unknown order, and changes nothing', async () => {
    const { transactionId } = await buy();
    expect((await move(transactionId, 'confirm', buyer)).statusCode).toBe(409); // not handed over yet
    expect((await move(transactionId, 'hand-over', buyer)).json()).toMatchObject({
      error: 'order_wrong_side',
      message: 'Only the seller can do that',
    });
    expect((await move(transactionId, 'confirm', otherBuyer)).statusCode).toBe(403);
    expect((await move(transactionId, 'confirm', admin)).statusCode).toBe(403);
    expect((await api('GET', `/orders/${transactionId}`, otherBuyer)).statusCode).toBe(403);
    expect((await api('GET', `/orders/${transactionId}`, admin)).statusCode).toBe(200);
    expect((await move(99_999_999, 'confirm', buyer)).statusCode).toBe(404);
    expect((await move(transactionId, 'hand-over', seller)).statusCode).toBe(200);
    expect((await move(transactionId, 'hand-over', seller)).statusCode).toBe(409);
    const [first, second] = await Promise.all([
      move(transactionId, 'confirm', buyer),
      move(transactionId, 'confirm', buyer),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const entries = await queryRows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from ledger_entries e join payments p on p.id = e.payment_id
          where p.transaction_id = ${transactionId} and e.kind = 'release'`,
    );
    expect(entries[0]?.n).toBe(1);
    expect((await move(transactionId, 'cancel', seller)).json()).toMatchObject({
      message: 'This order has already been released to the seller, so it cannot be cancelled',
    });
  });

  it('refunds the buyer in full through the gateway when the seller cancels, and puts the laptop back on sale', async () => {
    const { transactionId, productId } = await buy(30_000);
    const cancelled = await move(transactionId, 'cancel', seller);
    expect(cancelled.json()).toMatchObject({ funds: 'refunded', refunds: [{ amountPaisa: 3_000_000 }] });
    expect(await listingStatus(productId)).toBe('available');
    // The refund goes to the gateway at once or at the next sweep, which polls it until done.
    for (const minutes of [1, 2, 3]) {
      later(minutes * 60_000);
      await sweep();
    }
    const refunded = await order(transactionId);
    expect(refunded.refunds[0]).toMatchObject({ status: 'done' });
    expect(refunded.refunds[0]!.settledAt).not.toBeNull();
    const settled = await queryRows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from ledger_entries e join payments p on p.id = e.payment_id
          where p.transaction_id = ${transactionId} and e.kind = 'refund-settled'`,
    );
    expect(settled[0]?.n).toBe(1);
    // The laptop can be bought again by someone else.
    const again = await api('POST', '/payment/init', otherBuyer, { _id: productId });
    expect(again.statusCode).toBe(200);
  });

  it('refunds automatically when the seller has not handed over within 7 days, and releases 3 days after a handover', async () => {
    const late = await buy();
    const handed = await buy();
    expect((await move(handed.transactionId, 'hand-over', seller)).statusCode).toBe(200);
    later(RECEIPT_WINDOW_MS - 60_000);
    await sweep();
    expect((await order(handed.transactionId)).funds).toBe('handed-over');
    later(RECEIPT_WINDOW_MS + 60_000);
    await sweep();
    expect((await order(handed.transactionId)).funds).toBe('released');
    expect((await order(late.transactionId)).funds).toBe('held');
    later(HANDOVER_WINDOW_MS + 60_000);
    await sweep();
    expect((await order(late.transactionId)).funds).toBe('refunded');
    expect(await listingStatus(late.productId)).toBe('available');
  });
});

describe('disputes', () => {
  const dispute = (transactionId: number, actor: Actor, body: object) =>
    api('POST', `/orders/${transactionId}/dispute`, actor, body);
  const problem = {
    reason: 'not-as-described',
    text: 'The battery holds 20 minutes, not the 4 hours the listing said.',
    photos: [] as string[],
  };

  it('holds the money while open; an operator refunds a part and releases the rest, audited, both told', async () => {
    const { transactionId } = await buy(20_000);
    expect((await move(transactionId, 'hand-over', seller)).statusCode).toBe(200);
    expect((await dispute(transactionId, seller, problem)).statusCode).toBe(403);
    expect((await dispute(transactionId, buyer, { ...problem, text: 'bad' })).statusCode).toBe(400);
    const opened = await dispute(transactionId, buyer, { ...problem, photos: [ownImageUrl()] });
    expect(opened.statusCode).toBe(201);
    const body = opened.json() as Dispute;
    expect(body).toMatchObject({ state: 'open', order: { funds: 'disputed' }, photos: [ownImageUrl()] });
    expect((await dispute(transactionId, buyer, problem)).statusCode).toBe(409);
    // No clock releases a disputed order.
    later(RECEIPT_WINDOW_MS * 2);
    await sweep();
    expect((await order(transactionId)).funds).toBe('disputed');

    const queue = (await api('GET', '/disputes?state=open', admin)).json() as Dispute[];
    expect(queue.map((d) => d._id)).toContain(body._id);
    expect((await api('GET', '/disputes', buyer)).statusCode).toBe(403);
    expect((await api('GET', `/disputes/${body._id}`, seller)).statusCode).toBe(200);
    expect((await api('GET', `/disputes/${body._id}`, otherBuyer)).statusCode).toBe(403);

    const resolve = (payload: object, actor = admin) =>
      api('POST', `/disputes/${body._id}/resolve`, actor, payload);
    expect((await resolve({ outcome: 'release', note: 'ok' }, buyer)).statusCode).toBe(403);
    expect(
      (await resolve({ outcome: 'part-refund', refundPaisa: 2_000_000, note: 'too much' })).statusCode,
    ).toBe(400);
    expect((await resolve({ outcome: 'part-refund', note: 'no amount' })).statusCode).toBe(400);
    const before = await sellerBalances(ctx.app.deps.db, seller.id);
    const resolved = await resolve({ outcome: 'part-refund', refundPaisa: 500_000, note: 'Battery worn' });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({
      state: 'resolved',
      outcome: 'part-refund',
      refundPaisa: 500_000,
      order: { funds: 'part-refunded', refunds: [{ amountPaisa: 500_000 }] },
    });
    const after = await sellerBalances(ctx.app.deps.db, seller.id);
    // 15,000 taka released, less the 2.5% fee.
    expect(after.available - before.available).toBe(1_500_000 - 37_500);
    expect((await resolve({ outcome: 'release', note: 'again' })).statusCode).toBe(409);
    const audit = await queryRows<{ action: string; target_id: string }>(
      ctx,
      sql`select action, target_id from audit_log where target_type = 'dispute'`,
    );
    expect(audit).toContainEqual({ action: 'dispute.part-refund', target_id: body._id });
    const told = await queryRows<{ user_id: string }>(
      ctx,
      sql`select user_id from notifications where kind = 'dispute-resolved'`,
    );
    expect(told.map((t) => t.user_id)).toEqual(expect.arrayContaining([buyer.id, seller.id]));
  });

  it('refuses a dispute once the money has left the hold', async () => {
    const { transactionId } = await buy();
    await move(transactionId, 'hand-over', seller);
    await move(transactionId, 'confirm', buyer);
    const res = await dispute(transactionId, buyer, problem);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: 'This order has already been released to the seller, so it cannot be disputed',
    });
  });
});

describe('the gateway’s word', () => {
  it('counts a confirmation delivered twice once', async () => {
    const { transactionId, amountCents } = await startBuying();
    const [a, b] = await Promise.all([
      confirm(transactionId, amountCents),
      confirm(transactionId, amountCents),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((await confirm(transactionId, amountCents)).statusCode).toBe(409);
    const captures = await queryRows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from ledger_entries where idempotency_key = ${`capture:${transactionId}`}`,
    );
    expect(captures[0]?.n).toBe(1);
  });

  it('expires a payment the gateway knows nothing of, and refunds a confirmation that comes after', async () => {
    const { transactionId, amountCents, productId } = await startBuying();
    later(PAYMENT_WINDOW_MS + 60_000);
    await sweep();
    const [payment] = await queryRows<{ status: string }>(
      ctx,
      sql`select status from payments where transaction_id = ${transactionId}`,
    );
    expect(payment?.status).toBe('expired');
    const late = await confirm(transactionId, amountCents);
    expect(late.json()).toMatchObject({ status: 'expired' });
    expect((await order(transactionId)).funds).toBe('refunded');
    expect(await listingStatus(productId)).toBe('available');
    expect((await confirm(transactionId, amountCents)).statusCode).toBe(409);
  });

  it('refunds the money of a payment for a laptop sold to someone else meanwhile', async () => {
    const first = await startBuying(25_000);
    const res = await api('POST', '/payment/init', otherBuyer, { _id: first.productId });
    const secondId = Number(new URL(res.json() as string).pathname.split('/').pop());
    expect((await confirm(first.transactionId, first.amountCents)).json()).toMatchObject({ status: 'paid' });
    expect((await confirm(secondId, first.amountCents)).json()).toMatchObject({ status: 'failed' });
    const loser = await order(secondId, otherBuyer);
    expect(loser).toMatchObject({ funds: 'refunded', refunds: [{ amountPaisa: 2_500_000 }] });
    expect(await listingStatus(first.productId)).toBe('sold');
  });
});

describe('the ledger in the database', () => {
  it('refuses an edit, a deletion, an unbalanced entry and a negative balance', async () => {
    await buy();
    const { db } = ctx.app.deps;
    await expect(db.execute(sql`update ledger_lines set amount_paisa = amount_paisa + 1`)).rejects.toThrow();
    await expect(db.execute(sql`delete from ledger_entries`)).rejects.toThrow();
    await expect(
      db.transaction(async (tx) => {
        const [entry] = rowsOf<{ id: number }>(
          await tx.execute(
            sql`insert into ledger_entries (idempotency_key, kind) values ('bad', 'x') returning id`,
          ),
        );
        await tx.execute(
          sql`insert into ledger_lines (entry_id, account, amount_paisa) values (${entry!.id}, 'gateway-clearing', 5), (${entry!.id}, 'platform-fees', -4)`,
        );
      }),
    ).rejects.toThrow();
    await expect(
      db.transaction(async (tx) => {
        const [entry] = rowsOf<{ id: number }>(
          await tx.execute(
            sql`insert into ledger_entries (idempotency_key, kind) values ('overdraw', 'x') returning id`,
          ),
        );
        // Pays out more than the site ever received as fees: the fees account would go below zero.
        await tx.execute(
          sql`insert into ledger_lines (entry_id, account, amount_paisa) values (${entry!.id}, 'platform-fees', 999999999), (${entry!.id}, 'paid-out', -999999999)`,
        );
      }),
    ).rejects.toThrow();
  });
});
