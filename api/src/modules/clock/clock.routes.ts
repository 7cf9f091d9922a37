import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { expireOverdueOffers } from '../offers/offers.service';
import { runMoneySweeps } from '../orders/orders.service';

const MAX_ADVANCE_MS = 60 * 24 * 60 * 60 * 1000;

/**
 * POST /test/clock: moves this API's clock forward and runs the money sweeps and the offer expiry
 * sweep at once, so a browser journey sees the automatic refund of an order never handed over
 * without waiting seven days, and an offer expire without waiting 48 hours.
 * Registered only with TEST_CLOCK=1, which production refuses (config.ts).
 */
export const clockRoutes: FastifyPluginAsyncZod = async (app) => {
  let offsetMs = 0;
  app.post(
    '/test/clock',
    {
      config: { access: 'public' },
      schema: {
        tags: ['test'],
        body: z.object({ advanceMs: z.number().int().min(0).max(MAX_ADVANCE_MS) }),
        response: { 200: z.object({ now: z.string(), swept: z.record(z.string(), z.number()) }) },
      },
    },
    async (request) => {
      offsetMs += request.body.advanceMs;
      const shift = offsetMs;
      app.deps.now = () => new Date(Date.now() + shift);
      const swept = await runMoneySweeps(app.deps.db, app.deps, (err, what) => app.log.warn({ err }, what));
      // Offers past their 48 hours expire now too, as the interval sweep would have done by then.
      swept.offers = await expireOverdueOffers(app.deps.db, app.deps);
      return { now: app.deps.now().toISOString(), swept };
    },
  );
};
