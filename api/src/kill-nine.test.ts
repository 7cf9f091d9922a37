import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadDemoAccounts } from './seed/seed';
import { startApiProcess, stopApiProcess, type ApiProcess } from './test/api-process';
import { resetPostgres, signIn, validProduct } from './test/harness';

// kill -9 in the middle of a stream of writes loses none that were acknowledged
// (docs/decisions/0026-shutdown-durability-proxy-retry.md): a 201 is sent only after the
// transaction committed, and a commit is in the database's files before it returns — on PGlite
// (on-disk folder) as on PostgreSQL (TEST_DATABASE_URL). Prints the counts.

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sb-api-kill-nine-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const databaseUrl = process.env.TEST_DATABASE_URL;
const WRITERS = 24;
/** Acknowledged writes before the kill; the writers keep sending while it lands. */
const KILL_AFTER = 60;

describe('kill -9 during a stream of writes', () => {
  it('keeps every acknowledged write', async () => {
    if (databaseUrl) await resetPostgres(databaseUrl);
    let api: ApiProcess | null = await startApiProcess({ dataDir, databaseUrl });
    try {
      const seller = loadDemoAccounts().find((a) => a.role === 'seller')!;
      const { idToken } = await signIn(seller.email, seller.password);
      const [cover] = (await (await fetch(`${api.base}/recent-product?limit=1`)).json()) as {
        image: string;
      }[];

      const acknowledged: string[] = [];
      let sent = 0;
      let answered = 0;
      let failed = 0;
      let inFlightAtKill = 0;
      let killed = false;
      const target = api;
      const writer = async () => {
        while (!killed) {
          const n = sent++;
          try {
            const res = await fetch(`${target.base}/add-products`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
              body: JSON.stringify(validProduct({ productName: `Kill nine ${n}`, image: cover!.image })),
            });
            const body = (await res.json()) as { insertedId?: string };
            answered++;
            if (res.status !== 201 || !body.insertedId)
              throw new Error(`${res.status} ${JSON.stringify(body)}`);
            acknowledged.push(body.insertedId);
            if (acknowledged.length === KILL_AFTER && !killed) {
              killed = true;
              inFlightAtKill = sent - answered;
              target.child.kill('SIGKILL');
            }
          } catch (err) {
            // Only requests cut off by the kill may fail.
            if (!killed) throw err;
            failed++;
          }
        }
      };
      await Promise.all(Array.from({ length: WRITERS }, writer));
      expect(await target.exited).toEqual({ code: null, signal: 'SIGKILL' });

      // Restarted on the same data only once the killed process is reaped (nothing holds its files).
      api = await startApiProcess({ dataDir, databaseUrl });
      let present = 0;
      const missing: string[] = [];
      for (const id of acknowledged) {
        const res = await fetch(`${api.base}/details/${id}`);
        if (res.status === 200) present++;
        else missing.push(`${id}: ${res.status}`);
      }
      console.log(
        `kill -9 on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}: ${sent} writes sent, ${acknowledged.length} acknowledged, ` +
          `${inFlightAtKill} in flight when the kill was sent, ${failed} cut off, ${present} of ${acknowledged.length} acknowledged present after restart, ${missing.length} lost`,
      );
      expect(missing).toEqual([]);
      expect(present).toBe(acknowledged.length);
      expect(inFlightAtKill).toBeGreaterThan(0); // the kill landed in the middle of the stream
    } finally {
      if (api) await stopApiProcess(api);
    }
  }, 240_000);
});
