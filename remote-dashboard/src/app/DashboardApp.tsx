import '../shared/federation-probe';
import { Route, Routes } from 'react-router';
import { DashboardLayout } from '../features/layout/components/DashboardLayout';

// Mounted by the host at /dashboard/*: the dashboard owns its sub-routes.
export default function DashboardApp() {
  return (
    <Routes>
      <Route element={<DashboardLayout />}>
        <Route index element={null} />
      </Route>
    </Routes>
  );
}
