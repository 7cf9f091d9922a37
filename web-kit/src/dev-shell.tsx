import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { Center, Loader, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Link, Outlet, RouterProvider, type RouteObject } from 'react-router';
import {
  getQueryClient,
  loadAppConfig,
  startAuthListener,
  ToastViewport,
  useAuthStore,
} from 'runtime-kernel';

// A remote's own dev page: the same providers the host gives, a bare header and the remote's
// pages, so one team can work on a remote with hot reload and no other web package running.
// It is imported only by a remote's standalone entry, never by an exposed module.
export async function renderStandalone(name: string, routes: RouteObject[]): Promise<void> {
  await loadAppConfig();
  startAuthListener();
  const router = createBrowserRouter([
    {
      path: '/',
      // A pattern with a parameter (`details/:id`) is no address to visit: its pages are reached
      // from the others' links.
      element: (
        <StandaloneFrame
          name={name}
          links={routes
            .map((r) => `/${(r.path ?? '').replace(/^\//, '').replace(/\/?\*$/, '')}`)
            .filter((to) => !to.includes(':'))}
        />
      ),
      // Shown while the first page's loader runs (the host's server renders that page instead).
      HydrateFallback: StandaloneLoading,
      children: routes,
    },
  ]);
  createRoot(document.getElementById('root')!).render(<StandaloneApp router={router} />);
}

function StandaloneApp({ router }: { router: ReturnType<typeof createBrowserRouter> }) {
  const theme = useAuthStore((s) => s.theme);
  return (
    <MantineProvider forceColorScheme={theme}>
      <ToastViewport />
      <QueryClientProvider client={getQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}

function StandaloneLoading() {
  return (
    <Center h="50vh">
      <Loader aria-label="Loading" />
    </Center>
  );
}

function StandaloneFrame({ name, links }: { name: string; links: string[] }) {
  const user = useAuthStore((s) => s.user);
  return (
    <>
      <header style={{ padding: 12, borderBottom: '1px solid #ddd', display: 'flex', gap: 16 }}>
        <strong>{name} (standalone)</strong>
        {links.map((to) => (
          <Link key={to} to={to}>
            {to}
          </Link>
        ))}
        <span style={{ marginLeft: 'auto' }}>{user ? user.email : 'signed out'}</span>
      </header>
      <Outlet />
    </>
  );
}
