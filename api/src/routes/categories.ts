import { asc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CategoryListSchema } from 'shared-contracts/categories';
import { categories } from '../db/schema/index';

export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/category',
    {
      config: { access: 'public', cache: 'catalog' },
      schema: { tags: ['catalog'], response: { 200: CategoryListSchema } },
    },
    async () => {
      const rows = await app.deps.db
        .select()
        .from(categories)
        .orderBy(asc(categories.sortOrder), asc(categories.id));
      return rows.map((c) => ({ id: c.id, _id: c.id, name: c.name }));
    },
  );
};
