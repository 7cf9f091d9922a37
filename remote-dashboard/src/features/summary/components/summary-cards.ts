import type { Role } from 'shared-contracts/users';

export interface SummaryCard {
  /** Key in the API's `counts`. */
  count: string;
  label: string;
  to?: string;
}

/** What each role sees first; every card links to the page that lists those things. */
export const SUMMARY_CARDS: Record<Role, SummaryCard[]> = {
  admin: [
    { count: 'sellers', label: 'Sellers', to: '/dashboard/users/all-seller' },
    { count: 'buyers', label: 'Buyers', to: '/dashboard/users/all-buyer' },
    { count: 'products', label: 'Listed products' },
    { count: 'openReports', label: 'Open reports', to: '/dashboard/reported-items' },
    { count: 'paidPayments', label: 'Paid orders' },
  ],
  seller: [
    { count: 'products', label: 'My products', to: '/dashboard/my-products' },
    { count: 'available', label: 'Available', to: '/dashboard/my-products' },
    { count: 'booked', label: 'Booked', to: '/dashboard/my-products' },
    { count: 'sold', label: 'Sold', to: '/dashboard/my-products' },
    { count: 'advertised', label: 'Advertised', to: '/dashboard/my-products' },
    { count: 'bookings', label: 'Bookings', to: '/dashboard/my-buyers' },
  ],
  buyer: [
    { count: 'bookings', label: 'My bookings', to: '/dashboard/my-orders' },
    { count: 'paidBookings', label: 'Paid bookings', to: '/dashboard/my-orders' },
    { count: 'payments', label: 'Payments', to: '/dashboard/my-orders' },
  ],
};
