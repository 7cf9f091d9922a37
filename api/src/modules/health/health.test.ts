import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, startPeerApp, startTestApp, type TestContext } from '../../test/harness';

// Liveness and readiness (docs/operations.md, Health), on PGlite and with TEST_DATABASE_URL on
// PostgreSQL: each readiness check is made to fail for real and named in the 503.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx?.close());

const get = (url: string, target = ctx) => target.app.inject({ method: 'GET', url: `/api/v1${url}` });

describe('health', () => {
  it('answers live and ready on a migrated, idle API, and keeps /health as before', async () => {
    const live = await get('/health/live');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toMatchObject({ status: 'ok' });
    const ready = await get('/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', draining: 'ok', mail: 'ok' },
      failed: [],
    });
    expect((await get('/health')).json()).toMatchObject({ status: 'ok' });
  });

  it('is not ready while draining, and still live', async () => {
    ctx.app.lifecycle.draining = true;
    try {
      const ready = await get('/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'unavailable', failed: ['draining'] });
      expect((await get('/health/live')).statusCode).toBe(200);
    } finally {
      ctx.app.lifecycle.draining = false;
    }
  });

  it('is not ready when the applied migrations differ from the ones this build ships', async () => {
    await ctx.database.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-build', 1)`,
    );
    try {
      const ready = await get('/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ failed: ['migrations'] });
      expect(ready.json().checks.migrations).toMatch(/^\d+ of \d+ migrations applied$/);
    } finally {
      await ctx.database.db.execute(
        sql`delete from drizzle.__drizzle_migrations where hash = 'from-a-newer-build'`,
      );
    }
  });

  it('is not ready when due mail has waited past MAIL_STUCK_MINUTES while a relay is configured', async () => {
    const mailer = ctx.app.deps.mailer;
    await ctx.database.db.execute(
      sql`insert into email_outbox (id, kind, to_address, subject, body, params, next_attempt_at)
          values ('stuck-mail', 'test', 'someone@example.test', 's', 'b', '{}', now() - interval '1 hour')`,
    );
    try {
      // Without a relay the queue is not expected to move.
      expect((await get('/health/ready')).statusCode).toBe(200);
      ctx.app.deps.mailer = { ...mailer, relays: true };
      const ready = await get('/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ failed: ['mail'] });
      expect(ready.json().checks.mail).toContain('has waited 60 minutes');
    } finally {
      ctx.app.deps.mailer = mailer;
      await ctx.database.db.execute(sql`delete from email_outbox where id = 'stuck-mail'`);
    }
    expect(await queryRows(ctx, sql`select 1 from email_outbox where id = 'stuck-mail'`)).toHaveLength(0);
  });

  it('is not ready when the database does not answer, and still live', async () => {
    // An instance whose database is closed under it: on PostgreSQL a replica with a pool of its
    // own, on PGlite an app on a database of its own (closing the shared one would end this file's).
    const victim = ctx.database.kind === 'postgres' ? await startPeerApp(ctx) : await startTestApp();
    await victim.database.close();
    try {
      const ready = await get('/health/ready', victim);
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({
        failed: ['database', 'migrations', 'mail'],
        checks: { database: 'does not answer', draining: 'ok' },
      });
      expect((await get('/health/live', victim)).statusCode).toBe(200);
    } finally {
      // Its LISTEN cannot be stopped on a closed database; that refusal is expected here.
      await victim.app.close().catch(() => {});
    }
  });
});
