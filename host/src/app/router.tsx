import { createBrowserRouter, Navigate } from 'react-router';
import { MainLayout } from '../features/layout/components/MainLayout';
import { NotFoundPage } from '../features/errors/routes/NotFoundPage';
import { FullScreenLoader } from '../shared/components/FullScreenLoader';
import { RequireAuth } from '../features/auth/components/RequireAuth';
import { remoteRoute } from './remotes/remote-route';

// The route table is the host's; each page's code (and loader) belongs to the remote that owns it.
// Created only after /remotes.json is registered: a data router starts its first loaders at once.
export const createAppRouter = () =>
  createBrowserRouter([
    {
      path: '/',
      element: <MainLayout />,
      errorElement: <NotFoundPage />,
      hydrateFallbackElement: <FullScreenLoader />,
      children: [
        { index: true, ...remoteRoute('catalog', './HomePage') },
        // The host's own pages load as their own chunks: the home page does not pay for the forms.
        {
          path: 'login',
          lazy: () => import('../features/auth/routes/LoginPage').then((m) => ({ Component: m.LoginPage })),
        },
        {
          path: 'register',
          lazy: () =>
            import('../features/auth/routes/RegisterPage').then((m) => ({ Component: m.RegisterPage })),
        },
        {
          path: 'forgot',
          lazy: () =>
            import('../features/auth/routes/ForgotPasswordPage').then((m) => ({
              Component: m.ForgotPasswordPage,
            })),
        },
        {
          path: 'blogs',
          lazy: () =>
            import('../features/blogs/routes/BlogsPage').then((m) => ({
              Component: m.BlogsPage,
              loader: m.blogsLoader,
            })),
        },
        {
          path: 'contactus',
          lazy: () =>
            import('../features/contact/routes/ContactPage').then((m) => ({ Component: m.ContactPage })),
        },
        // SPEC §2: details and category pages need sign-in; the dashboard too (stricter than the spec,
        // and each dashboard page also checks the role with shared-auth's RoleGate).
        {
          element: <RequireAuth />,
          children: [
            { path: 'dashboard/*', ...remoteRoute('dashboard', './DashboardApp') },
            // SPEC §2: /category is the parent of the category routes; its default category is 04.
            // (Spelled out rather than imported: shared-contracts would bring zod into the shell.)
            {
              path: 'category',
              element: <Navigate to="/category/products/04" replace />,
            },
            { path: 'category/products/:id', ...remoteRoute('catalog', './CategoryPage') },
            { path: 'details/:id', ...remoteRoute('catalog', './DetailsPage') },
          ],
        },
        { path: 'payment/success', ...remoteRoute('checkout', './PaymentSuccessPage') },
        { path: 'payment/fail', ...remoteRoute('checkout', './PaymentFailPage') },
        {
          // An operator's page: split out of the main bundle.
          path: 'about-build',
          lazy: async () => {
            const { AboutBuildPage, loader } = await import('../features/about-build/routes/AboutBuildPage');
            return { Component: AboutBuildPage, loader };
          },
        },
        { path: 'cancel', ...remoteRoute('checkout', './PaymentFailPage') },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]);
