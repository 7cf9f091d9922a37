import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HANDOVER_WINDOW_MS,
  PAYMENT_WINDOW_MS,
  RECEIPT_WINDOW_MS,
  orderTransition,
  type FundsState,
} from 'shared-contracts/order-lifecycle';
import { nextSalesStatus, type SalesStatus } from 'shared-contracts/sales-status';
import type { SandboxCallback, SandboxGateway } from '../../payments/sandbox';
import {
  addProduct,
  bearer,
  demoActor,
  queryRows,
  registerActor,
  startTestApp,
  type Actor,
  type TestContext,
} from '../../test/harness';
import { countedOnceProblems, moneyProblems } from '../../test/money-checks';
import { processRefunds, REFUND_POLL_MS, sweepOrders } from '../orders/orders.money';
import { reconcilePendingPayments } from '../payments/payments.service';

// The money after Buy Now as a property (docs/product.md#money): in random sequences of events over a small
// world (two sellers, three buyers, listings at odd prices), through the real routes where they
// exist and the sweeps' own functions otherwise, every answer is a 2xx or the 4xx the order's
// state calls for, never a 5xx. After every single step the ledger is sound (ledgerProblems), no
// balance is negative and each payment is counted once or not at all (countedOnceProblems); every
// few steps and at the end of each sequence it must also agree with every order, refund, payout
// and seller it records (moneyProblems). Runs on PGlite, and on PostgreSQL with
// TEST_DATABASE_URL. MONEY_PROPERTY_RUNS, MONEY_PROPERTY_SEED and MONEY_PROPERTY_SECONDS widen or
// replay a run; a failure prints the steps of its sequence and fast-check's seed.

/** An odd fee, so that rounding down to the paisa shows on odd amounts. */
const FEE_BASIS_POINTS = 333;
/** The smallest payout, 1 taka: small enough that sellers request payouts often, large enough to refuse some. */
const PAYOUT_MINIMUM_PAISA = 100;
const RUNS = Number(process.env.MONEY_PROPERTY_RUNS ?? 40);
const SEED = process.env.MONEY_PROPERTY_SEED ? Number(process.env.MONEY_PROPERTY_SEED) : undefined;
/**
 * No sequence starts after this many seconds (MONEY_PROPERTY_SECONDS, 0: no limit), so the file
 * stays within a test run's time on a busy machine; the summary says how many ran, never fewer
 * than MIN_RUNS.
 */
const BUDGET_S = Number(process.env.MONEY_PROPERTY_SECONDS ?? 100);
const MIN_RUNS = Math.min(RUNS, 8);
const MINUTE = 60_000;
/** The whole comparison of ledger and rows (moneyProblems) costs ten statements: every this many steps. */
const FULL_CHECK_EVERY = 8;

let ctx: TestContext;
let sellers: Actor[];
let buyers: Actor[];
let admin: Actor;
/** How far this file has moved the app's clock; never back, as time does not go back. */
let offsetMs = 0;

beforeAll(async () => {
  ctx = await startTestApp({
    PLATFORM_FEE_BASIS_POINTS: String(FEE_BASIS_POINTS),
    PAYOUT_MINIMUM_TAKA: String(PAYOUT_MINIMUM_PAISA / 100),
    // The steps sweep when they choose to; a timer sweeping in between would make a failure unrepeatable.
    MONEY_SWEEP_SECONDS: '3600',
  });
  [sellers, buyers, admin] = await Promise.all([
    Promise.all([
      registerActor(ctx.app, 'seller', 'Selling Sara'),
      registerActor(ctx.app, 'seller', 'Selling Sami'),
    ]),
    Promise.all([
      registerActor(ctx.app, 'buyer', 'Buying Bilal'),
      registerActor(ctx.app, 'buyer', 'Buying Bina'),
      registerActor(ctx.app, 'buyer', 'Buying Babu'),
    ]),
    demoActor(ctx.app, 'admin'),
  ]);
  for (const seller of sellers) {
    const res = await api('PUT', '/payout-method', seller, { kind: 'bkash', walletNumber: '01712345678' });
    expect(res.statusCode).toBe(200);
  }
  ctx.app.deps.now = () => new Date(Date.now() + offsetMs);
});
afterAll(async () => ctx?.close());

type Who = 'buyer' | 'seller' | 'stranger' | 'admin';
type Step =
  | { kind: 'list'; seller: number; cents: number }
  | { kind: 'start'; buyer: number; listing: number }
  | { kind: 'deliver'; payment: number; outcome: 'paid' | 'failed' | 'cancelled'; twice: boolean }
  | { kind: 'replay'; delivery: number; twice: boolean }
  | { kind: 'late-paid'; payment: number }
  | { kind: 'expire' }
  | { kind: 'move'; payment: number; move: 'hand-over' | 'confirm' | 'cancel'; who: Who }
  | { kind: 'clock'; advanceMs: number }
  | { kind: 'dispute'; payment: number; who: 'buyer' | 'seller' }
  | { kind: 'resolve'; dispute: number; outcome: 'release' | 'refund' | 'part-refund'; partBp: number }
  | { kind: 'refunds'; twice: boolean }
  | { kind: 'payout'; seller: number }
  | { kind: 'settle-payout'; payout: number; paid: boolean };

/** Prices in paisa: the edges (1 paisa, the largest price) and odd amounts the fee rounds on. */
const centsArb = fc.oneof(
  fc.constantFrom(1, 2, 99, 101, 12_345, 32_157, 4_999_999, 100_000_000),
  fc.integer({ min: 1, max: 5_000_000 }),
);
const index = fc.nat({ max: 1000 });
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('list'), seller: fc.nat({ max: 1 }), cents: centsArb }),
  },
  {
    weight: 8,
    arbitrary: fc.record({ kind: fc.constant('start'), buyer: fc.nat({ max: 2 }), listing: index }),
  },
  {
    weight: 10,
    arbitrary: fc.record({
      kind: fc.constant('deliver'),
      payment: index,
      outcome: fc.constantFrom('paid', 'paid', 'failed', 'cancelled'),
      twice: fc.boolean(),
    }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('replay'), delivery: index, twice: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('late-paid'), payment: index }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('expire') }) },
  {
    weight: 12,
    arbitrary: fc.record({
      kind: fc.constant('move'),
      payment: index,
      move: fc.constantFrom('hand-over', 'confirm', 'cancel'),
      who: fc.constantFrom('buyer', 'seller', 'buyer', 'seller', 'stranger', 'admin'),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('clock'),
      // Past the receipt window more often than past the handover window, which refunds every
      // order still held: releases, and the payouts they allow, stay as common as refunds.
      advanceMs: fc.constantFrom(
        MINUTE,
        RECEIPT_WINDOW_MS - MINUTE,
        RECEIPT_WINDOW_MS + MINUTE,
        RECEIPT_WINDOW_MS + MINUTE,
        HANDOVER_WINDOW_MS + MINUTE,
      ),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('dispute'),
      payment: index,
      who: fc.constantFrom('buyer', 'buyer', 'buyer', 'seller'),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('resolve'),
      dispute: index,
      outcome: fc.constantFrom('release', 'refund', 'part-refund', 'part-refund'),
      // 0 and 10,000 (nothing, the whole amount) are refused; 1–9,999 hundredths of a percent are parts.
      partBp: fc.oneof(fc.constantFrom(0, 1, 9_999, 10_000), fc.integer({ min: 0, max: 10_000 })),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('refunds'), twice: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('payout'), seller: fc.nat({ max: 1 }) }) },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('settle-payout'), payout: index, paid: fc.boolean() }),
  },
) as fc.Arbitrary<Step>;

const api = (method: 'GET' | 'POST' | 'PUT', url: string, actor?: Actor | null, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(actor), ...(payload ? { payload } : {}) });
type Answer = Awaited<ReturnType<typeof api>>;

const gateway = () => ctx.app.deps.gateway as SandboxGateway;
const deliver = (body: SandboxCallback) => api('POST', '/payment/callback', null, body);
const advance = (ms: number) => {
  offsetMs += ms;
};
const pick = <T>(list: readonly T[], n: number): T | undefined => list[n % Math.max(list.length, 1)];
/**
 * Two picks in three go to a target the step can act on and the third to any at all, so that the
 * money moves forward in every sequence and the refusals are still tried.
 */
const aim = <T>(all: readonly T[], fit: readonly T[], n: number): T | undefined =>
  n % 3 === 0 || fit.length === 0 ? pick(all, Math.floor(n / 3)) : pick(fit, Math.floor(n / 3));

/** Where each payment of the sequence is now, by transaction id. */
async function statesOf(world: World) {
  const ids = world.payments.map((p) => p.transactionId);
  const rows = await queryRows<{ transaction_id: number; status: string; funds: FundsState | null }>(
    ctx,
    sql`select transaction_id, status, funds from payments
        where transaction_id in (${sql.join(ids.length ? ids : [0], sql`, `)})`,
  );
  return new Map(rows.map((r) => [r.transaction_id, r]));
}
async function aimAtPayment(
  world: World,
  n: number,
  fit: (state: { status: string; funds: FundsState | null }) => boolean,
) {
  const states = await statesOf(world);
  return aim(
    world.payments,
    world.payments.filter((p) => fit(states.get(p.transactionId)!)),
    n,
  );
}

/**
 * The answer is the one expected, and a refusal says what and why in the API's error shape: a
 * 5xx, or any status the order's state does not call for, fails the step.
 */
function expectAnswer(res: Answer, expected: number | number[], what: string) {
  const allowed = Array.isArray(expected) ? expected : [expected];
  if (!allowed.includes(res.statusCode))
    throw new Error(`${what}: expected ${allowed.join(' or ')}, got ${res.statusCode} ${res.body}`);
  if (res.statusCode >= 400) {
    const body = res.json() as { error?: unknown; message?: unknown };
    if (typeof body.error !== 'string' || typeof body.message !== 'string' || !body.message)
      throw new Error(`${what}: ${res.statusCode} without a clear error: ${res.body}`);
  }
}

interface PaymentState {
  status: string;
  funds: FundsState | null;
  productStatus: SalesStatus;
  productDeleted: boolean;
}
async function paymentState(transactionId: number): Promise<PaymentState> {
  const [row] = await queryRows<{
    status: string;
    funds: FundsState | null;
    product_status: SalesStatus;
    deleted: boolean;
  }>(
    ctx,
    sql`select p.status, p.funds, pr.status as product_status, pr.deleted_at is not null as deleted
        from payments p join products pr on pr.id = p.product_id where p.transaction_id = ${transactionId}`,
  );
  if (!row) throw new Error(`no payment ${transactionId}`);
  return {
    status: row.status,
    funds: row.funds,
    productStatus: row.product_status,
    productDeleted: row.deleted,
  };
}

/** What the callback answers for `outcome` on a payment in `pre`: the status code and the payment's status. */
function expectedDelivery(pre: PaymentState, outcome: SandboxCallback['outcome']) {
  if (outcome !== 'paid') return pre.status === 'pending' ? { code: 200, status: outcome } : { code: 409 };
  if (pre.funds !== null) return { code: 409 };
  if (pre.status !== 'pending') return { code: 200, status: pre.status };
  const sellable = !pre.productDeleted && nextSalesStatus(pre.productStatus, 'payment-confirmed') !== null;
  return { code: 200, status: sellable ? 'paid' : 'failed' };
}

interface World {
  listings: { id: string; seller: number; cents: number }[];
  payments: { transactionId: number; cents: number; buyer: number; seller: number }[];
  deliveries: SandboxCallback[];
  disputes: { id: string; cents: number }[];
}
/** Payouts outlive a sequence: a seller's open payout from an earlier one still blocks the next request. */
const payouts: string[] = [];
const totals = {
  sequences: 0,
  steps: 0,
  skipped: 0,
  byKind: {} as Record<string, number>,
  codes: {} as Record<number, number>,
};

async function sendDelivery(body: SandboxCallback, twice: boolean, what: string) {
  const pre = await paymentState(body.transactionId);
  const expected = expectedDelivery(pre, body.outcome);
  const answers = twice ? await Promise.all([deliver(body), deliver(body)]) : [await deliver(body)];
  answers.sort((a, b) => a.statusCode - b.statusCode);
  // Of two at once, one does the work and the other finds it done.
  const codes = twice ? [expected.code, 409] : [expected.code];
  answers.forEach((res, i) => expectAnswer(res, codes[i]!, what));
  const first = answers[0]!;
  if (first.statusCode === 200) {
    expect(first.json(), what).toMatchObject({ acknowledged: true, status: expected.status });
    const post = await paymentState(body.transactionId);
    if (body.outcome === 'paid') {
      // The money is counted: held for a sale, refunded at once for an order that cannot be fulfilled.
      expect(post.funds, what).toBe(expected.status === 'paid' ? 'held' : 'refunded');
      if (expected.status === 'paid') expect(post.productStatus, what).toBe('sold');
    }
  }
  return answers.map((a) => a.statusCode);
}

async function runStep(world: World, step: Step): Promise<string | null> {
  const { db } = ctx.app.deps;
  switch (step.kind) {
    case 'list': {
      const id = await addProduct(ctx.app, sellers[step.seller]!, { price: step.cents / 100 });
      world.listings.push({ id, seller: step.seller, cents: step.cents });
      return 'listed';
    }
    case 'start': {
      const forSale = new Set(
        (
          await queryRows<{ id: string }>(
            ctx,
            sql`select id from products where status <> 'sold' and deleted_at is null
                and id in (${sql.join(world.listings.length ? world.listings.map((l) => l.id) : [''], sql`, `)})`,
          )
        ).map((r) => r.id),
      );
      const listing = aim(
        world.listings,
        world.listings.filter((l) => forSale.has(l.id)),
        step.listing,
      );
      if (!listing) return null;
      const [product] = await queryRows<{ status: SalesStatus; price_cents: number }>(
        ctx,
        sql`select status, price_cents from products where id = ${listing.id}`,
      );
      const res = await api('POST', '/payment/init', buyers[step.buyer], { _id: listing.id });
      expectAnswer(res, nextSalesStatus(product!.status, 'payment-confirmed') ? 200 : 409, 'start');
      if (res.statusCode === 200) {
        const transactionId = Number(new URL(res.json() as string).pathname.split('/').pop());
        const [row] = await queryRows<{ amount_cents: number }>(
          ctx,
          sql`select amount_cents from payments where transaction_id = ${transactionId} and status = 'pending'`,
        );
        expect(row?.amount_cents).toBe(listing.cents);
        world.payments.push({
          transactionId,
          cents: listing.cents,
          buyer: step.buyer,
          seller: listing.seller,
        });
      }
      return String(res.statusCode);
    }
    case 'deliver': {
      const payment = await aimAtPayment(world, step.payment, (p) => p.status === 'pending');
      if (!payment) return null;
      const body = gateway().signCallback(payment.transactionId, step.outcome, payment.cents);
      world.deliveries.push(body);
      return (await sendDelivery(body, step.twice, `deliver ${step.outcome}`)).join('+');
    }
    case 'replay': {
      const body = pick(world.deliveries, step.delivery);
      if (!body) return null;
      return (await sendDelivery(body, step.twice, `replay ${body.outcome}`)).join('+');
    }
    case 'late-paid': {
      // A confirmation after the payment failed, was cancelled or expired: counted, and refunded at once.
      const mine = world.payments.map((p) => p.transactionId);
      const lateIds = new Set(
        (
          await queryRows<{ transaction_id: number }>(
            ctx,
            sql`select transaction_id from payments where funds is null
                and status in ('failed', 'cancelled', 'expired')
                and transaction_id in (${sql.join(mine.length ? mine : [0], sql`, `)})`,
          )
        ).map((r) => r.transaction_id),
      );
      const late = world.payments.filter((p) => lateIds.has(p.transactionId));
      const payment = pick(late, step.payment);
      if (!payment) return null;
      const body = gateway().signCallback(payment.transactionId, 'paid', payment.cents);
      world.deliveries.push(body);
      const codes = await sendDelivery(body, false, 'late paid');
      expect(codes).toEqual([200]);
      return codes.join('+');
    }
    case 'expire': {
      advance(PAYMENT_WINDOW_MS + MINUTE);
      const cutoff = new Date(ctx.app.deps.now().getTime() - PAYMENT_WINDOW_MS);
      await reconcilePendingPayments(db, ctx.app.deps);
      // The sandbox knows nothing of a payment whose page result never came: each one expires.
      const left = await queryRows<{ n: number }>(
        ctx,
        sql`select count(*)::int as n from payments where status = 'pending' and created_at <= ${cutoff.toISOString()}::timestamptz`,
      );
      expect(left[0]?.n).toBe(0);
      return 'swept';
    }
    case 'move': {
      const payment = await aimAtPayment(world, step.payment, (p) =>
        step.move === 'confirm' ? p.funds === 'handed-over' : p.funds === 'held',
      );
      if (!payment) return null;
      const actor =
        step.who === 'buyer'
          ? buyers[payment.buyer]!
          : step.who === 'seller'
            ? sellers[payment.seller]!
            : step.who === 'stranger'
              ? buyers[(payment.buyer + 1) % buyers.length]!
              : admin;
      const pre = await paymentState(payment.transactionId);
      const res = await api('POST', `/orders/${payment.transactionId}/${step.move}`, actor);
      const what = `${step.who} ${step.move}s an order ${pre.funds ?? `(payment ${pre.status})`}`;
      if (pre.funds === null) expectAnswer(res, 404, what);
      else if (step.who === 'stranger' || step.who === 'admin') expectAnswer(res, 403, what);
      else {
        const verdict = orderTransition(pre.funds, step.move, step.who);
        expectAnswer(res, verdict.ok ? 200 : verdict.reason === 'wrong-actor' ? 403 : 409, what);
        if (verdict.ok) expect((res.json() as { funds: string }).funds, what).toBe(verdict.to);
      }
      return String(res.statusCode);
    }
    case 'clock': {
      advance(step.advanceMs);
      await sweepOrders(db, ctx.app.deps);
      const now = ctx.app.deps.now().getTime();
      // No order is left past its deadline: refunded when never handed over, released when not complained of.
      const overdue = await queryRows<{ n: number }>(
        ctx,
        sql`select count(*)::int as n from payments
            where (funds = 'held' and funds_changed_at <= ${new Date(now - HANDOVER_WINDOW_MS).toISOString()}::timestamptz)
               or (funds = 'handed-over' and funds_changed_at <= ${new Date(now - RECEIPT_WINDOW_MS).toISOString()}::timestamptz)`,
      );
      expect(overdue[0]?.n).toBe(0);
      return 'swept';
    }
    case 'dispute': {
      const payment = await aimAtPayment(
        world,
        step.payment,
        (p) => p.funds === 'held' || p.funds === 'handed-over',
      );
      if (!payment) return null;
      const pre = await paymentState(payment.transactionId);
      const res = await api(
        'POST',
        `/orders/${payment.transactionId}/dispute`,
        step.who === 'buyer' ? buyers[payment.buyer] : sellers[payment.seller],
        {
          reason: 'not-as-described',
          text: 'The battery lasts twenty minutes, not the four hours the listing promised.',
          photos: [],
        },
      );
      const what = `${step.who} disputes an order ${pre.funds ?? `(payment ${pre.status})`}`;
      if (pre.funds === null) expectAnswer(res, 404, what);
      else {
        const verdict = orderTransition(pre.funds, 'dispute', step.who);
        expectAnswer(res, verdict.ok ? 201 : verdict.reason === 'wrong-actor' ? 403 : 409, what);
        if (verdict.ok)
          world.disputes.push({ id: (res.json() as { _id: string })._id, cents: payment.cents });
      }
      return String(res.statusCode);
    }
    case 'resolve': {
      const open = new Set(
        (await queryRows<{ id: string }>(ctx, sql`select id from disputes where state = 'open'`)).map(
          (r) => r.id,
        ),
      );
      const dispute = aim(
        world.disputes,
        world.disputes.filter((d) => open.has(d.id)),
        step.dispute,
      );
      if (!dispute) return null;
      const refundPaisa = Math.floor((dispute.cents * step.partBp) / 10_000);
      const [row] = await queryRows<{ state: string }>(
        ctx,
        sql`select state from disputes where id = ${dispute.id}`,
      );
      const res = await api('POST', `/disputes/${dispute.id}/resolve`, admin, {
        outcome: step.outcome,
        note: 'Decided by the property test',
        ...(step.outcome === 'part-refund' ? { refundPaisa } : {}),
      });
      const part = step.outcome === 'part-refund';
      const what = `resolve ${step.outcome}${part ? ` of ${refundPaisa}/${dispute.cents}` : ''} (${row!.state})`;
      const expected =
        part && refundPaisa <= 0
          ? 400
          : row!.state !== 'open'
            ? 409
            : part && refundPaisa >= dispute.cents
              ? 400
              : 200;
      expectAnswer(res, expected, what);
      if (expected === 200)
        expect(res.json(), what).toMatchObject({
          state: 'resolved',
          order: {
            funds: { release: 'released', refund: 'refunded', 'part-refund': 'part-refunded' }[step.outcome],
          },
        });
      return String(res.statusCode);
    }
    case 'refunds': {
      advance(REFUND_POLL_MS + 1_000);
      const due = await queryRows<{ id: string; status: string }>(
        ctx,
        sql`select id, status from refunds where status in ('requested', 'pending')
            and next_attempt_at <= ${ctx.app.deps.now().toISOString()}::timestamptz`,
      );
      // Twice at once: two API processes' sweeps sending and polling the same refunds.
      await Promise.all(Array.from({ length: step.twice ? 2 : 1 }, () => processRefunds(db, ctx.app.deps)));
      // The sandbox accepts a refund as pending and reports it done when next asked.
      for (const before of due) {
        const [after] = await queryRows<{ status: string }>(
          ctx,
          sql`select status from refunds where id = ${before.id}`,
        );
        expect(after?.status, `refund ${before.id} was ${before.status}`).toMatch(
          before.status === 'pending' ? /^done$/ : /^(pending|done)$/,
        );
      }
      return `${due.length} due`;
    }
    case 'payout': {
      const seller = sellers[step.seller]!;
      const [pre] = await queryRows<{ available: string; open: number }>(
        ctx,
        sql`select coalesce((select balance from ledger_accounts where code = ${`seller-available:${seller.id}`}), 0)::text as available,
                   (select count(*)::int from payouts where seller_id = ${seller.id} and state = 'requested') as open`,
      );
      const available = Number(pre!.available);
      const res = await api('POST', '/payouts', seller);
      const expected = pre!.open > 0 || available < PAYOUT_MINIMUM_PAISA ? 409 : 200;
      expectAnswer(res, expected, `payout of ${available} (${pre!.open} open)`);
      if (res.statusCode === 200) {
        const payout = res.json() as { _id: string; amountPaisa: number; state: string };
        // The whole available balance, to the paisa.
        expect(payout).toMatchObject({ amountPaisa: available, state: 'requested' });
        payouts.push(payout._id);
      }
      return String(res.statusCode);
    }
    case 'settle-payout': {
      const open = (
        await queryRows<{ id: string }>(
          ctx,
          sql`select id from payouts where state = 'requested' order by id`,
        )
      ).map((r) => r.id);
      const id = aim(payouts, open, step.payout);
      if (!id) return null;
      const [pre] = await queryRows<{ state: string }>(ctx, sql`select state from payouts where id = ${id}`);
      const res = step.paid
        ? await api('POST', `/admin/payouts/${id}/paid`, admin, { reference: `BKASH-${step.payout}` })
        : await api('POST', `/admin/payouts/${id}/failed`, admin, { reason: 'The wallet is closed' });
      expectAnswer(
        res,
        pre!.state === 'requested' ? 200 : 409,
        `mark ${step.paid ? 'paid' : 'failed'} (${pre!.state})`,
      );
      return String(res.statusCode);
    }
  }
}

describe('the money, after any sequence of events', () => {
  it('keeps the ledger sound and every answer clear after every step', async () => {
    const started = Date.now();
    const cpu = process.cpuUsage();
    await fc.assert(
      fc.asyncProperty(
        fc.array(centsArb, { minLength: 4, maxLength: 4 }),
        fc.array(stepArb, { minLength: 40, maxLength: 60 }),
        async (prices, steps) => {
          // Over the budget the remaining sequences are generated and passed over, not run.
          if (BUDGET_S > 0 && Date.now() - started > BUDGET_S * 1000 && totals.sequences >= MIN_RUNS) return;
          totals.sequences++;
          const world: World = { listings: [], payments: [], deliveries: [], disputes: [] };
          const trace: string[] = [];
          try {
            for (const [i, cents] of prices.entries()) {
              const id = await addProduct(ctx.app, sellers[i % 2]!, { price: cents / 100 });
              world.listings.push({ id, seller: i % 2, cents });
            }
            trace.push(`listings at ${prices.join(', ')} paisa`);
            for (const step of steps) {
              const outcome = await runStep(world, step);
              if (outcome === null) {
                totals.skipped++;
                continue;
              }
              trace.push(`${JSON.stringify(step)} → ${outcome}`);
              totals.steps++;
              totals.byKind[step.kind] = (totals.byKind[step.kind] ?? 0) + 1;
              for (const code of outcome.split('+').map(Number).filter(Boolean))
                totals.codes[code] = (totals.codes[code] ?? 0) + 1;
              // After every step the cheap checks; every few steps and at the end the whole comparison.
              const problems =
                totals.steps % FULL_CHECK_EVERY === 0
                  ? await moneyProblems(ctx.app.deps.db, FEE_BASIS_POINTS)
                  : await countedOnceProblems(ctx.app.deps.db);
              if (problems.length) throw new Error(`the money is wrong:\n${problems.join('\n')}`);
            }
            const problems = await moneyProblems(ctx.app.deps.db, FEE_BASIS_POINTS);
            if (problems.length) throw new Error(`the money is wrong at the end:\n${problems.join('\n')}`);
          } catch (err) {
            const message = err instanceof Error ? err.message : String(err);
            throw new Error(`${message}\nafter the steps:\n${trace.join('\n')}`, { cause: err });
          }
        },
      ),
      // No shrinking: the database keeps what every sequence did, so a shorter replay would not
      // start where the failing one did. The failure prints its steps instead.
      {
        numRuns: RUNS,
        endOnFailure: true,
        ...(SEED !== undefined ? { seed: SEED } : {}),
      },
    );
    // Where the sequences left the money: how far each path was taken.
    const [reached] = await queryRows<{ orders: string; refunds: string; payouts: string }>(
      ctx,
      sql`select
        (select string_agg(funds || ' ' || n, ', ' order by funds) from
           (select funds, count(*) as n from payments where funds is not null group by funds) o) as orders,
        (select string_agg(status || ' ' || n, ', ' order by status) from
           (select status, count(*) as n from refunds group by status) r) as refunds,
        (select string_agg(state || ' ' || n, ', ' order by state) from
           (select state, count(*) as n from payouts group by state) p) as payouts`,
    );
    console.log(
      `money property on ${ctx.database.kind}: ${totals.sequences} sequences, ${totals.steps} steps ` +
        `(${totals.skipped} with nothing to act on) in ${Math.round((Date.now() - started) / 1000)} s ` +
        `(${Math.round(process.cpuUsage(cpu).user / 1e6)} s of CPU in this process); ` +
        `steps ${JSON.stringify(totals.byKind)}; answers ${JSON.stringify(totals.codes)}; ` +
        `orders ${reached?.orders}; refunds ${reached?.refunds}; payouts ${reached?.payouts}`,
    );
    expect(totals.sequences).toBeGreaterThanOrEqual(MIN_RUNS);
    expect(totals.steps).toBeGreaterThan(totals.sequences * 20);
  }, 600_000);
});
