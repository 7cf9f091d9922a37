import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema } from 'shared-contracts/pagination';
import {
  DisputeListQuerySchema,
  DisputeListSchema,
  DisputeSchema,
  ResolveDisputeSchema,
} from 'shared-contracts/money';
import { requireUser } from '../../auth/access';
import { notFound } from '../../lib/errors';
import { sendRefundsNow } from '../orders/orders.service';
import { disputeQueue, disputeView, resolveDispute } from './disputes.service';

/** Disputes: the operators' queue and resolution, and one dispute for either side (the buyer opens it on the order). */
export const disputeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const bearer = [{ bearerAuth: [] }];
  const view = async (caller: Parameters<typeof disputeView>[1], id: string) => {
    const found = await disputeView(db, caller, id, config.publicApiUrl);
    if (!found) throw notFound(`No dispute with id ${id}`, 'dispute_not_found');
    return found;
  };

  app.get(
    '/disputes',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['disputes'],
        security: bearer,
        querystring: DisputeListQuerySchema,
        response: { 200: DisputeListSchema },
      },
    },
    async (request) => disputeQueue(db, requireUser(request), request.query.state, config.publicApiUrl),
  );

  app.get(
    '/disputes/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['disputes'],
        security: bearer,
        params: IdParamsSchema,
        response: { 200: DisputeSchema },
      },
    },
    async (request) => view(requireUser(request), request.params.id),
  );

  app.post(
    '/disputes/:id/resolve',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['disputes'],
        security: bearer,
        params: IdParamsSchema,
        body: ResolveDisputeSchema,
        response: { 200: DisputeSchema },
      },
    },
    async (request) => {
      const operator = requireUser(request);
      const transactionId = await resolveDispute(db, app.deps, operator, request.params.id, request.body);
      await sendRefundsNow(app, transactionId);
      return view(operator, request.params.id);
    },
  );
};
