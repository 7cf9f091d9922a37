import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';
import type { User } from 'shared-contracts/users';

export const getProfile = (email: string) =>
  apiRequest<User>(`/users/${encodeURIComponent(email)}`, { auth: true });

// docs/product.md#cache-keys: cache key 'users' plus the e-mail.
export const profileQueryOptions = (email: string) =>
  queryOptions({ queryKey: ['users', email], queryFn: () => getProfile(email) });

/** Our profile of the user, read only when Firebase has no display name (accounts made outside the form). */
export const useProfileWhen = (email: string | null | undefined, needed: boolean) =>
  useQuery({ ...profileQueryOptions(email ?? ''), enabled: needed && !!email });
