// Test-only entry: the providers the host gives a remote's page, around a memory router.
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { configureApp, useAuthStore, type SessionUser } from 'runtime-kernel';
import { fakeFirebaseAuth, signInFake } from 'web-testing/fake-firebase';
import { TEST_API } from 'web-testing/fake-api';

// The fake API (web-testing) answers at this address in every web package's tests.
export { TEST_API };

configureApp({
  apiUrl: TEST_API,
  firebase: { apiKey: 'test', authDomain: 'test.local', projectId: 'demo-test' },
  emailjs: { publicKey: 'k', serviceId: 's', templateId: 't' },
});

export const testBuyer: SessionUser = {
  uid: 'u1',
  email: 'buyer@secondbyte.test',
  displayName: 'Bea Buyer',
  photoURL: null,
  emailVerified: true,
};

/** Puts the auth store (and the fake Firebase session behind the API client) in a known state. */
export function setSession(user: SessionUser | null, loading = false) {
  if (user) signInFake();
  else fakeFirebaseAuth.currentUser = null;
  useAuthStore.setState({ user, loading, role: user ? 'buyer' : null, sessionConfirmed: true });
}

/** Shows where the router is, so a test can assert a redirect (e.g. to /login). */
function LocationProbe() {
  const location = useLocation();
  const from = (location.state as { from?: { pathname: string } } | null)?.from?.pathname ?? '';
  return (
    <output data-testid="location" data-from={from}>
      {location.pathname + location.search}
    </output>
  );
}

export function renderWithProviders(ui: ReactNode, { path = '/', url = '/' } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path,
        element: (
          <>
            {ui}
            <LocationProbe />
          </>
        ),
      },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [url] },
  );
  const result = render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, queryClient, router };
}
