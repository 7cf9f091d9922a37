import { and, count, eq, isNull } from 'drizzle-orm';
import type { SalesStatus } from 'shared-contracts/sales-status';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DashboardSummarySchema, type DashboardSummary } from 'shared-contracts/users';
import { adverts, payments, products } from '../../db/schema/index';
import { requireUser } from '../../auth/access';
import { countBuyerBookings, countMyBuyers } from '../bookings/bookings.repository';
import { countSellerProducts } from '../products/products.repository';
import { countReports } from '../reports/reports.repository';
import { countUsersWithRole } from '../users/users.repository';

/**
 * The summary cards count with the very functions that give the dashboard lists their totals
 * (X-Total-Count), so a card and its table always agree (dashboard-lists.test.ts).
 */
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
        return {
          role: user.role,
          counts: {
            buyers: await countUsersWithRole(db, 'buyer'),
            sellers: await countUsersWithRole(db, 'seller'),
            products: await n(db.select({ n: count() }).from(products).where(isNull(products.deletedAt))),
            openReports: await countReports(db, { status: 'open' }),
            paidPayments: await n(
              db.select({ n: count() }).from(payments).where(eq(payments.status, 'paid')),
            ),
          },
        };
      }
      if (user.role === 'seller') {
        const mine = and(eq(products.sellerId, user.id), isNull(products.deletedAt));
        const byStatus = (status: SalesStatus) => countSellerProducts(db, user.id, { status });
        return {
          role: user.role,
          counts: {
            products: await countSellerProducts(db, user.id),
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
            bookings: await countMyBuyers(db, user.id, { kind: 'booking' }),
          },
        };
      }
      return {
        role: user.role,
        counts: {
          bookings: await countBuyerBookings(db, user.id),
          paidBookings: await countBuyerBookings(db, user.id, { paid: true }),
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
