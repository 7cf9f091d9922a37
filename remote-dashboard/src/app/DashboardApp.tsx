import '../shared/federation-probe';
import { lazy, Suspense, type ReactNode } from 'react';
import { Center, Loader } from '@mantine/core';
import { Route, Routes, type LoaderFunctionArgs } from 'react-router';
import { getQueryClient, RoleGate } from 'shared-auth';
import type { Role } from 'shared-contracts/users';
import { DashboardLayout } from '../features/layout/components/DashboardLayout';
import { DashboardNotFound } from '../features/layout/components/DashboardNotFound';
import { prefetchDashboardPage } from './prefetch';

// One chunk per page, loaded only once the role gate lets the user in: a buyer never downloads
// the admin screens, and the first dashboard paint waits for one page, not seven.
const DashboardHome = lazy(() => import('../features/summary/routes/DashboardHome'));
const AllSellersPage = lazy(() =>
  import('../features/users/routes/UsersPage').then((m) => ({ default: m.AllSellersPage })),
);
const AllBuyersPage = lazy(() =>
  import('../features/users/routes/UsersPage').then((m) => ({ default: m.AllBuyersPage })),
);
const AdminsPage = lazy(() => import('../features/admins/routes/AdminsPage'));
const AuditLogPage = lazy(() => import('../features/audit/routes/AuditLogPage'));
const ReportedItemsPage = lazy(() => import('../features/reports/routes/ReportedItemsPage'));
const AddProductPage = lazy(() => import('../features/products/routes/AddProductPage'));
const MyProductsPage = lazy(() => import('../features/products/routes/MyProductsPage'));
const MyBuyersPage = lazy(() => import('../features/buyers/routes/MyBuyersPage'));
const MyOrdersPage = lazy(() => import('../features/orders/routes/MyOrdersPage'));

const ANY_ROLE: readonly Role[] = ['admin', 'seller', 'buyer'];

function PageLoader() {
  return (
    <Center mih={240}>
      <Loader aria-label="Loading the page" />
    </Center>
  );
}

const only = (roles: readonly Role[], page: ReactNode) => (
  <RoleGate roles={roles}>
    <Suspense fallback={<PageLoader />}>{page}</Suspense>
  </RoleGate>
);

/**
 * The host runs this as the /dashboard/* route loader (on every dashboard URL change): the page's
 * data starts loading beside its chunk. Not awaited, so a slow API never delays the navigation.
 */
export function loader({ request }: LoaderFunctionArgs) {
  void prefetchDashboardPage(new URL(request.url), getQueryClient());
  return null;
}

// Mounted by the host at /dashboard/*: the dashboard owns its sub-routes. The API refuses other
// roles' data; shared-auth's RoleGate makes each page say so (and fetch nothing) instead of failing,
// and sends a signed-out visitor to /login remembering the page.
export default function DashboardApp() {
  return (
    <Routes>
      <Route element={<DashboardLayout />}>
        <Route index element={only(ANY_ROLE, <DashboardHome />)} />
        <Route path="users/all-seller" element={only(['admin'], <AllSellersPage />)} />
        <Route path="users/all-buyer" element={only(['admin'], <AllBuyersPage />)} />
        <Route path="reported-items" element={only(['admin'], <ReportedItemsPage />)} />
        <Route path="users/admins" element={only(['admin'], <AdminsPage />)} />
        <Route path="audit-log" element={only(['admin'], <AuditLogPage />)} />
        <Route path="add-products" element={only(['seller'], <AddProductPage />)} />
        <Route path="my-products" element={only(['seller'], <MyProductsPage />)} />
        <Route path="my-buyers" element={only(['seller'], <MyBuyersPage />)} />
        <Route path="my-orders" element={only(['buyer'], <MyOrdersPage />)} />
        <Route path="*" element={<DashboardNotFound />} />
      </Route>
    </Routes>
  );
}
