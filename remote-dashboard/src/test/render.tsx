import type { ReactElement } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { configureApp, ToastViewport, useAuthStore } from 'runtime-kernel';
import type { Role } from 'shared-contracts/users';
import { TEST_API } from 'web-testing/fake-api';

// The fake API (web-testing) answers at this address; tests set its routes with `answer()`.
configureApp({
  apiUrl: TEST_API,
  firebase: { apiKey: 'test-key', authDomain: 'test.firebaseapp.com', projectId: 'demo-test' },
  emailjs: { publicKey: 'k', serviceId: 's', templateId: 't' },
});

export function signIn(role: Role | null, email = `${role ?? 'nobody'}@example.test`) {
  useAuthStore.setState({
    loading: false,
    user: { uid: `uid-${email}`, email, displayName: 'Test Person', photoURL: null, emailVerified: true },
    role,
    roleStatus: role ? 'ready' : 'idle',
    sessionConfirmed: true,
  });
}

export function signOut() {
  useAuthStore.setState({ loading: false, user: null, role: null, roleStatus: 'idle' });
}

function LocationProbe() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="location">{location.pathname}</output>
      <output data-testid="location-search">{location.search}</output>
      {/* The browser's Back button, for tests of the history a page writes. */}
      <button type="button" hidden onClick={() => void navigate(-1)}>
        Browser back
      </button>
    </>
  );
}

/** Renders with the providers the host gives a remote, at `route` under a `/dashboard/*` parent route. */
export function renderPage(ui: ReactElement, { route = '/dashboard' }: { route?: string } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  const utils = render(
    <MantineProvider>
      <ToastViewport />
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path="/dashboard/*" element={ui} />
            <Route path="*" element={<p>Outside the dashboard</p>} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...utils, queryClient };
}
