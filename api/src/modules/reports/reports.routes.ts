import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AcknowledgedSchema, InsertResultSchema } from 'shared-contracts/errors';
import { IdParamsSchema } from 'shared-contracts/pagination';
import { CreateReportSchema, ReportListSchema, ReportsQuerySchema } from 'shared-contracts/reports';
import { requireUser } from '../../auth/access';
import { sendTotal } from '../../lib/http';
import { listReports } from './reports.repository';
import { createReport, resolveReport, type ReportResolution } from './reports.service';
import { toReport } from './reports.wire';

/** Reported Items: buyers report a listing, admins dismiss the report or remove the listing. */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const bearer = [{ bearerAuth: [] }];

  app.post(
    '/reports',
    {
      config: { access: ['buyer'] },
      schema: {
        tags: ['reports'],
        security: bearer,
        body: CreateReportSchema,
        response: { 201: InsertResultSchema },
      },
    },
    async (request, reply) => {
      const { productId, reason, stolen } = request.body;
      const id = await createReport(db, requireUser(request), productId, reason, stolen === true);
      return reply.code(201).send({ acknowledged: true, insertedId: id });
    },
  );

  app.get(
    '/reports',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['reports'],
        security: bearer,
        querystring: ReportsQuerySchema,
        response: { 200: ReportListSchema },
      },
    },
    async (request, reply) => {
      const { rows, total } = await listReports(db, request.query);
      sendTotal(reply, total);
      return rows.map(toReport);
    },
  );

  const resolve = (action: ReportResolution) =>
    app.post(
      `/reports/:id/${action}`,
      {
        config: { access: ['admin'] },
        schema: {
          tags: ['reports'],
          security: bearer,
          params: IdParamsSchema,
          response: { 200: AcknowledgedSchema },
        },
      },
      async (request) => {
        await resolveReport(db, requireUser(request), request.params.id, action);
        return { acknowledged: true };
      },
    );
  resolve('dismiss');
  resolve('remove-listing');
};
