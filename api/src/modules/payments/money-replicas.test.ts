import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

// Two API instances on one database get the gateway's confirmation of a payment at the same
// instant, as two replicas behind a load balancer do when the gateway retries (docs/product.md#money): the
// money is counted once, the other delivery is a 409, and the ledger stays sound. In one process
// the instances share the PGlite handle; with TEST_DATABASE_URL each has its own pool on one
// PostgreSQL (money-replicas.postgres.test.ts races two real processes there).

const ORDERS = 30;
/** Every third order had its failure delivered first: the late paid confirmation is counted and refunded. */
const failedFirst = (i: number) => i % 3 === 2;

let ctx: TestContext;
let peer: TestContext;
let seller: Actor;
let buyers: Actor[];
beforeAll(async () => {
  ctx = await startTestApp({ MONEY_SWEEP_SECONDS: '3600' });
  peer = await startPeerApp(ctx);
  [seller, ...buyers] = await Promise.all([
    registerActor(ctx.app, 'seller', 'Racing Rafi'),
    registerActor(ctx.app, 'buyer'),
    registerActor(ctx.app, 'buyer'),
  ]);
});
afterAll(async () => {
  await peer?.close();
  await ctx?.close();
});

describe('one confirmation delivered to two instances at once', () => {
  it(`counts the money of each of ${ORDERS} orders once and answers the other delivery 409`, async () => {
    const instances = [ctx.app, peer.app];
    const orders: { transactionId: number; cents: number; late: boolean }[] = [];
    for (let i = 0; i < ORDERS; i++) {
      // Odd amounts: 1,234.57 taka and up.
      const cents = 123_457 + i * 1_001;
      const productId = await addProduct(ctx.app, seller, { price: cents / 100 });
      const res = await instances[i % 2]!.inject({
        method: 'POST',
        url: '/api/v1/payment/init',
        headers: bearer(buyers[i % 2]),
        payload: { _id: productId },
      });
      expect(res.statusCode).toBe(200);
      const transactionId = Number(new URL(res.json() as string).pathname.split('/').pop());
      orders.push({ transactionId, cents, late: failedFirst(i) });
    }
    const gateway = ctx.app.deps.gateway as SandboxGateway;
    const deliver = (app: (typeof instances)[number], body: object) =>
      app.inject({ method: 'POST', url: '/api/v1/payment/callback', payload: body });
    for (const order of orders.filter((o) => o.late)) {
      const failed = await deliver(
        peer.app,
        gateway.signCallback(order.transactionId, 'failed', order.cents),
      );
      expect(failed.json()).toMatchObject({ status: 'failed' });
    }

    // Every order's one signed confirmation, to both instances, every order at once.
    // Which instance is handed the delivery first alternates: on PGlite, which serialises the two,
    // each instance is then the one that counts for half of the orders.
    const answers = await Promise.all(
      orders.map(async (order, i) => {
        const body = gateway.signCallback(order.transactionId, 'paid', order.cents);
        const pair = i % 2 === 0 ? instances : [...instances].reverse();
        const both = await Promise.all(pair.map((app) => deliver(app, body)));
        if (i % 2 === 1) both.reverse();
        return { order, both: both.map((r) => ({ status: r.statusCode, body: r.json() as object })) };
      }),
    );
    for (const { order, both } of answers) {
      const sorted = [...both].sort((a, b) => a.status - b.status);
      expect(
        sorted.map((a) => a.status),
        `order ${order.transactionId}`,
      ).toEqual([200, 409]);
      expect(sorted[0]!.body).toMatchObject({ acknowledged: true, status: order.late ? 'failed' : 'paid' });
      expect(sorted[1]!.body).toMatchObject({ error: 'already_processed' });
    }
    const firstWins = answers.filter(({ both }) => both[0]!.status === 200).length;
    console.log(
      `money replicas on ${ctx.database.kind}: ${ORDERS} orders, the first instance counted ${firstWins}, the second ${ORDERS - firstWins}`,
    );

    const counted = await queryRows<{
      transaction_id: number;
      captures: number;
      status: string;
      funds: string;
    }>(
      ctx,
      sql`select p.transaction_id, p.status, p.funds,
                 (select count(*)::int from ledger_entries e where e.idempotency_key = 'capture:' || p.transaction_id) as captures
          from payments p
          where p.transaction_id in (${sql.join(
            orders.map((o) => sql`${o.transactionId}`),
            sql`, `,
          )})`,
    );
    expect(counted).toHaveLength(ORDERS);
    for (const row of counted) {
      const order = orders.find((o) => o.transactionId === row.transaction_id)!;
      expect(row, `order ${row.transaction_id}`).toMatchObject({
        captures: 1,
        status: order.late ? 'failed' : 'paid',
        funds: order.late ? 'refunded' : 'held',
      });
    }
    expect(await moneyProblems(ctx.app.deps.db, ctx.config.money.feeBasisPoints)).toEqual([]);
  }, 240_000);
});
