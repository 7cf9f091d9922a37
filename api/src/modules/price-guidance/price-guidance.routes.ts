import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PriceGuidanceQuerySchema, PriceGuidanceSchema } from 'shared-contracts/price-guidance';
import { priceGuidance } from './price-guidance.service';

/**
 * Price guidance for a seller's form (docs/product.md#price-guidance). Signed-in users only: it
 * serves the seller's forms, and asking prices are public anyway. A read: it leaves the catalogue
 * cache alone.
 */
export const priceGuidanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.get(
    '/price-guidance',
    {
      config: { access: 'user' },
      schema: {
        tags: ['products'],
        security: [{ bearerAuth: [] }],
        querystring: PriceGuidanceQuerySchema,
        response: { 200: PriceGuidanceSchema },
      },
    },
    async (request) => priceGuidance(db, request.query),
  );
};
