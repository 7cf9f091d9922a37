import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SavedIdsSchema,
  SavedListingListSchema,
  SavedListQuerySchema,
  SavedProductParamsSchema,
  SavedStateSchema,
} from 'shared-contracts/saved';
import { requireUser } from '../../auth/access';
import { sendTotal } from '../../lib/http';
import { listSaved, savedIds } from './saved.repository';
import { saveListing, unsaveListing } from './saved.service';
import { toSavedListing } from './saved.wire';

/**
 * Saved laptops (docs/product.md#saved-laptops): any signed-in user with a profile. Saving touches
 * no catalogue answer, so these writes leave the catalogue cache alone (keepsCatalog).
 */
export const savedRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const bearer = [{ bearerAuth: [] }];

  // Saving and unsaving are one route in two verbs: same access, parameters and answer.
  const savedStateRoute = {
    config: { access: 'user', keepsCatalog: true },
    schema: {
      tags: ['saved'],
      security: bearer,
      params: SavedProductParamsSchema,
      response: { 200: SavedStateSchema },
    },
  } as const;

  app.put('/saved/:productId', savedStateRoute, async (request) => {
    await saveListing(db, requireUser(request), request.params.productId);
    return { acknowledged: true, saved: true };
  });

  app.delete('/saved/:productId', savedStateRoute, async (request) => {
    await unsaveListing(db, requireUser(request), request.params.productId);
    return { acknowledged: true, saved: false };
  });

  app.get(
    '/saved',
    {
      config: { access: 'user' },
      schema: {
        tags: ['saved'],
        security: bearer,
        querystring: SavedListQuerySchema,
        response: { 200: SavedListingListSchema },
      },
    },
    async (request, reply) => {
      const { rows, total } = await listSaved(db, requireUser(request).id, request.query);
      sendTotal(reply, total);
      return rows.map((r) => toSavedListing(r, config.publicApiUrl));
    },
  );

  app.get(
    '/saved/ids',
    {
      config: { access: 'user' },
      schema: { tags: ['saved'], security: bearer, response: { 200: SavedIdsSchema } },
    },
    async (request) => ({ ids: await savedIds(db, requireUser(request).id) }),
  );
};
