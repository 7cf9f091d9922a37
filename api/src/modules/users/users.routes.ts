import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DeleteResultSchema } from 'shared-contracts/errors';
import { IdParamsSchema } from 'shared-contracts/pagination';
import {
  EmailParamsSchema,
  JwtQuerySchema,
  JwtResponseSchema,
  ProfileSchema,
  UpdateProfileSchema,
  UpsertUserResultSchema,
  UpsertUserSchema,
  UserListQuerySchema,
  UserListSchema,
} from 'shared-contracts/users';
import { requireIdentity, requireUser } from '../../auth/access';
import { sendTotal } from '../../lib/http';
import { requireOwnImages } from '../../services/own-images';
import { listUsersWithRole } from './users.repository';
import { issueApiToken, readProfile, softDeleteUser, updateProfile, upsertUser } from './users.service';
import { toProfile, toUser } from './users.wire';

/** Profiles (POST /users, GET /users/:email), API tokens (GET /jwt) and the admin's user lists. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const bearer = [{ bearerAuth: [] }];

  app.get(
    '/users/:email',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['users'],
        security: bearer,
        params: EmailParamsSchema,
        response: { 200: ProfileSchema },
      },
    },
    async (request) => {
      const email = request.params.email.toLowerCase();
      const user = await readProfile(db, requireIdentity(request), request.user, email);
      return toProfile(user, config.publicApiUrl);
    },
  );

  app.patch(
    '/users/:email',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['users'],
        security: bearer,
        params: EmailParamsSchema,
        body: UpdateProfileSchema,
        response: { 200: ProfileSchema },
      },
    },
    async (request) => {
      const email = request.params.email.toLowerCase();
      const user = await updateProfile(db, requireIdentity(request), email, request.body);
      return toProfile(user, config.publicApiUrl);
    },
  );

  app.post(
    '/users',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['users'],
        security: bearer,
        body: UpsertUserSchema,
        response: { 200: UpsertUserResultSchema, 201: UpsertUserResultSchema },
      },
    },
    async (request, reply) => {
      const { url } = request.body;
      const [storedUrl] = url ? await requireOwnImages(db, config.publicApiUrl, [{ field: 'url', url }]) : [];
      const { created, user } = await upsertUser(db, requireIdentity(request), {
        ...request.body,
        url: storedUrl ?? url,
      });
      return reply
        .code(created ? 201 : 200)
        .send({ acknowledged: true, insertedId: created ? user.id : null, _id: user.id, role: user.role });
    },
  );

  app.get(
    '/jwt',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['users'],
        security: bearer,
        querystring: JwtQuerySchema,
        response: { 200: JwtResponseSchema },
      },
    },
    async (request) => {
      const email = request.query.email.toLowerCase();
      return { accessToken: issueApiToken(config.apiTokenSecret, requireIdentity(request), email) };
    },
  );

  for (const role of ['buyer', 'seller'] as const) {
    app.get(
      `/${role}`,
      {
        config: { access: ['admin'] },
        schema: {
          tags: ['admin'],
          security: bearer,
          querystring: UserListQuerySchema,
          response: { 200: UserListSchema },
        },
      },
      async (request, reply) => {
        const { rows, total } = await listUsersWithRole(db, role, request.query);
        sendTotal(reply, total);
        return rows.map((u) => toUser(u, config.publicApiUrl));
      },
    );

    app.delete(
      `/${role}/:id`,
      {
        config: { access: ['admin'] },
        schema: {
          tags: ['admin'],
          security: bearer,
          params: IdParamsSchema,
          response: { 200: DeleteResultSchema },
        },
      },
      async (request) => {
        await softDeleteUser(db, requireUser(request), request.params.id, role);
        return { acknowledged: true, deletedCount: 1 };
      },
    );
  }
};
