import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from 'shared-contracts/users';
import { fetchAllPages } from '../../../shared/api/fetch-all-pages';

export type ListedRole = 'seller' | 'buyer';

/** GET /seller and GET /buyer (admin only). */
export const getUsers = (role: ListedRole) => fetchAllPages<User>(`/${role}`);

export const usersQueryOptions = (role: ListedRole) =>
  queryOptions({ queryKey: [role], queryFn: () => getUsers(role) });

export const useUsers = (role: ListedRole) => useQuery(usersQueryOptions(role));
