import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { configureApp, useAuthStore, type SessionUser } from 'shared-auth';
import type { Product } from 'shared-contracts/products';
import { fakeFirebaseAuth, signInFake } from './fake-firebase';

export const TEST_API = 'http://api.test/api/v1';

configureApp({
  apiUrl: TEST_API,
  firebase: { apiKey: 'test', authDomain: 'test.local', projectId: 'demo-test' },
  emailjs: { publicKey: 'k', serviceId: 's', templateId: 't' },
});

export const buyer: SessionUser = {
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
  useAuthStore.setState({ user, loading, role: user ? 'buyer' : null });
}

export function makeProduct(overrides: Partial<Product> = {}): Product {
  return {
    _id: 'p1',
    productName: 'Dell XPS 13 9310',
    email: 'seller@secondbyte.test',
    sellerName: 'Sam Seller',
    price: 649.99,
    image: 'http://api.test/api/v1/images/p1.webp',
    quality: 'Excellent',
    phone: '+880 1711 000000',
    location: 'Dhaka, Gulshan',
    category: '01',
    categoryName: 'Dell',
    description: 'Intel Core i7, 16 GB RAM, 512 GB SSD.',
    year: 2021,
    resale: 649.99,
    original: 1199,
    useYear: 5,
    rating: 5,
    status: 'available',
    advertised: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
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

/** A fetch stub answering each request by URL pattern; records what was sent. */
export function stubFetch(routes: Array<[RegExp, { status: number; body?: unknown }]>) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fetchStub = async (url: string, init: RequestInit = {}) => {
    calls.push({ url, init });
    const match = routes.find(([pattern]) => pattern.test(url));
    if (!match) throw new Error(`Unexpected request ${url}`);
    const [, reply] = match;
    return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fetchStub, calls };
}
