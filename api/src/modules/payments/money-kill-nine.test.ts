import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../db/index';
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

// kill -9 while the API is handling the gateway's confirmations (docs/product.md#money): the process dies
// with captures half done, restarts on the same data (an on-disk PGlite folder, or the PostgreSQL
// of TEST_DATABASE_URL), and the gateway delivers every confirmation again. Each order's money is
// counted exactly once, nothing is half written (a payment is 'paid' exactly when its capture is
// in the ledger), every acknowledged answer still holds, and the ledger is sound. Twice over: a
// kill in the first wave of confirmations, another in the gateway's retry. Prints the counts.

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sb-money-kill-nine-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const databaseUrl = process.env.TEST_DATABASE_URL;
const SECRET = 'money-kill-nine-signing-secret';
const LISTINGS = 24;
/** The first this many listings are wanted by two buyers: one payment sells it, the other is refunded. */
const CONTESTED = 8;
/** Answers before each kill; the rest of the wave is in flight or not yet handled. */
const KILL_AFTER = 8;

const start = () =>
  startApiProcess({
    dataDir,
    databaseUrl,
    // The sweeps stay out of the way: what is checked is what the confirmations did.
    env: { PAYMENT_SIGNING_SECRET: SECRET, MONEY_SWEEP_SECONDS: '3600', LOG_LEVEL: 'warn' },
  });

interface Payment {
  transactionId: number;
  productId: string;
  cents: number;
}
interface Answer {
  round: string;
  status: number;
  paymentStatus?: string;
  error?: string;
}

describe('kill -9 while confirmations are handled', () => {
  it('counts each order’s money once after the restart and the gateway’s retries', async () => {
    if (databaseUrl) await resetPostgres(databaseUrl);
    let api: ApiProcess | null = await start();
    try {
      const seller = await registerOver(api.base, 'seller');
      const buyers: HttpActor[] = [
        await registerOver(api.base, 'buyer'),
        await registerOver(api.base, 'buyer'),
      ];
      const image = await seededImage(api.base);
      const payments: Payment[] = [];
      for (let i = 0; i < LISTINGS; i++) {
        const cents = 250_001 + i * 777;
        const productId = await listOver(api.base, seller, cents, image);
        for (const buyer of i < CONTESTED ? buyers : [buyers[0]!])
          payments.push({
            transactionId: await startPaymentOver(api.base, buyer, productId),
            productId,
            cents,
          });
      }
      // The gateway signs with the secret the process verifies with.
      const gateway = new SandboxGateway(SECRET, api.base);
      const answers = new Map<number, Answer[]>(payments.map((p) => [p.transactionId, []]));
      const summary: string[] = [];

      /**
       * Delivers every payment's paid confirmation at once, freshly signed as a gateway's retry
       * is; with `kill`, SIGKILLs the process once KILL_AFTER have been answered.
       */
      const wave = async (round: string, target: ApiProcess, kill: boolean) => {
        let answered = 0;
        let cutOff = 0;
        let inFlightAtKill = 0;
        let killed = false;
        await Promise.all(
          payments.map(async (p) => {
            try {
              const res = await deliverOver(
                target.base,
                gateway.signCallback(p.transactionId, 'paid', p.cents),
              );
              // An answer read after the kill was sent before the process died: it counts as given.
              answers.get(p.transactionId)!.push({
                round,
                status: res.status,
                paymentStatus: res.body.status,
                error: res.body.error,
              });
              if (++answered === KILL_AFTER && kill) {
                killed = true;
                inFlightAtKill = payments.length - answered;
                target.child.kill('SIGKILL');
              }
            } catch (err) {
              // Only deliveries cut off by the kill may fail.
              if (!killed) throw err;
              cutOff++;
            }
          }),
        );
        if (kill) {
          expect(await target.exited).toEqual({ code: null, signal: 'SIGKILL' });
          expect(inFlightAtKill).toBeGreaterThan(0);
        }
        summary.push(
          `${round}: ${answered} answered${kill ? `, ${inFlightAtKill} in flight at the kill, ${cutOff} cut off` : ''}`,
        );
      };

      await wave('first delivery', api, true);
      // Restarted on the same data only once the killed process is reaped (nothing holds its files).
      api = await start();
      await wave('retry, killed again', api, true);
      api = await start();
      await wave('final retry', api, false);

      // Each answer is one of the two the callback gives: counted now (200), or counted before (409).
      for (const [transactionId, list] of answers) {
        for (const a of list) {
          expect([200, 409], `payment ${transactionId} in ${a.round}`).toContain(a.status);
          if (a.status === 409) expect(a.error).toBe('already_processed');
        }
        // A confirmation that was counted is never counted again: at most one 200 over every retry.
        expect(
          list.filter((a) => a.status === 200),
          `payment ${transactionId}: ${JSON.stringify(list)}`,
        ).toHaveLength(list.some((a) => a.status === 200) ? 1 : 0);
      }
      // The final retry, with no kill, finds every confirmation counted (or counts the last ones).
      expect([...answers.values()].every((list) => list.some((a) => a.round === 'final retry'))).toBe(true);

      let handle = databaseUrl ? await createDatabase({ databaseUrl }) : null;
      if (!handle) {
        // PGlite is one process's: the API is stopped before the folder is opened here.
        await stopApiProcess(api);
        api = null;
        handle = await createDatabase({ databaseUrl: path.join(dataDir, 'pglite') });
      }
      try {
        const rows = rowsOf<{
          transaction_id: number;
          product_id: string;
          status: string;
          funds: string | null;
          captures: number;
          refund: number | null;
          product_status: string;
        }>(
          await handle.db.execute(sql`
            select p.transaction_id, p.product_id, p.status, p.funds, pr.status as product_status,
                   (select count(*)::int from ledger_entries e where e.idempotency_key = 'capture:' || p.transaction_id) as captures,
                   (select amount_cents::int from refunds r where r.payment_id = p.id) as refund
            from payments p join products pr on pr.id = p.product_id
            where p.transaction_id in (${sql.join(
              payments.map((p) => sql`${p.transactionId}`),
              sql`, `,
            )})`),
        );
        expect(rows).toHaveLength(payments.length);
        for (const row of rows) {
          const payment = payments.find((p) => p.transactionId === row.transaction_id)!;
          const what = `payment ${row.transaction_id}: ${JSON.stringify(row)}`;
          // Counted exactly once, and whole: captured and held for the sale, or captured and refunded.
          expect(row.captures, what).toBe(1);
          if (row.status === 'paid') expect(row, what).toMatchObject({ funds: 'held', refund: null });
          else
            expect(row, what).toMatchObject({ status: 'failed', funds: 'refunded', refund: payment.cents });
          expect(row.product_status, what).toBe('sold');
          // Every answer the gateway got still holds after the kills.
          for (const a of answers.get(row.transaction_id)!)
            if (a.status === 200) expect(a.paymentStatus, what).toBe(row.status);
        }
        // Each laptop is sold once: one paid payment per listing, the other buyer refunded.
        const paidPerListing = new Map<string, number>();
        for (const row of rows)
          if (row.status === 'paid')
            paidPerListing.set(row.product_id, (paidPerListing.get(row.product_id) ?? 0) + 1);
        expect(paidPerListing.size).toBe(LISTINGS);
        expect([...paidPerListing.values()].every((n) => n === 1)).toBe(true);
        expect(await moneyProblems(handle.db, 0)).toEqual([]);

        const counted = [...answers.values()].filter((list) => list.some((a) => a.status === 200)).length;
        console.log(
          `money kill -9 on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}: ${payments.length} payments for ${LISTINGS} listings; ` +
            `${summary.join('; ')}; ${counted} counted with a 200 the gateway saw, ` +
            `${payments.length - counted} counted in a delivery the kill cut off; ` +
            `${rows.filter((r) => r.status === 'paid').length} paid, ${rows.filter((r) => r.status === 'failed').length} refunded`,
        );
      } finally {
        await handle.close();
      }
    } finally {
      if (api) await stopApiProcess(api);
    }
  }, 300_000);
});
