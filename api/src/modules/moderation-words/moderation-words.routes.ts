import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ModerationWordInputSchema,
  ModerationWordListSchema,
  ModerationWordRemovedSchema,
  ModerationWordSchema,
  ModerationWordsQuerySchema,
} from 'shared-contracts/moderation-words';
import { IdParamsSchema } from 'shared-contracts/pagination';
import { requireUser } from '../../auth/access';
import { sendTotal } from '../../lib/http';
import { adminActor } from '../../services/audit';
import { listModerationWords } from './moderation-words.repository';
import { addModerationWord, removeModerationWord } from './moderation-words.service';
import { toModerationWord } from './moderation-words.wire';

/**
 * The operators' moderation word list (docs/product.md#automatic-checks); admins only. The list
 * changes what the automatic checks flag, never a catalogue answer (keepsCatalog).
 */
export const moderationWordsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const bearer = [{ bearerAuth: [] }];

  app.get(
    '/admin/moderation-words',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['moderation'],
        security: bearer,
        querystring: ModerationWordsQuerySchema,
        response: { 200: ModerationWordListSchema },
      },
    },
    async (request, reply) => {
      const { rows, total } = await listModerationWords(db, request.query);
      sendTotal(reply, total);
      return rows.map(toModerationWord);
    },
  );

  app.post(
    '/admin/moderation-words',
    {
      config: { access: ['admin'], keepsCatalog: true },
      schema: {
        tags: ['moderation'],
        security: bearer,
        body: ModerationWordInputSchema,
        response: { 201: ModerationWordSchema },
      },
    },
    async (request, reply) => {
      const word = await addModerationWord(
        db,
        adminActor(requireUser(request)),
        request.body,
        app.deps.now(),
      );
      return reply.code(201).send(word);
    },
  );

  app.delete(
    '/admin/moderation-words/:id',
    {
      config: { access: ['admin'], keepsCatalog: true },
      schema: {
        tags: ['moderation'],
        security: bearer,
        params: IdParamsSchema,
        response: { 200: ModerationWordRemovedSchema },
      },
    },
    async (request) => {
      await removeModerationWord(db, adminActor(requireUser(request)), request.params.id);
      return { deleted: true as const };
    },
  );
};
