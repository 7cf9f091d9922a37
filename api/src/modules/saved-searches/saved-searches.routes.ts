import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateSavedSearchSchema,
  SavedSearchesQuerySchema,
  SavedSearchListSchema,
  SavedSearchDeletedSchema,
  SavedSearchParamsSchema,
  SavedSearchSavedSchema,
  SavedSearchSorts,
  UnsubscribeAnswerSchema,
  UnsubscribeQuerySchema,
} from 'shared-contracts/saved-searches';
import { resolveListQuery } from 'shared-contracts/pagination';
import { requireUser } from '../../auth/access';
import { sendTotal } from '../../lib/http';
import { listSearches } from './saved-searches.repository';
import {
  removeSavedSearch,
  saveSearch,
  unsubscribeDigest,
  unsubscribeTokens,
} from './saved-searches.service';
import { toSavedSearch } from './saved-searches.wire';

/**
 * Saved searches (docs/product.md#saved-searches): any signed-in user keeps searches and gets
 * their alerts. Saving touches no catalogue answer (keepsCatalog). The digest's unsubscribe link
 * is public: its signed token names the user.
 */
export const savedSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const bearer = [{ bearerAuth: [] }];
  const tokens = unsubscribeTokens(config.apiTokenSecret);

  app.post(
    '/saved-searches',
    {
      config: { access: 'user', keepsCatalog: true },
      schema: {
        tags: ['saved-searches'],
        security: bearer,
        body: CreateSavedSearchSchema,
        response: { 200: SavedSearchSavedSchema, 201: SavedSearchSavedSchema },
      },
    },
    async (request, reply) => {
      const { row, created } = await saveSearch(db, requireUser(request), request.body);
      return reply.code(created ? 201 : 200).send({ ...toSavedSearch(row), created });
    },
  );

  app.get(
    '/saved-searches',
    {
      config: { access: 'user' },
      schema: {
        tags: ['saved-searches'],
        security: bearer,
        querystring: SavedSearchesQuerySchema,
        response: { 200: SavedSearchListSchema },
      },
    },
    async (request, reply) => {
      const { order, search } = resolveListQuery(SavedSearchSorts, request.query);
      const { rows, total } = await listSearches(db, requireUser(request).id, request.query, search, order);
      sendTotal(reply, total);
      return rows.map(toSavedSearch);
    },
  );

  app.delete(
    '/saved-searches/:id',
    {
      config: { access: 'user', keepsCatalog: true },
      schema: {
        tags: ['saved-searches'],
        security: bearer,
        params: SavedSearchParamsSchema,
        response: { 200: SavedSearchDeletedSchema },
      },
    },
    async (request) => {
      await removeSavedSearch(db, requireUser(request), request.params.id);
      return { acknowledged: true };
    },
  );

  // The link opened from the e-mail (GET) and the mail client's one-click POST (RFC 8058) do the
  // same; both are idempotent.
  const unsubscribeRoute = {
    config: { access: 'public', keepsCatalog: true },
    schema: {
      tags: ['saved-searches'],
      querystring: UnsubscribeQuerySchema,
      response: { 200: UnsubscribeAnswerSchema },
    },
  } as const;
  const unsubscribe = async (request: { query: { token: string } }) => {
    const { stopped } = await unsubscribeDigest(db, tokens, request.query.token);
    return {
      unsubscribed: true,
      message: stopped
        ? 'You will get no more saved-search digests. / আপনি আর সংরক্ষিত খোঁজের ডাইজেস্ট পাবেন না।'
        : 'You were already unsubscribed. / আপনি আগেই আনসাবস্ক্রাইব করেছেন।',
    };
  };
  app.get('/saved-searches/unsubscribe', unsubscribeRoute, unsubscribe);
  app.post('/saved-searches/unsubscribe', unsubscribeRoute, unsubscribe);
};
