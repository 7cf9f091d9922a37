import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequestPage } from 'runtime-kernel';
import type { User } from 'shared-contracts/users';
import { apiListQuery, type ListParams, type ListSpec } from '@/shared/lib/list-params';

export type ListedRole = 'seller' | 'buyer';

/** The list contract of GET /seller and GET /buyer: newest first; `q` matches name and e-mail. */
export const USERS_LIST: ListSpec = { sorts: { createdAt: 'desc', name: 'asc', email: 'asc' }, pageSize: 10 };

/** GET /seller or GET /buyer (admin only): one page and the total. */
export const getUsers = (role: ListedRole, params: ListParams) =>
  apiRequestPage<User>(`/${role}?${apiListQuery(USERS_LIST, params)}`, { auth: true });

export const usersQueryOptions = (role: ListedRole, params: ListParams) =>
  queryOptions({
    queryKey: [role, params],
    queryFn: () => getUsers(role, params),
    placeholderData: keepPreviousData,
  });

export const useUsers = (role: ListedRole, params: ListParams) => useQuery(usersQueryOptions(role, params));
