import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { InsertResultSchema } from 'shared-contracts/errors';
import { IdParamsSchema } from 'shared-contracts/pagination';
import {
  ConversationDetailSchema,
  ConversationListSchema,
  ConversationQuerySchema,
  InboxQuerySchema,
  MarkConversationReadSchema,
  ReportConversationSchema,
  SendMessageSchema,
  SentMessageSchema,
  StartConversationSchema,
  StartedConversationSchema,
  UnreadCountSchema,
} from 'shared-contracts/conversations';
import { requireUser } from '../../auth/access';
import { sendTotal } from '../../lib/http';
import {
  conversationDetail,
  inbox,
  markConversationRead,
  reportConversation,
  sendMessage,
  startConversation,
  unreadCount,
} from './conversations.service';

/**
 * Conversations between a buyer and a seller about one listing (docs/product.md#conversations).
 * Only the two people read and write one; admins may read any (and see reported ones in Reported
 * Items). Anyone else gets 404, as if it did not exist.
 */
export const conversationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, mailer, config } = app.deps;
  const bearer = [{ bearerAuth: [] }];
  const tags = ['conversations'];

  app.post(
    '/conversations',
    {
      config: { access: 'user', keepsCatalog: true },
      schema: {
        tags,
        security: bearer,
        body: StartConversationSchema,
        response: { 200: StartedConversationSchema, 201: StartedConversationSchema },
      },
    },
    async (request, reply) => {
      const { productId, text } = request.body;
      const started = await startConversation(db, mailer, requireUser(request), productId, text);
      return reply.code(started.created ? 201 : 200).send(started);
    },
  );

  app.get(
    '/conversations',
    {
      config: { access: 'user' },
      schema: {
        tags,
        security: bearer,
        querystring: InboxQuerySchema,
        response: { 200: ConversationListSchema },
      },
    },
    async (request, reply) => {
      const { rows, total } = await inbox(db, requireUser(request).id, request.query, config.publicApiUrl);
      sendTotal(reply, total);
      return rows;
    },
  );

  app.get(
    '/conversations/unread-count',
    {
      config: { access: 'user' },
      schema: { tags, security: bearer, response: { 200: UnreadCountSchema } },
    },
    async (request) => ({ unread: await unreadCount(db, requireUser(request).id) }),
  );

  app.get(
    '/conversations/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        security: bearer,
        params: IdParamsSchema,
        querystring: ConversationQuerySchema,
        response: { 200: ConversationDetailSchema },
      },
    },
    async (request) =>
      conversationDetail(db, requireUser(request), request.params.id, request.query, config.publicApiUrl),
  );

  app.post(
    '/conversations/:id/messages',
    {
      config: { access: 'user', keepsCatalog: true },
      schema: {
        tags,
        security: bearer,
        params: IdParamsSchema,
        body: SendMessageSchema,
        response: { 201: SentMessageSchema },
      },
    },
    async (request, reply) => {
      const sent = await sendMessage(db, mailer, requireUser(request), request.params.id, request.body.text);
      return reply.code(201).send(sent);
    },
  );

  app.post(
    '/conversations/:id/read',
    {
      config: { access: 'user', keepsCatalog: true },
      schema: {
        tags,
        security: bearer,
        params: IdParamsSchema,
        body: MarkConversationReadSchema,
        response: { 200: z.object({ acknowledged: z.literal(true), readUpTo: z.string() }) },
      },
    },
    async (request) =>
      markConversationRead(db, requireUser(request), request.params.id, Number(request.body.upTo)),
  );

  app.post(
    '/conversations/:id/report',
    {
      config: { access: 'user', keepsCatalog: true },
      schema: {
        tags,
        security: bearer,
        params: IdParamsSchema,
        body: ReportConversationSchema,
        response: { 201: InsertResultSchema },
      },
    },
    async (request, reply) => {
      const id = await reportConversation(db, requireUser(request), request.params.id, request.body.reason);
      return reply.code(201).send({ acknowledged: true, insertedId: id });
    },
  );
};
