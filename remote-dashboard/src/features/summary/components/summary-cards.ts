import type { Role } from 'shared-contracts/users';
import { dashboardHref } from '@/shared/lib/dashboard-pages';

export interface SummaryCard {
  /** Key in the API's `counts`. */
  count: string;
  label: string;
  to?: string;
}

/** What each role sees first; every card links to the page that lists those things. */
export const SUMMARY_CARDS: Record<Role, SummaryCard[]> = {
  admin: [
    { count: 'sellers', label: 'Sellers', to: dashboardHref('allSellers') },
    { count: 'buyers', label: 'Buyers', to: dashboardHref('allBuyers') },
    { count: 'products', label: 'Listed products' },
    { count: 'openReports', label: 'Open reports', to: dashboardHref('reportedItems') },
    { count: 'paidPayments', label: 'Paid orders' },
  ],
  seller: [
    { count: 'products', label: 'My products', to: dashboardHref('myProducts') },
    { count: 'available', label: 'Available', to: dashboardHref('myProducts', { status: 'available' }) },
    { count: 'booked', label: 'Booked', to: dashboardHref('myProducts', { status: 'booked' }) },
    { count: 'sold', label: 'Sold', to: dashboardHref('myProducts', { status: 'sold' }) },
    { count: 'advertised', label: 'Advertised', to: dashboardHref('myProducts') },
    { count: 'bookings', label: 'Bookings', to: dashboardHref('myBuyers', { kind: 'booking' }) },
  ],
  buyer: [
    { count: 'bookings', label: 'My bookings', to: dashboardHref('myOrders') },
    { count: 'paidBookings', label: 'Paid bookings', to: dashboardHref('myOrders', { paid: 'true' }) },
    { count: 'payments', label: 'Payments', to: dashboardHref('myOrders') },
  ],
};
