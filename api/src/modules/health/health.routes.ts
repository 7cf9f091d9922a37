import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthSchema } from 'shared-contracts/health';

export const healthRoutes: FastifyPluginAsyncZod<{ databaseKind: string }> = async (app, opts) => {
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
};
