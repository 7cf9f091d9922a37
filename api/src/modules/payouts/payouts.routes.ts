import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IdParams,
  MarkPayoutFailedSchema,
  MarkPayoutPaidSchema,
  PayoutListQuerySchema,
  PayoutListSchema,
  PayoutMethodInputSchema,
  PayoutMethodSchema,
  PayoutSchema,
  PayoutStates,
} from 'shared-contracts/money';
import { PaginationQuerySchema } from 'shared-contracts/pagination';
import { requireUser } from '../../auth/access';
import { attachment, dhakaDate } from '../../lib/csv';
import { sendTotal } from '../../lib/http';
import { allPayouts, listPayouts } from './payouts.repository';
import { payoutMethodOf, requestPayout, savePayoutMethod, settleRequestedPayout } from './payouts.service';
import { payoutsCsv, toPayout } from './payouts.wire';

/** The operators' transfer file: one state's payouts, the requested ones unless asked otherwise. */
const PayoutCsvQuerySchema = z.object({
  state: z
    .enum(PayoutStates)
    .default('requested')
    .describe('Which payouts; requested: the next bulk transfer'),
});

/**
 * Payouts (docs/product.md#money): a user's payout method and payout requests, and the operators'
 * queue of payouts to transfer. None of these touches a catalogue answer (keepsCatalog).
 */
export const payoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, mailer } = app.deps;
  const bearer = [{ bearerAuth: [] }];

  app.get(
    '/payout-method',
    {
      config: { access: 'user' },
      schema: { tags: ['payouts'], security: bearer, response: { 200: PayoutMethodSchema } },
    },
    async (request) => payoutMethodOf(db, requireUser(request).id),
  );

  app.put(
    '/payout-method',
    {
      config: { access: 'user', keepsCatalog: true },
      schema: {
        tags: ['payouts'],
        security: bearer,
        body: PayoutMethodInputSchema,
        response: { 200: PayoutMethodSchema },
      },
    },
    async (request) => savePayoutMethod(db, requireUser(request), request.body),
  );

  app.post(
    '/payouts',
    {
      config: { access: 'user', keepsCatalog: true },
      schema: { tags: ['payouts'], security: bearer, response: { 200: PayoutSchema } },
    },
    async (request) => requestPayout(db, config.payoutMinimumPaisa, requireUser(request)),
  );

  app.get(
    '/payouts',
    {
      config: { access: 'user' },
      schema: {
        tags: ['payouts'],
        security: bearer,
        querystring: PaginationQuerySchema,
        response: { 200: PayoutListSchema },
      },
    },
    async (request, reply) => {
      const { rows, total } = await listPayouts(db, { sellerId: requireUser(request).id }, request.query);
      sendTotal(reply, total);
      return rows.map(toPayout);
    },
  );

  app.get(
    '/admin/payouts',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['payouts'],
        security: bearer,
        querystring: PaginationQuerySchema.extend(PayoutListQuerySchema.shape),
        response: { 200: PayoutListSchema },
      },
    },
    async (request, reply) => {
      const { state, ...page } = request.query;
      const { rows, total } = await listPayouts(db, { state }, page);
      sendTotal(reply, total);
      return rows.map(toPayout);
    },
  );

  // The whole numbers, unmasked: what the bank's or the wallet's bulk transfer needs. Admins only.
  app.get(
    '/admin/payouts.csv',
    {
      config: { access: ['admin'] },
      schema: { tags: ['payouts'], security: bearer, querystring: PayoutCsvQuerySchema },
    },
    async (request, reply) => {
      const { state } = request.query;
      const csv = payoutsCsv(await allPayouts(db, state));
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          attachment(`secondbyte-payouts-${state}-${dhakaDate(app.deps.now())}.csv`),
        )
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.post(
    '/admin/payouts/:id/paid',
    {
      config: { access: ['admin'], keepsCatalog: true },
      schema: {
        tags: ['payouts'],
        security: bearer,
        params: IdParams,
        body: MarkPayoutPaidSchema,
        response: { 200: PayoutSchema },
      },
    },
    async (request) =>
      settleRequestedPayout(db, mailer, requireUser(request), request.params.id, {
        state: 'paid',
        reference: request.body.reference,
      }),
  );

  app.post(
    '/admin/payouts/:id/failed',
    {
      config: { access: ['admin'], keepsCatalog: true },
      schema: {
        tags: ['payouts'],
        security: bearer,
        params: IdParams,
        body: MarkPayoutFailedSchema,
        response: { 200: PayoutSchema },
      },
    },
    async (request) =>
      settleRequestedPayout(db, mailer, requireUser(request), request.params.id, {
        state: 'failed',
        reason: request.body.reason,
      }),
  );
};
