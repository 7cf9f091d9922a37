import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DashboardSummarySchema, type DashboardSummary } from 'shared-contracts/users';
import { adverts, bookings, payments, products, reports, users } from '../db/schema/index';
import { requireUser } from '../auth/access';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.get(
    '/dashboard/summary',
    {
      config: { access: 'user' },
      schema: { tags: ['users'], security: [{ bearerAuth: [] }], response: { 200: DashboardSummarySchema } },
    },
    async (request): Promise<DashboardSummary> => {
      const user = requireUser(request);
      const n = async (q: Promise<{ n: number }[]>) => (await q)[0]?.n ?? 0;
      if (user.role === 'admin') {
        const live = isNull(users.deletedAt);
        return {
          role: user.role,
          counts: {
            buyers: await n(
              db
                .select({ n: count() })
                .from(users)
                .where(and(live, eq(users.role, 'buyer'))),
            ),
            sellers: await n(
              db
                .select({ n: count() })
                .from(users)
                .where(and(live, eq(users.role, 'seller'))),
            ),
            products: await n(db.select({ n: count() }).from(products).where(isNull(products.deletedAt))),
            openReports: await n(db.select({ n: count() }).from(reports).where(eq(reports.status, 'open'))),
            paidPayments: await n(
              db.select({ n: count() }).from(payments).where(eq(payments.status, 'paid')),
            ),
          },
        };
      }
      if (user.role === 'seller') {
        const mine = and(eq(products.sellerId, user.id), isNull(products.deletedAt));
        const byStatus = (s: 'available' | 'booked' | 'sold') =>
          n(
            db
              .select({ n: count() })
              .from(products)
              .where(and(mine, eq(products.status, s))),
          );
        return {
          role: user.role,
          counts: {
            products: await n(db.select({ n: count() }).from(products).where(mine)),
            available: await byStatus('available'),
            booked: await byStatus('booked'),
            sold: await byStatus('sold'),
            advertised: await n(
              db
                .select({ n: count() })
                .from(adverts)
                .innerJoin(products, eq(products.id, adverts.productId))
                .where(mine),
            ),
            bookings: await n(
              db
                .select({ n: count() })
                .from(bookings)
                .innerJoin(products, eq(products.id, bookings.productId))
                .where(mine),
            ),
          },
        };
      }
      return {
        role: user.role,
        counts: {
          bookings: await n(db.select({ n: count() }).from(bookings).where(eq(bookings.buyerId, user.id))),
          paidBookings: await n(
            db
              .select({ n: count() })
              .from(bookings)
              .where(and(eq(bookings.buyerId, user.id), sql`${bookings.paid}`)),
          ),
          payments: await n(
            db
              .select({ n: count() })
              .from(payments)
              .where(and(eq(payments.buyerId, user.id), eq(payments.status, 'paid'))),
          ),
        },
      };
    },
  );
};
