import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../../db/index';
import { rowsOf } from '../../lib/list-query';
import { SandboxGateway } from '../../payments/sandbox';
import { startApiProcess, stopApiProcess, type ApiProcess } from '../../test/api-process';
import { resetPostgres } from '../../test/harness';
import { moneyProblems } from '../../test/money-checks';
import {
  deliverOver,
  listOver,
  registerOver,
  seededImage,
  startPaymentOver,
  type HttpActor,
} from '../../test/money-http';

// Two real API processes on one PostgreSQL, each with its own pool, get the gateway's confirmation
// of a payment at the same instant (docs/product.md#money): of the two, one counts the money and the other
// answers 409, for every one of many orders confirmed at once; the ledger stays sound.
// PostgreSQL only (*.postgres.test.ts): the PGlite race is money-replicas.test.ts.

const databaseUrl = process.env.TEST_DATABASE_URL;
const SECRET = 'money-replicas-signing-secret';
const ORDERS = 30;
/** Every third order had its failure delivered first: the late paid confirmation is counted and refunded. */
const failedFirst = (i: number) => i % 3 === 2;

const dataDirs: string[] = [];
let replicas: ApiProcess[] = [];
let database: DatabaseHandle | undefined;
const start = () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sb-money-replica-'));
  dataDirs.push(dataDir);
  return startApiProcess({
    dataDir,
    databaseUrl,
    env: { PAYMENT_SIGNING_SECRET: SECRET, MONEY_SWEEP_SECONDS: '3600', LOG_LEVEL: 'warn' },
  });
};
beforeAll(async () => {
  if (!databaseUrl) throw new Error('money-replicas.postgres.test.ts needs TEST_DATABASE_URL');
  await resetPostgres(databaseUrl);
  // Started together: they migrate and seed one at a time under the start-up lock.
  replicas = await Promise.all([start(), start()]);
  database = await createDatabase({ databaseUrl });
}, 240_000);
afterAll(async () => {
  await Promise.all(replicas.map((r) => stopApiProcess(r)));
  await database?.close();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

describe('one confirmation delivered to two API processes at once', () => {
  it(`counts the money of each of ${ORDERS} orders once and answers the other delivery 409`, async () => {
    const [a, b] = replicas as [ApiProcess, ApiProcess];
    const seller = await registerOver(a.base, 'seller');
    const buyers: HttpActor[] = [await registerOver(a.base, 'buyer'), await registerOver(b.base, 'buyer')];
    const image = await seededImage(a.base);
    const orders: { transactionId: number; cents: number; late: boolean }[] = [];
    for (let i = 0; i < ORDERS; i++) {
      const cents = 123_457 + i * 1_001;
      const productId = await listOver(a.base, seller, cents, image);
      const transactionId = await startPaymentOver([a, b][i % 2]!.base, buyers[i % 2]!, productId);
      orders.push({ transactionId, cents, late: failedFirst(i) });
    }
    const gateway = new SandboxGateway(SECRET, a.base);
    for (const order of orders.filter((o) => o.late)) {
      const failed = await deliverOver(
        b.base,
        gateway.signCallback(order.transactionId, 'failed', order.cents),
      );
      expect(failed).toMatchObject({ status: 200, body: { status: 'failed' } });
    }

    // Every order's one signed confirmation, to both processes, every order at once.
    const answers = await Promise.all(
      orders.map(async (order) => {
        const body = gateway.signCallback(order.transactionId, 'paid', order.cents);
        return { order, both: await Promise.all([a, b].map((r) => deliverOver(r.base, body))) };
      }),
    );
    for (const { order, both } of answers) {
      const sorted = [...both].sort((x, y) => x.status - y.status);
      expect(
        sorted.map((x) => x.status),
        `order ${order.transactionId}`,
      ).toEqual([200, 409]);
      expect(sorted[0]!.body).toMatchObject({ acknowledged: true, status: order.late ? 'failed' : 'paid' });
      expect(sorted[1]!.body).toMatchObject({ error: 'already_processed' });
    }
    const firstWins = answers.filter(({ both }) => both[0]!.status === 200).length;
    console.log(
      `money replicas, two processes on PostgreSQL: ${ORDERS} orders, process a counted ${firstWins}, process b ${ORDERS - firstWins}`,
    );

    const db = database!.db;
    const counted = rowsOf<{ transaction_id: number; captures: number; status: string; funds: string }>(
      await db.execute(
        sql`select p.transaction_id, p.status, p.funds,
                   (select count(*)::int from ledger_entries e where e.idempotency_key = 'capture:' || p.transaction_id) as captures
            from payments p
            where p.transaction_id in (${sql.join(
              orders.map((o) => sql`${o.transactionId}`),
              sql`, `,
            )})`,
      ),
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
    expect(await moneyProblems(db, 0)).toEqual([]);
  }, 240_000);
});
