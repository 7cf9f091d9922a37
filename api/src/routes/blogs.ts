import { asc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BlogListSchema } from 'shared-contracts/blogs';
import { PaginationQuerySchema } from 'shared-contracts/pagination';
import { blogs } from '../db/schema/index';
import { pageWindow } from '../lib/http';

export const blogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/blogs',
    {
      config: { access: 'public' },
      schema: { tags: ['content'], querystring: PaginationQuerySchema, response: { 200: BlogListSchema } },
    },
    async (request) => {
      const { limit, offset } = pageWindow(request.query);
      const rows = await app.deps.db
        .select()
        .from(blogs)
        .orderBy(asc(blogs.sortOrder), asc(blogs.id))
        .limit(limit)
        .offset(offset);
      return rows.map((b) => ({ _id: b.id, question: b.question, answer: b.answer }));
    },
  );
};
