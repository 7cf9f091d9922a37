import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AcknowledgedSchema } from 'shared-contracts/errors';
import { NewsletterSubscribeSchema } from 'shared-contracts/newsletter';
import { publicWriteRateLimit } from '../../lib/rate-limits';
import { subscribe } from './newsletter.repository';

export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/newsletter',
    {
      config: {
        access: 'public',
        keepsCatalog: true,
        rateLimit: publicWriteRateLimit(app.deps.config, 'newsletter'),
      },
      schema: { tags: ['content'], body: NewsletterSubscribeSchema, response: { 200: AcknowledgedSchema } },
    },
    async (request) => {
      await subscribe(app.deps.db, request.body.email.toLowerCase());
      return { acknowledged: true };
    },
  );
};
