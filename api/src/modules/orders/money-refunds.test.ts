import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentGateway } from '../../payments/gateway';
import type { SandboxGateway } from '../../payments/sandbox';
import {
  addProduct,
  bearer,
  queryRows,
  registerActor,
  startPeerApp,
  startTestApp,
  type Actor,
  type TestContext,
} from '../../test/harness';
import { moneyProblems } from '../../test/money-checks';
import { processRefunds } from './orders.money';

// Refunds go to the gateway from every API process (its sweep, and at once after a cancel or a
// dispute's resolution), outside any lock while the gateway answers (docs/product.md#money). What one
// process records must survive another's slower answer, and a refund the gateway makes at once
// must be settled. Two instances share the database, as in money-replicas.test.ts.

let ctx: TestContext;
let peer: TestContext;
let seller: Actor;
let buyer: Actor;
beforeAll(async () => {
  ctx = await startTestApp({ MONEY_SWEEP_SECONDS: '3600' });
  peer = await startPeerApp(ctx);
  [seller, buyer] = await Promise.all([
    registerActor(ctx.app, 'seller', 'Refunding Rumi'),
    registerActor(ctx.app, 'buyer'),
  ]);
});
afterAll(async () => {
  await peer?.close();
  await ctx?.close();
});

const gateway = () => ctx.app.deps.gateway as SandboxGateway;
/** The app's clock `ms` ahead of now. */
const at = (ms: number) => () => new Date(Date.now() + ms);

/**
 * A refund no process has sent yet: a paid confirmation after the payment failed is captured and
 * refunded at once, and its refund waits for a sweep (no route kicked one off). Answers a reader
 * of the refund's status.
 */
async function refundWaiting() {
  const productId = await addProduct(ctx.app, seller, { price: 4_321.09 });
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/payment/init',
    headers: bearer(buyer),
    payload: { _id: productId },
  });
  const transactionId = Number(new URL(res.json() as string).pathname.split('/').pop());
  const deliver = (outcome: 'paid' | 'failed') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payment/callback',
      payload: gateway().signCallback(transactionId, outcome, 432_109),
    });
  expect((await deliver('failed')).statusCode).toBe(200);
  expect((await deliver('paid')).json()).toMatchObject({ status: 'failed' });
  const refundState = async () =>
    (
      await queryRows<{ status: string }>(
        ctx,
        sql`select r.status from refunds r join payments p on p.id = r.payment_id
            where p.transaction_id = ${transactionId}`,
      )
    )[0]?.status;
  expect(await refundState()).toBe('requested');
  return refundState;
}

describe('two instances sending the same refund at once', () => {
  // Every API process sends refunds (its sweep, and at once after a cancel or a resolution), so two
  // may both find a refund not yet sent and both ask the gateway. The refund id makes the gateway
  // refund once; the slower instance's answer (a real gateway refuses a refund it has already made,
  // as SSLCommerz does; the sandbox's is 'pending') must not undo what the other recorded since.
  for (const [late, when] of [
    ['failed', 'after the other has settled it'],
    ['pending', 'after the other has settled it'],
    ['failed', 'between the other’s sending and its settling'],
  ] as const) {
    it(`keeps the refund's state when the slower one hears '${late}' ${when}`, async () => {
      const refundState = await refundWaiting();

      // The peer's gateway call hangs until released, then answers `late`.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let asked = () => {};
      const peerAsked = new Promise<void>((resolve) => (asked = resolve));
      const slowGateway: PaymentGateway = Object.assign(Object.create(gateway()) as SandboxGateway, {
        async refund() {
          asked();
          await held;
          return { reference: 'sandbox-refund-refused', status: late };
        },
      });
      const slow = processRefunds(peer.app.deps.db, {
        ...peer.app.deps,
        gateway: slowGateway,
        now: at(1_000),
      });
      await peerAsked;
      // Meanwhile the first instance sends it (pending) and, when polled, hears it is done.
      await processRefunds(ctx.app.deps.db, { ...ctx.app.deps, now: at(1_000) });
      expect(await refundState()).toBe('pending');
      if (when.startsWith('after')) {
        await processRefunds(ctx.app.deps.db, { ...ctx.app.deps, now: at(20_000) });
        expect(await refundState()).toBe('done');
      }
      release();
      await slow;
      if (!when.startsWith('after'))
        await processRefunds(ctx.app.deps.db, { ...ctx.app.deps, now: at(20_000) });
      expect(await refundState()).toBe('done');
      expect(await moneyProblems(ctx.app.deps.db, ctx.config.money.feeBasisPoints)).toEqual([]);
    });
  }
});

describe('a refund the gateway makes at once', () => {
  it('is settled in the same sweep, polled by the reference the gateway just gave', async () => {
    const refundState = await refundWaiting();
    // A gateway whose refund API answers 'done' (an instant refund); its status query knows the
    // refund only by the reference that answer gave.
    const instant: PaymentGateway = Object.assign(Object.create(gateway()) as SandboxGateway, {
      async refund() {
        return { reference: 'instant-refund-1', status: 'done' as const };
      },
      async refundStatus(reference: string) {
        return reference === 'instant-refund-1' ? ('done' as const) : ('failed' as const);
      },
    });
    expect(await processRefunds(ctx.app.deps.db, { ...ctx.app.deps, gateway: instant, now: at(1_000) })).toBe(
      1,
    );
    expect(await refundState()).toBe('done');
    expect(await moneyProblems(ctx.app.deps.db, ctx.config.money.feeBasisPoints)).toEqual([]);
  });
});
