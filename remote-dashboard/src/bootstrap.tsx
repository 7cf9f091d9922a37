import { renderStandalone } from 'web-kit/dev-shell';
import DashboardApp from '@/app/DashboardApp';

void renderStandalone('dashboard', [{ path: 'dashboard/*', element: <DashboardApp /> }]);
