import { describe, expect, it } from 'vitest';
import { dashboardHref, dashboardPageAt, menuLinks } from './dashboard-pages';

describe('the dashboard page table', () => {
  it('gives each role its drawer links in order', () => {
    expect(menuLinks('admin').map((l) => l.label)).toEqual([
      'All Sellers',
      'All Buyers',
      'Reported Items',
      'Device verifications',
      'Listings to review',
      'Admins',
      'Audit log',
      'Disputes',
      'Payouts',
      'Money',
      'Messages',
    ]);
    expect(menuLinks('seller')).toEqual([
      { name: 'addProducts', label: 'Add a Products', to: '/dashboard/add-products' },
      { name: 'myProducts', label: 'My Products', to: '/dashboard/my-products' },
      { name: 'myBuyers', label: 'My Buyers', to: '/dashboard/my-buyers' },
      { name: 'offersReceived', label: 'Offers on my listings', to: '/dashboard/offers-received' },
      { name: 'payouts', label: 'Earnings & payouts', to: '/dashboard/payouts' },
      { name: 'messages', label: 'Messages', to: '/dashboard/messages' },
      { name: 'reviews', label: 'Reviews', to: '/dashboard/reviews' },
    ]);
    expect(menuLinks('buyer')).toEqual([
      { name: 'myOrders', label: 'My Orders', to: '/dashboard/my-orders' },
      { name: 'myOffers', label: 'My offers', to: '/dashboard/my-offers' },
      { name: 'messages', label: 'Messages', to: '/dashboard/messages' },
      { name: 'reviews', label: 'Reviews', to: '/dashboard/reviews' },
      { name: 'saved', label: 'Saved', to: '/dashboard/saved' },
      { name: 'savedSearches', label: 'Saved searches', to: '/dashboard/saved-searches' },
    ]);
  });

  it('finds the page at a path and writes a page address with a list view', () => {
    expect(dashboardPageAt('/dashboard')).toBe('home');
    expect(dashboardPageAt('/dashboard/users/all-buyer/')).toBe('allBuyers');
    expect(dashboardPageAt('/dashboard/nothing-here')).toBeUndefined();
    expect(dashboardHref('home')).toBe('/dashboard');
    expect(dashboardHref('myProducts', { status: 'sold' })).toBe('/dashboard/my-products?status=sold');
  });
});
