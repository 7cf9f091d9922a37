import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequestPage } from 'runtime-kernel';
import type { Report } from 'shared-contracts/reports';
import { apiListQuery, type ListParams, type ListSpec } from '@/shared/lib/list-params';

/**
 * The list contract of GET /reports: newest first; `q` matches the product name and the
 * reporter's and seller's e-mail; `status` starts at open (the reports waiting for an admin).
 */
export const REPORTS_LIST: ListSpec = {
  sorts: { createdAt: 'desc', productName: 'asc', status: 'asc' },
  filters: { status: { values: ['open', 'dismissed', 'removed'], initial: 'open' } },
  pageSize: 10,
};

/** GET /reports (admin only): one page and the total. */
export const getReports = (params: ListParams) =>
  apiRequestPage<Report>(`/reports?${apiListQuery(REPORTS_LIST, params)}`, { auth: true });

export const reportsQueryOptions = (params: ListParams) =>
  queryOptions({
    queryKey: ['reports', params],
    queryFn: () => getReports(params),
    placeholderData: keepPreviousData,
  });

export const useReports = (params: ListParams) => useQuery(reportsQueryOptions(params));
