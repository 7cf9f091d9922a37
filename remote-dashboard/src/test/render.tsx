import type { ReactElement } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { configureApp, useAuthStore } from 'shared-auth';
import type { Role } from 'shared-contracts/users';
import { vi } from 'vitest';

export const API = 'http://api.test/api/v1';

configureApp({
  apiUrl: API,
  firebase: { apiKey: 'test-key', authDomain: 'test.firebaseapp.com', projectId: 'demo-test' },
  emailjs: { publicKey: 'k', serviceId: 's', templateId: 't' },
});

type Handler = (request: { method: string; url: URL; body: unknown }) => unknown;
export interface ApiCall {
  method: string;
  path: string;
  /** The query string, e.g. `page=2&limit=10&sort=name&order=asc`. */
  query: URLSearchParams;
  body: unknown;
}

/**
 * Stands in for the network (not for our modules): `routes` maps "METHOD /path" (no query) to a
 * JSON answer, a handler (which may return a promise), `{ status, body }` via `reply()`, or a
 * list page via `page()`. A plain array answer carries its length as X-Total-Count, as the API's
 * lists do. Every call is recorded.
 */
export function mockApi(routes: Record<string, Handler | object | string | number | boolean | null>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const path = url.pathname.replace('/api/v1', '');
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    calls.push({ method, path, query: url.searchParams, body });
    const route = routes[`${method} ${path}`];
    if (route === undefined)
      return json({ error: 'not_found', message: `No mock for ${method} ${path}` }, 404);
    const answer = await (typeof route === 'function' ? (route as Handler)({ method, url, body }) : route);
    if (answer instanceof Reply) return json(answer.body, answer.status, answer.headers);
    return json(answer, 200, Array.isArray(answer) ? { 'X-Total-Count': String(answer.length) } : {});
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    count: (method: string, path: string) =>
      calls.filter((c) => c.method === method && c.path === path).length,
  };
}

class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}
export const reply = (status: number, body: unknown) => new Reply(status, body);

/** One page of a list endpoint: the rows as the body, the total in X-Total-Count (the list contract). */
export const page = (rows: unknown[], total: number) =>
  new Reply(200, rows, { 'X-Total-Count': String(total) });

const json = (body: unknown, status: number, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

export function signIn(role: Role | null, email = `${role ?? 'nobody'}@example.test`) {
  useAuthStore.setState({
    loading: false,
    user: { uid: `uid-${email}`, email, displayName: 'Test Person', photoURL: null, emailVerified: true },
    role,
    roleStatus: role ? 'ready' : 'idle',
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
      <Notifications />
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
