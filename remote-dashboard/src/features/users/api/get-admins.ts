import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequestPage } from 'runtime-kernel';
import type { Admin } from 'shared-contracts/users';
import { apiListQuery, type ListParams, type ListSpec } from '@/shared/lib/list-params';

/** The list contract of GET /admin: newest first; `q` matches name and e-mail. */
export const ADMINS_LIST: ListSpec = {
  sorts: { createdAt: 'desc', name: 'asc', email: 'asc' },
  pageSize: 10,
};

/** GET /admin (admin only): the admins, with the role revoking gives back; one page and the total. */
export const getAdmins = (params: ListParams) =>
  apiRequestPage<Admin>(`/admin?${apiListQuery(ADMINS_LIST, params)}`, { auth: true });

export const adminsQueryOptions = (params: ListParams) =>
  queryOptions({
    queryKey: ['admin', params],
    queryFn: () => getAdmins(params),
    placeholderData: keepPreviousData,
  });

export const useAdmins = (params: ListParams) => useQuery(adminsQueryOptions(params));
