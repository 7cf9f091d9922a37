import { createBrowserRouter } from 'react-router';
import { MainLayout } from '../features/layout/components/MainLayout';
import { NotFoundPage } from '../features/errors/routes/NotFoundPage';
import { FullScreenLoader } from '../shared/components/FullScreenLoader';
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
        { path: 'dashboard/*', ...remoteRoute('dashboard', './DashboardApp') },
        { path: 'payment/success', ...remoteRoute('checkout', './PaymentSuccessPage') },
        { path: 'payment/fail', ...remoteRoute('checkout', './PaymentFailPage') },
        { path: 'cancel', ...remoteRoute('checkout', './PaymentFailPage') },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]);
