import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OrderMoves } from 'shared-contracts/order-lifecycle';
import {
  DisputeSchema,
  OpenDisputeSchema,
  OrderListQuerySchema,
  OrderListSchema,
  OrderParamsSchema,
  OrderSchema,
} from 'shared-contracts/money';
import { requireUser } from '../../auth/access';
import { notFound } from '../../lib/errors';
import { openDispute, disputeView } from '../disputes/disputes.service';
import { sendRefundsNow } from './orders.service';
import { moveOrder } from './orders.money';
import { orderOf, ordersOf } from './orders.service';

/**
 * Orders: the money of a paid order, held until the buyer has the laptop (docs/product.md#money).
 * The buyer's orders and the seller's sales, one order, the moves of each side, and the buyer's
 * dispute.
 */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const bearer = [{ bearerAuth: [] }];

  app.get(
    '/orders',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        security: bearer,
        querystring: OrderListQuerySchema,
        response: { 200: OrderListSchema },
      },
    },
    async (request) => ordersOf(db, requireUser(request), request.query.as, config.publicApiUrl),
  );

  app.get(
    '/orders/:transactionId',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        security: bearer,
        params: OrderParamsSchema,
        response: { 200: OrderSchema },
      },
    },
    async (request) => orderOf(db, requireUser(request), request.params.transactionId, config.publicApiUrl),
  );

  for (const move of OrderMoves) {
    app.post(
      `/orders/:transactionId/${move}`,
      {
        config: { access: 'user' },
        schema: {
          tags: ['orders'],
          security: bearer,
          params: OrderParamsSchema,
          response: { 200: OrderSchema },
        },
      },
      async (request) => {
        const caller = requireUser(request);
        await moveOrder(db, app.deps, caller, request.params.transactionId, move);
        // A refund is sent to the gateway now rather than at the next sweep.
        await sendRefundsNow(app, request.params.transactionId);
        return orderOf(db, caller, request.params.transactionId, config.publicApiUrl);
      },
    );
  }

  app.post(
    '/orders/:transactionId/dispute',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        security: bearer,
        params: OrderParamsSchema,
        body: OpenDisputeSchema,
        response: { 201: DisputeSchema },
      },
    },
    async (request, reply) => {
      const caller = requireUser(request);
      const id = await openDispute(db, app.deps, caller, request.params.transactionId, request.body);
      const view = await disputeView(db, caller, id, config.publicApiUrl);
      if (!view) throw notFound('No such dispute', 'dispute_not_found');
      return reply.code(201).send(view);
    },
  );
};
