import { count, desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OutboxMessageListSchema } from 'shared-contracts/contact';
import { PaginationQuerySchema } from 'shared-contracts/pagination';
import { emailOutbox } from '../db/schema/index';
import { pageWindow, sendTotal } from '../lib/http';

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
      const { limit, offset } = pageWindow(request.query);
      const [rows, [total]] = await Promise.all([
        app.deps.db
          .select()
          .from(emailOutbox)
          .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
          .limit(limit)
          .offset(offset),
        app.deps.db.select({ n: count() }).from(emailOutbox),
      ]);
      // Every paged list says how long it is (the list contract, api/README.md).
      sendTotal(reply, total?.n ?? 0);
      return rows.map((m) => ({
        _id: m.id,
        kind: m.kind,
        to: m.toAddress,
        replyTo: m.replyTo,
        subject: m.subject,
        status: m.status,
        createdAt: m.createdAt.toISOString(),
        sentAt: m.sentAt ? m.sentAt.toISOString() : null,
      }));
    },
  );
};
