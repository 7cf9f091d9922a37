import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';
import type { DashboardSummary } from 'shared-contracts/users';

export const getDashboardSummary = () => apiRequest<DashboardSummary>('/dashboard/summary', { auth: true });

// Keyed by the user's uid: another account signing in on this tab must not see these counts.
export const dashboardSummaryQueryOptions = (uid: string) =>
  queryOptions({ queryKey: ['dashboard-summary', uid], queryFn: getDashboardSummary });

export const useDashboardSummary = (uid: string) => useQuery(dashboardSummaryQueryOptions(uid));
