import { createBrowserRouter, Navigate, type RouteObject, type ShouldRevalidateFunction } from 'react-router';
import { MainLayout } from '@/features/layout/components/MainLayout';
import { NotFoundPage } from '@/features/errors/routes/NotFoundPage';
import { FullScreenLoader } from '@/shared/components/FullScreenLoader';
import { RequireAuth } from '@/features/auth/components/RequireAuth';
import { remoteRoute } from '@/lib/federation/remote-route';
import type { RouteHandle } from '@/lib/federation/route-handle';

/**
 * A filter change on a results page (same path, another query string) is followed by the page's own
 * query, which keeps the previous results on screen meanwhile; re-running the loader would hold
 * the navigation, and the changed checkbox, until the new results arrived.
 */
const reloadOnNewPathOnly: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;

// The route table is the host's; each page's code (and loader) belongs to the remote that owns it.
// The server renders from the same table (host/src/server), so route ids match when hydrating.
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <MainLayout />,
    errorElement: <NotFoundPage />,
    hydrateFallbackElement: <FullScreenLoader />,
    children: [
      {
        index: true,
        ...remoteRoute('catalog', './HomePage', { serverRendered: true }),
      },
      // docs/product.md#search: search is open to everyone, signed in or not (the API's /search is
      // public); a result's details page still asks for sign-in.
      {
        path: 'search',
        ...remoteRoute('catalog', './SearchPage', { serverRendered: true }),
        shouldRevalidate: reloadOnNewPathOnly,
      },
      // docs/product.md#reviews-and-seller-pages: a seller's public page, open to everyone like search,
      // and rendered by the server like it: a shared link to a seller shows who they are at once.
      { path: 'sellers/:id', ...remoteRoute('catalog', './SellerPage', { serverRendered: true }) },
      // The host's own pages load as their own chunks: the home page does not pay for the forms.
      {
        path: 'login',
        lazy: () => import('@/features/auth/routes/LoginPage').then((m) => ({ Component: m.LoginPage })),
      },
      {
        path: 'register',
        lazy: () =>
          import('@/features/auth/routes/RegisterPage').then((m) => ({ Component: m.RegisterPage })),
      },
      {
        path: 'forgot',
        lazy: () =>
          import('@/features/auth/routes/ForgotPasswordPage').then((m) => ({
            Component: m.ForgotPasswordPage,
          })),
      },
      {
        path: 'blogs',
        lazy: () =>
          import('@/features/blogs/routes/BlogsPage').then((m) => ({
            Component: m.BlogsPage,
            loader: m.blogsLoader,
          })),
      },
      {
        path: 'contactus',
        lazy: () =>
          import('@/features/contact/routes/ContactPage').then((m) => ({ Component: m.ContactPage })),
      },
      // docs/product.md#sign-in: details and category pages need sign-in; the dashboard too (stricter than the original client,
      // and each dashboard page also checks the role with runtime-kernel's RoleGate).
      {
        element: <RequireAuth />,
        handle: { requiresSignIn: true } satisfies RouteHandle,
        children: [
          { path: 'dashboard/*', ...remoteRoute('dashboard', './DashboardApp') },
          // docs/product.md#sign-in: /category is the parent of the category routes; its default category is 04.
          // (Spelled out rather than imported: shared-contracts would bring zod into the shell.)
          {
            path: 'category',
            element: <Navigate to="/category/products/04" replace />,
          },
          {
            path: 'category/products/:id',
            ...remoteRoute('catalog', './CategoryPage', { serverRendered: true }),
            shouldRevalidate: reloadOnNewPathOnly,
          },
          {
            path: 'details/:id',
            ...remoteRoute('catalog', './DetailsPage', { serverRendered: true }),
          },
        ],
      },
      { path: 'payment/success', ...remoteRoute('checkout', './PaymentSuccessPage') },
      { path: 'payment/fail', ...remoteRoute('checkout', './PaymentFailPage') },
      {
        // An operator's page: split out of the main bundle.
        path: 'about-build',
        lazy: async () => {
          const { AboutBuildPage, loader } = await import('@/features/about-build/routes/AboutBuildPage');
          return { Component: AboutBuildPage, loader };
        },
      },
      { path: 'cancel', ...remoteRoute('checkout', './PaymentFailPage') },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

// Created only after the remotes are registered: a data router starts its first loaders at once.
export const createAppRouter = () => createBrowserRouter(routes);
export type AppRouter = ReturnType<typeof createAppRouter>;
