import type { SalesStatus } from 'shared-contracts/sales-status';
import type { DashboardSummary } from 'shared-contracts/users';
import type { Database } from '../../db/index';
import type { UserRow } from '../../db/schema/index';
import { countBuyerBookings, countMyBuyers } from '../bookings/bookings.repository';
import { countSellerProducts } from '../products/products.repository';
import { countReports } from '../reports/reports.repository';
import { countUsersWithRole } from '../users/users.repository';
import { countAdvertisedOf, countLiveProducts, countPaidPayments } from './dashboard.repository';

/**
 * The summary cards of the caller's role. They count with the very functions that give the
 * dashboard lists their totals (X-Total-Count), so a card and its table always agree
 * (dashboard-lists.test.ts, docs/decisions/0030-dashboard-list-queries.md).
 */
export async function dashboardSummary(db: Database, user: UserRow): Promise<DashboardSummary> {
  if (user.role === 'admin') {
    return {
      role: user.role,
      counts: {
        buyers: await countUsersWithRole(db, 'buyer'),
        sellers: await countUsersWithRole(db, 'seller'),
        products: await countLiveProducts(db),
        openReports: await countReports(db, { status: 'open' }),
        paidPayments: await countPaidPayments(db),
      },
    };
  }
  if (user.role === 'seller') {
    const byStatus = (status: SalesStatus) => countSellerProducts(db, user.id, { status });
    return {
      role: user.role,
      counts: {
        products: await countSellerProducts(db, user.id),
        available: await byStatus('available'),
        booked: await byStatus('booked'),
        sold: await byStatus('sold'),
        advertised: await countAdvertisedOf(db, user.id),
        bookings: await countMyBuyers(db, user.id, { kind: 'booking' }),
      },
    };
  }
  return {
    role: user.role,
    counts: {
      bookings: await countBuyerBookings(db, user.id),
      paidBookings: await countBuyerBookings(db, user.id, { paid: true }),
      payments: await countPaidPayments(db, user.id),
    },
  };
}
