import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { useAuthStore } from 'shared-auth';
import { mockApi, signIn, signOut } from '../test/render';
import { prefetchDashboardPage, whenRoleKnown } from './prefetch';

describe('dashboard prefetch', () => {
  it("loads the page's data for a role the page admits", async () => {
    signIn('buyer', 'buyer@example.test');
    const api = mockApi({ 'GET /bookings': [] });
    const queryClient = new QueryClient();
    await prefetchDashboardPage('/dashboard/my-orders', queryClient);
    expect(api.count('GET', '/bookings')).toBe(1);
    expect(queryClient.getQueryData(['bookings', 'buyer@example.test'])).toEqual([]);
  });

  it("never asks for another role's data", async () => {
    signIn('buyer');
    const api = mockApi({});
    await prefetchDashboardPage('/dashboard/users/all-seller', new QueryClient());
    await prefetchDashboardPage('/dashboard/my-products', new QueryClient());
    expect(api.calls).toEqual([]);
  });

  it('waits for the role, and gives up for a signed-out visitor', async () => {
    useAuthStore.setState({
      loading: false,
      user: { uid: 'u', email: 'a@b.test', displayName: null, photoURL: null, emailVerified: true },
      role: null,
      roleStatus: 'loading',
    });
    const pending = whenRoleKnown();
    useAuthStore.setState({ role: 'seller', roleStatus: 'ready' });
    await expect(pending).resolves.toEqual({ email: 'a@b.test', role: 'seller' });
    signOut();
    await expect(whenRoleKnown()).resolves.toBeNull();
  });
});
