import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OutboxMessageListSchema } from 'shared-contracts/contact';
import { PaginationQuerySchema } from 'shared-contracts/pagination';
import { pageWindow, sendTotal } from '../../lib/http';
import { listOutbox } from './outbox.repository';
import { toOutboxMessage } from './outbox.wire';

/**
 * The e-mail outbox for operators: whether contact messages arrived and were relayed over SMTP.
 * Admin only; message bodies are not exposed.
 */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/outbox',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['contact'],
        querystring: PaginationQuerySchema,
        response: { 200: OutboxMessageListSchema },
      },
    },
    async (request, reply) => {
      const { rows, total } = await listOutbox(app.deps.db, pageWindow(request.query));
      // Every paged list says how long it is (the list contract, api/README.md).
      sendTotal(reply, total);
      return rows.map(toOutboxMessage);
    },
  );
};
