import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuditEntryListSchema, AuditLogQuerySchema } from 'shared-contracts/audit';
import { IdParamsSchema } from 'shared-contracts/pagination';
import { AdminListSchema, RoleChangeResultSchema, UserListQuerySchema } from 'shared-contracts/users';
import { requireUser } from '../../auth/access';
import { notFound } from '../../lib/errors';
import { sendTotal } from '../../lib/http';
import { grantAdmin, revokeAdmin, type RoleChange } from './admins.service';
import { adminActor, listAudit } from '../../services/audit';
import { listUsersWithRole } from '../users/users.repository';
import { toAdmin, toAuditEntry } from './admins.wire';

/** Admin role management and the audit log (docs/product.md#admins); every route is admin only. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const bearer = [{ bearerAuth: [] }];

  app.get(
    '/admin',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['admin'],
        security: bearer,
        querystring: UserListQuerySchema,
        response: { 200: AdminListSchema },
      },
    },
    async (request, reply) => {
      const { rows, total } = await listUsersWithRole(db, 'admin', request.query);
      sendTotal(reply, total);
      return rows.map((u) => toAdmin(u, config.publicApiUrl));
    },
  );

  const answer = (id: string, change: RoleChange) => {
    switch (change.outcome) {
      case 'not-found':
      case 'deleted':
        throw notFound(`No user with id ${id}`, 'user_not_found');
      case 'unchanged':
        return {
          acknowledged: true,
          changed: false,
          email: change.user.email,
          before: change.user.role,
          after: change.user.role,
        };
      case 'changed':
        return {
          acknowledged: true,
          changed: true,
          email: change.user.email,
          before: change.before,
          after: change.after,
        };
    }
  };

  for (const [action, change] of [
    ['make-admin', grantAdmin],
    ['revoke-admin', revokeAdmin],
  ] as const) {
    app.post(
      `/users/:id/${action}`,
      {
        config: { access: ['admin'] },
        schema: {
          tags: ['admin'],
          security: bearer,
          params: IdParamsSchema,
          response: { 200: RoleChangeResultSchema },
        },
      },
      async (request) => {
        const id = request.params.id;
        return answer(id, await change(db, adminActor(requireUser(request)), { id }));
      },
    );
  }

  app.get(
    '/audit-log',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['admin'],
        security: bearer,
        querystring: AuditLogQuerySchema,
        response: { 200: AuditEntryListSchema },
      },
    },
    async (request, reply) => {
      const { rows, total } = await listAudit(db, request.query);
      sendTotal(reply, total);
      return rows.map(toAuditEntry);
    },
  );
};
