import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from 'shared-auth';
import type { DashboardSummary } from 'shared-contracts/users';

export const getDashboardSummary = () => apiRequest<DashboardSummary>('/dashboard/summary', { auth: true });

// Keyed by e-mail: another account signing in on this tab must not see these counts.
export const dashboardSummaryQueryOptions = (email: string) =>
  queryOptions({ queryKey: ['dashboard-summary', email], queryFn: getDashboardSummary });

export const useDashboardSummary = (email: string) => useQuery(dashboardSummaryQueryOptions(email));
