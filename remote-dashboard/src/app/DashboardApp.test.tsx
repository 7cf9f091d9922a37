import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, signIn, signOut } from '@/test/render';
import { answer } from 'web-testing/fake-api';
import DashboardApp from './DashboardApp';

describe('DashboardApp access', () => {
  it('shows a buyer who types an admin URL the not-allowed screen and fetches no admin data', async () => {
    signIn('buyer');
    const api = answer({ 'GET /seller': [] });
    renderPage(<DashboardApp />, { route: '/dashboard/users/all-seller' });
    expect(await screen.findByText('You are not allowed to see this page')).toBeInTheDocument();
    expect(api.count('GET', '/seller')).toBe(0);
    // The drawer offers the buyer's own page only.
    expect(screen.getAllByRole('link', { name: 'My Orders' }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: 'All Sellers' })).not.toBeInTheDocument();
  });

  it('sends a signed-out visitor to /login', async () => {
    signOut();
    answer({});
    renderPage(<DashboardApp />, { route: '/dashboard/my-orders' });
    expect(await screen.findByText('Outside the dashboard')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it("shows the role's summary on the index", async () => {
    signIn('seller');
    answer({
      'GET /dashboard/summary': {
        role: 'seller',
        counts: { products: 7, available: 5, booked: 1, sold: 1, advertised: 2, bookings: 3 },
      },
    });
    renderPage(<DashboardApp />, { route: '/dashboard' });
    expect(await screen.findByRole('link', { name: /My products\s*7/ })).toHaveAttribute(
      'href',
      '/dashboard/my-products',
    );
    expect(screen.getByRole('link', { name: /Bookings\s*3/ })).toBeInTheDocument();
  });
});
