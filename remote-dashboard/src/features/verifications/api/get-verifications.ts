import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequestPage } from 'runtime-kernel';
import type { AdminVerification } from 'shared-contracts/verifications';
import { apiListQuery, type ListParams, type ListSpec } from '@/shared/lib/list-params';

/**
 * The list contract of GET /admin/verifications: newest first; `q` matches the serial, the
 * listing's name and the seller's e-mail; `state` starts at pending (the photos to check).
 */
export const VERIFICATIONS_LIST: ListSpec = {
  sorts: { createdAt: 'desc', state: 'asc' },
  filters: {
    state: { values: ['pending', 'conflict', 'approved', 'refused', 'awaiting-photo'], initial: 'pending' },
  },
  pageSize: 10,
};

/** GET /admin/verifications (admin only): one page and the total. */
export const getVerifications = (params: ListParams) =>
  apiRequestPage<AdminVerification>(`/admin/verifications?${apiListQuery(VERIFICATIONS_LIST, params)}`, {
    auth: true,
  });

export const verificationsQueryOptions = (params: ListParams) =>
  queryOptions({
    queryKey: ['admin-verifications', params],
    queryFn: () => getVerifications(params),
    placeholderData: keepPreviousData,
  });

export const useVerifications = (params: ListParams) => useQuery(verificationsQueryOptions(params));
