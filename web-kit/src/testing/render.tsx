// Test-only entry: the providers the host gives a remote's page, around a memory router.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { ToastViewport } from 'runtime-kernel';
import { setSession, testBuyer, testBuyerProfile, TEST_API } from 'runtime-kernel/testing/session';

// The session helpers and the fake API's address are the kernel's (runtime-kernel/testing/session).
export { setSession, testBuyer, testBuyerProfile, TEST_API };

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
      <ToastViewport />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, queryClient, router };
}
