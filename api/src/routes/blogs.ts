import { asc, count } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BlogListSchema } from 'shared-contracts/blogs';
import { PaginationQuerySchema } from 'shared-contracts/pagination';
import { blogs } from '../db/schema/index';
import { pageWindow, sendTotal } from '../lib/http';

export const blogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/blogs',
    {
      config: { access: 'public' },
      schema: { tags: ['content'], querystring: PaginationQuerySchema, response: { 200: BlogListSchema } },
    },
    async (request, reply) => {
      const { limit, offset } = pageWindow(request.query);
      const [rows, [total]] = await Promise.all([
        app.deps.db
          .select()
          .from(blogs)
          .orderBy(asc(blogs.sortOrder), asc(blogs.id))
          .limit(limit)
          .offset(offset),
        app.deps.db.select({ n: count() }).from(blogs),
      ]);
      // Every paged list says how long it is (the list contract, api/README.md).
      sendTotal(reply, total?.n ?? 0);
      return rows.map((b) => ({ _id: b.id, question: b.question, answer: b.answer }));
    },
  );
};
