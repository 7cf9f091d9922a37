import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MarkNotificationsReadSchema, NotificationFeedSchema } from 'shared-contracts/notifications';
import { requireUser } from '../../auth/access';
import { markNotificationsRead, notificationFeed } from './notifications.service';

/** The bell in the header: the signed-in user's latest events, marked read when the bell opens. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const bearer = [{ bearerAuth: [] }];

  app.get(
    '/notifications',
    {
      config: { access: 'user' },
      schema: { tags: ['notifications'], security: bearer, response: { 200: NotificationFeedSchema } },
    },
    async (request) => notificationFeed(db, requireUser(request).id),
  );

  app.post(
    '/notifications/read',
    {
      config: { access: 'user', keepsCatalog: true },
      schema: {
        tags: ['notifications'],
        security: bearer,
        body: MarkNotificationsReadSchema,
        response: { 200: z.object({ acknowledged: z.literal(true), marked: z.number().int() }) },
      },
    },
    async (request) => {
      const { upTo } = request.body;
      const marked = await markNotificationsRead(
        db,
        requireUser(request).id,
        upTo === undefined ? undefined : Number(upTo),
      );
      return { acknowledged: true as const, marked };
    },
  );
};
