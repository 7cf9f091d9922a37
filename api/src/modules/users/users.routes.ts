import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DeleteResultSchema } from 'shared-contracts/errors';
import { IdParamsSchema } from 'shared-contracts/pagination';
import {
  EmailParamsSchema,
  JwtQuerySchema,
  JwtResponseSchema,
  UpsertUserResultSchema,
  UpsertUserSchema,
  UserListQuerySchema,
  UserListSchema,
  UserSchema,
} from 'shared-contracts/users';
import { users } from '../../db/schema/index';
import { isAdmin, requireIdentity, requireUser } from '../../auth/access';
import { signApiToken } from '../../auth/api-token';
import { forbidden, notFound } from '../../lib/errors';
import { sendTotal } from '../../lib/http';
import { requireOwnImages } from '../../services/own-images';
import { listUsersWithRole, softDeleteUser, toUser, upsertUser } from '../users/users.repository';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const bearer = [{ bearerAuth: [] }];

  app.get(
    '/users/:email',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['users'], security: bearer, params: EmailParamsSchema, response: { 200: UserSchema } },
    },
    async (request) => {
      const identity = requireIdentity(request);
      const email = request.params.email.toLowerCase();
      if (email !== identity.email && !isAdmin(request.user))
        throw forbidden('You can only read your own profile');
      const [user] = await db
        .select()
        .from(users)
        .where(and(eq(users.email, email), isNull(users.deletedAt)))
        .limit(1);
      if (!user) throw notFound(`No user with e-mail ${email}`, 'user_not_found');
      return toUser(user, config.publicApiUrl);
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
      const identity = requireIdentity(request);
      const email = request.query.email.toLowerCase();
      if (identity.email !== email)
        throw forbidden('A token is only issued for the e-mail you are signed in with');
      if (!identity.emailVerified) {
        throw forbidden(
          'Verify your e-mail address first, or use your ID token as the bearer',
          'email_not_verified',
        );
      }
      return { accessToken: signApiToken(config.apiTokenSecret, identity.uid, email) };
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
