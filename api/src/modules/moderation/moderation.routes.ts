import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AcknowledgedSchema } from 'shared-contracts/errors';
import {
  ModerationListSchema,
  ModerationQuerySchema,
  RefuseListingSchema,
} from 'shared-contracts/moderation';
import { IdParamsSchema } from 'shared-contracts/pagination';
import { requireUser } from '../../auth/access';
import { sendTotal } from '../../lib/http';
import { listQueue } from './moderation.repository';
import { approveListing, refuseListing } from './moderation.service';
import { toModerationItem } from './moderation.wire';

/** The operators' moderation queue (docs/product.md#moderation): admins only. */
export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, mailer } = app.deps;
  const bearer = [{ bearerAuth: [] }];

  app.get(
    '/admin/moderation',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['moderation'],
        security: bearer,
        querystring: ModerationQuerySchema,
        response: { 200: ModerationListSchema },
      },
    },
    async (request, reply) => {
      const { rows, total } = await listQueue(db, request.query);
      sendTotal(reply, total);
      return rows.map((row) => toModerationItem(row, config.publicApiUrl));
    },
  );

  app.post(
    '/admin/moderation/:id/approve',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['moderation'],
        security: bearer,
        params: IdParamsSchema,
        response: { 200: AcknowledgedSchema },
      },
    },
    async (request) => {
      await approveListing(db, mailer, requireUser(request), request.params.id);
      return { acknowledged: true };
    },
  );

  app.post(
    '/admin/moderation/:id/refuse',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['moderation'],
        security: bearer,
        params: IdParamsSchema,
        body: RefuseListingSchema,
        response: { 200: AcknowledgedSchema },
      },
    },
    async (request) => {
      await refuseListing(db, mailer, requireUser(request), request.params.id, request.body.reason);
      return { acknowledged: true };
    },
  );
};
