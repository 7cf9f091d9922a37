import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CategoryListSchema } from 'shared-contracts/categories';
import { catalogTag, dependsOn } from '../../plugins/catalog-cache';
import { listCategories } from './categories.repository';

export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/category',
    {
      config: { access: 'public', cache: 'catalog' },
      schema: { tags: ['catalog'], response: { 200: CategoryListSchema } },
    },
    async (request) => {
      dependsOn(request, [catalogTag.brands]);
      const rows = await listCategories(app.deps.db);
      return rows.map((c) => ({ id: c.id, _id: c.id, name: c.name }));
    },
  );
};
