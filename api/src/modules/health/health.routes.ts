import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  HealthSchema,
  LivenessSchema,
  ReadinessSchema,
  READINESS_CHECKS,
  type Readiness,
} from 'shared-contracts/health';
import { migrationsFolder } from '../../db/index';
import { rowsOf } from '../../lib/list-query';

type Check = (typeof READINESS_CHECKS)[number];

/** How many migrations this build ships: the database is current when it has applied as many. */
const shippedMigrations = (): number =>
  (
    JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    }
  ).entries.length;

export const healthRoutes: FastifyPluginAsyncZod<{ databaseKind: string }> = async (app, opts) => {
  const shipped = shippedMigrations();
  const { config } = app.deps;

  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: { tags: ['system'], response: { 200: HealthSchema, 503: HealthSchema } },
    },
    async (_request, reply) => {
      const time = new Date().toISOString();
      // Not ready while shutting down: a load balancer polling this stops sending new requests.
      if (app.lifecycle.draining)
        return reply.code(503).send({ status: 'draining' as const, database: opts.databaseKind, time });
      await app.deps.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: opts.databaseKind, time };
    },
  );

  // A process that answers is alive: restarting it would not help with anything it depends on.
  app.get(
    '/health/live',
    { config: { access: 'public' }, schema: { tags: ['system'], response: { 200: LivenessSchema } } },
    async () => ({ status: 'ok' as const, time: new Date().toISOString() }),
  );

  const checks: Record<Check, () => Promise<string>> = {
    database: async () => {
      await app.deps.db.execute(sql`select 1`);
      return 'ok';
    },
    migrations: async () => {
      const [row] = rowsOf<{ n: number | string }>(
        await app.deps.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
      );
      const applied = Number(row?.n ?? 0);
      return applied === shipped ? 'ok' : `${applied} of ${shipped} migrations applied`;
    },
    draining: async () => (app.lifecycle.draining ? 'shutting down' : 'ok'),
    // Stuck: mail due longer ago than MAIL_STUCK_MINUTES while a relay is configured, i.e. no
    // process runs delivery rounds (they run every 30 s; a relay that refuses reschedules instead).
    mail: async () => {
      if (!app.deps.mailer.relays) return 'ok';
      const [row] = rowsOf<{ overdue_seconds: number | string | null }>(
        await app.deps.db.execute(
          sql`select extract(epoch from now() - min(next_attempt_at))::int as overdue_seconds
              from email_outbox where status = 'queued' and next_attempt_at is not null`,
        ),
      );
      const overdueMs = Number(row?.overdue_seconds ?? 0) * 1000;
      return overdueMs > config.mailStuckMs
        ? `the oldest due e-mail has waited ${Math.round(overdueMs / 60_000)} minutes`
        : 'ok';
    },
  };

  app.get(
    '/health/ready',
    {
      config: { access: 'public' },
      schema: { tags: ['system'], response: { 200: ReadinessSchema, 503: ReadinessSchema } },
    },
    async (_request, reply) => {
      const results = {} as Readiness['checks'];
      for (const name of READINESS_CHECKS) {
        // Without the database the checks that read it cannot pass either.
        if (name !== 'database' && name !== 'draining' && results.database !== 'ok') {
          results[name] = 'not checked: the database does not answer';
          continue;
        }
        results[name] = await checks[name]().catch((err: unknown) => {
          app.log.warn({ err }, `readiness check ${name} failed`);
          return name === 'database' ? 'does not answer' : 'could not be checked';
        });
      }
      const failed = READINESS_CHECKS.filter((name) => results[name] !== 'ok');
      return reply.code(failed.length === 0 ? 200 : 503).send({
        status: failed.length === 0 ? ('ready' as const) : ('unavailable' as const),
        database: opts.databaseKind,
        time: new Date().toISOString(),
        checks: results,
        failed,
      });
    },
  );
};
