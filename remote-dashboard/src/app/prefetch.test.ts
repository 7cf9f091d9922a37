import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { useAuthStore } from 'runtime-kernel';
import { balance } from '@/test/money-fixtures';
import { signIn, signOut } from '@/test/render';
import { answer } from 'web-testing/fake-api';
import { MY_ORDERS_LIST, myOrdersQueryOptions } from '@/features/orders/api/get-my-orders';
import { REPORTS_LIST, reportsQueryOptions } from '@/features/reports/api/get-reports';
import { parseListParams } from '@/shared/lib/list-params';
import { prefetchDashboardPage, whenRoleKnown } from './prefetch';

describe('dashboard prefetch', () => {
  it("loads the page's data for a role the page admits", async () => {
    signIn('buyer', 'buyer@example.test');
    const api = answer({ 'GET /bookings': [] });
    const queryClient = new QueryClient();
    await prefetchDashboardPage(new URL('http://site.test/dashboard/my-orders'), queryClient);
    expect(api.count('GET', '/bookings')).toBe(1);
    expect(api.calls[0]?.query.toString()).toBe('page=1&limit=10&sort=date&order=desc');
    // Under the key the page reads: the signed-in user's uid and the list's default view.
    const uid = useAuthStore.getState().user!.uid;
    expect(
      queryClient.getQueryData(
        myOrdersQueryOptions(uid, parseListParams(MY_ORDERS_LIST, new URLSearchParams())).queryKey,
      ),
    ).toEqual({ rows: [], total: 0 });
  });

  it('loads the page, sort, search and filter the URL names, under the key the page reads', async () => {
    signIn('admin');
    const api = answer({ 'GET /reports': [] });
    const queryClient = new QueryClient();
    const url = new URL(
      'http://site.test/dashboard/reported-items?page=3&sort=productName&order=asc&q=dell&status=all',
    );
    await prefetchDashboardPage(url, queryClient);
    expect(api.calls.map((c) => c.query.toString())).toEqual([
      'page=3&limit=10&sort=productName&order=asc&q=dell',
    ]);
    expect(
      queryClient.getQueryData(reportsQueryOptions(parseListParams(REPORTS_LIST, url.searchParams)).queryKey),
    ).toEqual({ rows: [], total: 0 });
  });

  it("never asks for another role's data", async () => {
    signIn('buyer');
    const api = answer({});
    await prefetchDashboardPage(new URL('http://site.test/dashboard/users/all-seller'), new QueryClient());
    await prefetchDashboardPage(new URL('http://site.test/dashboard/my-products'), new QueryClient());
    expect(api.calls).toEqual([]);
  });

  it('waits for the role, and gives up for a signed-out visitor', async () => {
    // Signed in from the session hint: the uid is known, the e-mail not yet (Firebase has not loaded).
    useAuthStore.setState({
      loading: false,
      user: { uid: 'u', email: null, displayName: null, photoURL: null, emailVerified: false },
      role: null,
      roleStatus: 'loading',
    });
    const pending = whenRoleKnown();
    useAuthStore.setState({ role: 'seller', roleStatus: 'ready' });
    await expect(pending).resolves.toEqual({ uid: 'u', role: 'seller' });
    signOut();
    await expect(whenRoleKnown()).resolves.toBeNull();
  });

  it("loads the money queue's tab the URL names, and a seller's balance", async () => {
    signIn('admin');
    const api = answer({ 'GET /disputes': [], 'GET /admin/payouts': [] });
    await prefetchDashboardPage(
      new URL('http://site.test/dashboard/disputes?state=resolved'),
      new QueryClient(),
    );
    await prefetchDashboardPage(new URL('http://site.test/dashboard/payout-requests'), new QueryClient());
    expect(api.calls.map((c) => `${c.path}?${c.query}`)).toEqual([
      '/disputes?state=resolved',
      '/admin/payouts?state=requested&page=1&limit=20',
    ]);
    signIn('seller');
    const seller = answer({ 'GET /balance': balance() });
    await prefetchDashboardPage(new URL('http://site.test/dashboard/payouts'), new QueryClient());
    expect(seller.count('GET', '/balance')).toBe(1);
  });
});
