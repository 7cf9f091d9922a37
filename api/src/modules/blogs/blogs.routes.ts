import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BlogListSchema } from 'shared-contracts/blogs';
import { PaginationQuerySchema } from 'shared-contracts/pagination';
import { pageWindow, sendTotal } from '../../lib/http';
import { listBlogs } from './blogs.repository';

export const blogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/blogs',
    {
      config: { access: 'public' },
      schema: { tags: ['content'], querystring: PaginationQuerySchema, response: { 200: BlogListSchema } },
    },
    async (request, reply) => {
      const { rows, total } = await listBlogs(app.deps.db, pageWindow(request.query));
      // Every paged list says how long it is (the list contract, api/README.md).
      sendTotal(reply, total);
      return rows.map((b) => ({ _id: b.id, question: b.question, answer: b.answer }));
    },
  );
};
