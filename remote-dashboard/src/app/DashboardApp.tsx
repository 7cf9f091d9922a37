import '../shared/federation-probe';
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { RoleGate } from 'shared-auth';
import type { Role } from 'shared-contracts/users';
import MyBuyersPage from '../features/buyers/routes/MyBuyersPage';
import { DashboardLayout } from '../features/layout/components/DashboardLayout';
import MyOrdersPage from '../features/orders/routes/MyOrdersPage';
import AddProductPage from '../features/products/routes/AddProductPage';
import MyProductsPage from '../features/products/routes/MyProductsPage';
import ReportedItemsPage from '../features/reports/routes/ReportedItemsPage';
import DashboardHome from '../features/summary/routes/DashboardHome';
import { AllBuyersPage, AllSellersPage } from '../features/users/routes/UsersPage';
import { DashboardNotFound } from '../features/layout/components/DashboardNotFound';

const only = (roles: readonly Role[], page: ReactNode) => <RoleGate roles={roles}>{page}</RoleGate>;
const ANY_ROLE: readonly Role[] = ['admin', 'seller', 'buyer'];

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
        <Route path="add-products" element={only(['seller'], <AddProductPage />)} />
        <Route path="my-products" element={only(['seller'], <MyProductsPage />)} />
        <Route path="my-buyers" element={only(['seller'], <MyBuyersPage />)} />
        <Route path="my-orders" element={only(['buyer'], <MyOrdersPage />)} />
        <Route path="*" element={<DashboardNotFound />} />
      </Route>
    </Routes>
  );
}
