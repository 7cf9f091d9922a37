import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequestPage } from 'runtime-kernel';
import type { Block } from 'shared-contracts/blocks';
import { apiListQuery, type ListParams, type ListSpec } from '@/shared/lib/list-params';

/** The list contract of GET /blocks: newest first; `q` matches the person's name or e-mail. */
export const BLOCKS_LIST: ListSpec = { sorts: { date: 'desc', name: 'asc' }, pageSize: 10 };

export const getBlocks = (params: ListParams) =>
  apiRequestPage<Block>(`/blocks?${apiListQuery(BLOCKS_LIST, params)}`, { auth: true });

// Keyed here, not in web-kit's query keys: only this lazily loaded page reads it, and the shared
// keys are in every first load (docs/decisions/0044-byte-budget-in-the-tests.md).
export const blocksQueryOptions = (uid: string, params: ListParams) =>
  queryOptions({
    queryKey: ['blocks', uid, JSON.stringify(params)] as const,
    queryFn: () => getBlocks(params),
    placeholderData: keepPreviousData,
  });

export const useBlocks = (uid: string, params: ListParams) => useQuery(blocksQueryOptions(uid, params));
