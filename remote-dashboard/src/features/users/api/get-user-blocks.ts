import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';
import type { UserBlocks } from 'shared-contracts/blocks';

/** GET /admin/users/:userId/blocks: an operator's view of a user's blocks, given and received. */
export const getUserBlocks = (userId: string) =>
  apiRequest<UserBlocks>(`/admin/users/${encodeURIComponent(userId)}/blocks`, { auth: true });

export const userBlocksQueryOptions = (userId: string) =>
  queryOptions({ queryKey: ['admin', 'user-blocks', userId] as const, queryFn: () => getUserBlocks(userId) });

/** Read only while the operator has the user's blocks open. */
export const useUserBlocks = (userId: string, enabled: boolean) =>
  useQuery({ ...userBlocksQueryOptions(userId), enabled });
