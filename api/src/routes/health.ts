import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthSchema } from 'shared-contracts/health';

export const healthRoutes: FastifyPluginAsyncZod<{ databaseKind: string }> = async (app, opts) => {
  app.get(
    '/health',
    { config: { access: 'public' }, schema: { tags: ['system'], response: { 200: HealthSchema } } },
    async () => {
      await app.deps.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: opts.databaseKind, time: new Date().toISOString() };
    },
  );
};
