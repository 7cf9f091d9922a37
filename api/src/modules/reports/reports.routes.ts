import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AcknowledgedSchema, InsertResultSchema } from 'shared-contracts/errors';
import { IdParamsSchema } from 'shared-contracts/pagination';
import { CreateReportSchema, ReportListSchema, ReportsQuerySchema } from 'shared-contracts/reports';
import { products, reports } from '../../db/schema/index';
import { requireUser } from '../../auth/access';
import { conflict, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { iso, sendTotal } from '../../lib/http';
import { adminActor, recordAudit } from '../../services/audit';
import { listReports } from '../reports/reports.repository';

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
      const reporter = requireUser(request);
      const { productId, reason } = request.body;
      const [product] = await db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.id, productId), sql`${products.deletedAt} is null`))
        .limit(1);
      if (!product) throw notFound(`No product with id ${productId}`, 'product_not_found');
      const [open] = await db
        .select({ id: reports.id })
        .from(reports)
        .where(
          and(
            eq(reports.productId, productId),
            eq(reports.reporterId, reporter.id),
            eq(reports.status, 'open'),
          ),
        )
        .limit(1);
      if (open) throw conflict('You have already reported this product', 'already_reported');
      const id = newId();
      await db.insert(reports).values({ id, productId, reporterId: reporter.id, reason });
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
      return rows.map(({ report, product, reporter: r, seller: s }) => ({
        _id: report.id,
        productId: product.id,
        productName: product.name,
        sellerEmail: s.email,
        reporterEmail: r.email,
        reason: report.reason,
        conversationId: report.conversationId,
        status: report.status,
        createdAt: report.createdAt.toISOString(),
        resolvedAt: iso(report.resolvedAt),
      }));
    },
  );

  const resolve = (action: 'dismiss' | 'remove-listing') =>
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
        const admin = requireUser(request);
        return db.transaction(async (tx) => {
          const [report] = await tx
            .select()
            .from(reports)
            .where(eq(reports.id, request.params.id))
            .limit(1)
            .for('update');
          if (!report) throw notFound(`No report with id ${request.params.id}`, 'report_not_found');
          if (report.status !== 'open')
            throw conflict(`This report is already ${report.status}`, 'report_resolved');
          const resolved = { resolvedAt: sql`now()`, resolvedBy: admin.id };
          const [product] = await tx
            .select({ name: products.name })
            .from(products)
            .where(eq(products.id, report.productId))
            .limit(1);
          await recordAudit(tx, adminActor(admin), {
            action: action === 'dismiss' ? 'report.dismiss' : 'report.remove-listing',
            targetType: 'report',
            targetId: report.id,
            targetLabel: product?.name ?? report.productId,
            before: { status: report.status },
            after: {
              status: action === 'dismiss' ? 'dismissed' : 'removed',
              ...(action === 'remove-listing' ? { productId: report.productId, listingDeleted: true } : {}),
            },
          });
          if (action === 'dismiss') {
            await tx
              .update(reports)
              .set({ status: 'dismissed', ...resolved })
              .where(eq(reports.id, report.id));
          } else {
            await tx
              .update(products)
              .set({ deletedAt: sql`coalesce(${products.deletedAt}, now())`, updatedAt: sql`now()` })
              .where(eq(products.id, report.productId));
            // Every open report of that listing is settled by the removal.
            await tx
              .update(reports)
              .set({ status: 'removed', ...resolved })
              .where(and(eq(reports.productId, report.productId), eq(reports.status, 'open')));
          }
          return { acknowledged: true };
        });
      },
    );
  resolve('dismiss');
  resolve('remove-listing');
};
