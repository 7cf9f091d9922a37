import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  ownImageUrl,
  queryRows,
  registerActor,
  startPeerApp,
  startTestApp,
  validProduct,
  type Actor,
  type TestContext,
} from './test/harness';

// PostgreSQL only (*.postgres.test.ts): a replica still running a key holds its row lock, and a
// repeat on another replica waits for it only as long as IDEMPOTENCY_WAIT_SECONDS, then answers
// 409, which a client may send again (docs/decisions/0052-idempotent-writes.md). On PGlite
// transactions queue on its one connection, so nothing ever waits on a lock there.

let ctx: TestContext;
let impatient: TestContext;
let seller: Actor;
beforeAll(async () => {
  ctx = await startTestApp();
  impatient = await startPeerApp(ctx, { idempotencyWaitMs: 200 });
  seller = await registerActor(ctx.app, 'seller');
});
afterAll(async () => {
  await impatient?.close();
  await ctx?.close();
});

describe('a key another replica is still running', () => {
  it('answers 409 "still being processed" past the bound, and runs once the first attempt is gone', async () => {
    const key = `held-key-${Date.now()}`;
    const listing = validProduct({ productName: 'Idem held key', image: ownImageUrl() });
    const send = () =>
      impatient.app.inject({
        method: 'POST',
        url: '/api/v1/add-products',
        headers: { ...bearer(seller), 'idempotency-key': key },
        payload: listing,
      });
    // The first replica's transaction: the key claimed, the write not yet committed.
    const holder = new pg.Client({ connectionString: ctx.config.databaseUrl });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query(
        `insert into idempotency_keys (scope, key, request_hash, status_code, headers, body, expires_at)
         values ($1, $2, 'x', 0, '{}', '', now() + interval '1 hour')`,
        [`user:${seller.id} POST /api/v1/add-products`, key],
      );
      const busy = await send();
      expect(busy.statusCode).toBe(409);
      expect(busy.json()).toEqual({
        error: 'idempotency_key_in_progress',
        message: expect.stringContaining('still being processed'),
      });
      await holder.query('rollback');
    } finally {
      await holder.end();
    }
    const again = await send();
    expect(again.statusCode).toBe(201);
    const rows = await queryRows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from products where name = 'Idem held key'`,
    );
    expect(Number(rows[0]!.n)).toBe(1);
  });
});
