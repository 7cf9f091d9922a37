import { renderStandalone } from 'shared-auth/dev-shell';
import DashboardApp from '@/app/DashboardApp';

void renderStandalone('dashboard', [{ path: 'dashboard/*', element: <DashboardApp /> }]);
