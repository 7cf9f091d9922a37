import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BlockedUserParamsSchema,
  BlockListSchema,
  BlockResultSchema,
  BlocksQuerySchema,
  UserBlocksSchema,
} from 'shared-contracts/blocks';
import { IdParamsSchema } from 'shared-contracts/pagination';
import { requireUser } from '../../auth/access';
import { sendTotal } from '../../lib/http';
import {
  blockedPeople,
  blockInConversation,
  unblock,
  unblockInConversation,
  userBlocks,
} from './blocks.service';

/**
 * Blocking (docs/product.md#blocking): from a conversation its two people block and unblock each
 * other; the blocker lists and lifts their blocks; operators read a user's blocks both ways.
 */
export const blockRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const bearer = [{ bearerAuth: [] }];
  const tags = ['blocks'];

  app.post(
    '/conversations/:id/block',
    {
      config: { access: 'user', keepsCatalog: true },
      schema: { tags, security: bearer, params: IdParamsSchema, response: { 201: BlockResultSchema } },
    },
    async (request, reply) => {
      await blockInConversation(db, requireUser(request), request.params.id, app.deps.now());
      return reply.code(201).send({ blocked: true });
    },
  );

  app.delete(
    '/conversations/:id/block',
    {
      config: { access: 'user', keepsCatalog: true },
      schema: { tags, security: bearer, params: IdParamsSchema, response: { 200: BlockResultSchema } },
    },
    async (request) => {
      await unblockInConversation(db, requireUser(request), request.params.id);
      return { blocked: false };
    },
  );

  app.get(
    '/blocks',
    {
      config: { access: 'user' },
      schema: {
        tags,
        security: bearer,
        querystring: BlocksQuerySchema,
        response: { 200: BlockListSchema },
      },
    },
    async (request, reply) => {
      const { rows, total } = await blockedPeople(db, requireUser(request), request.query);
      sendTotal(reply, total);
      return rows;
    },
  );

  app.delete(
    '/blocks/:userId',
    {
      config: { access: 'user', keepsCatalog: true },
      schema: {
        tags,
        security: bearer,
        params: BlockedUserParamsSchema,
        response: { 200: BlockResultSchema },
      },
    },
    async (request) => {
      await unblock(db, requireUser(request), request.params.userId);
      return { blocked: false };
    },
  );

  app.get(
    '/admin/users/:userId/blocks',
    {
      config: { access: ['admin'] },
      schema: {
        tags,
        security: bearer,
        params: BlockedUserParamsSchema,
        response: { 200: UserBlocksSchema },
      },
    },
    async (request) => userBlocks(db, request.params.userId),
  );
};
