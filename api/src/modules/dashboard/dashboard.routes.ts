import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DashboardSummarySchema } from 'shared-contracts/users';
import { requireUser } from '../../auth/access';
import { dashboardSummary } from './dashboard.service';

/** The dashboard's summary cards for the caller's role (docs/product.md, Dashboard). */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.get(
    '/dashboard/summary',
    {
      config: { access: 'user' },
      schema: { tags: ['users'], security: [{ bearerAuth: [] }], response: { 200: DashboardSummarySchema } },
    },
    async (request) => dashboardSummary(db, requireUser(request)),
  );
};
