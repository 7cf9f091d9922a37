import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Report, ReportStatus } from 'shared-contracts/reports';
import { fetchAllPages } from '../../../shared/api/fetch-all-pages';

export type ReportFilter = ReportStatus | 'all';

/** GET /reports (admin only), newest first; `status` narrows to open, dismissed or removed. */
export const getReports = (filter: ReportFilter) =>
  fetchAllPages<Report>('/reports', filter === 'all' ? {} : { status: filter });

export const reportsQueryOptions = (filter: ReportFilter) =>
  queryOptions({ queryKey: ['reports', filter], queryFn: () => getReports(filter) });

export const useReports = (filter: ReportFilter) => useQuery(reportsQueryOptions(filter));
