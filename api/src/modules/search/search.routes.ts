import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SearchQuerySchema, SearchResultSchema } from 'shared-contracts/search';
import { cursorCodec } from '../../lib/signed-cursor';
import { catalogTag, dependsOn, listingTags } from '../../plugins/catalog-cache';
import { searchListings } from './search.service';

/** GET /search: the catalogue's search, filters and sorts (docs/product.md#search). */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const cursors = cursorCodec(config.apiTokenSecret, 'search');
  app.get(
    '/search',
    {
      config: { access: 'public', cache: 'catalog' },
      schema: {
        tags: ['catalog'],
        querystring: SearchQuerySchema,
        response: { 200: SearchResultSchema },
      },
    },
    async (request) => {
      const { query } = request;
      const result = await searchListings(db, query, config.publicApiUrl, cursors);
      const byPrice =
        query.minPrice !== undefined || query.maxPrice !== undefined || result.sort.startsWith('price');
      dependsOn(request, [
        catalogTag.search(query.category),
        ...(byPrice ? [catalogTag.prices(query.category)] : []),
        ...listingTags(result.items),
      ]);
      return result;
    },
  );
};
