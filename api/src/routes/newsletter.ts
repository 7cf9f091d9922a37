import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AcknowledgedSchema } from 'shared-contracts/errors';
import { NewsletterSubscribeSchema } from 'shared-contracts/newsletter';
import { newsletterSubscribers } from '../db/schema/index';
import { newId } from '../lib/ids';
import { publicWriteRateLimit } from '../lib/rate-limits';

export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/newsletter',
    {
      config: { access: 'public', rateLimit: publicWriteRateLimit(app.deps.config, 'newsletter') },
      schema: { tags: ['content'], body: NewsletterSubscribeSchema, response: { 200: AcknowledgedSchema } },
    },
    async (request) => {
      await app.deps.db
        .insert(newsletterSubscribers)
        .values({ id: newId(), email: request.body.email.toLowerCase() })
        .onConflictDoNothing({ target: newsletterSubscribers.email });
      return { acknowledged: true };
    },
  );
};
