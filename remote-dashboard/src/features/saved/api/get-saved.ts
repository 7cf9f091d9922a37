import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequestPage } from 'runtime-kernel';
import type { SavedListing } from 'shared-contracts/saved';
import { queryKeys } from 'web-kit/query-keys';
import type { ListParams, ListSpec } from '@/shared/lib/list-params';

/** GET /saved: newest save first, pages only (no sort or search: a buyer saves a few dozen at most). */
export const SAVED_LIST: ListSpec = { sorts: { savedAt: 'desc' }, pageSize: 20 };

export const getSaved = (params: ListParams) =>
  apiRequestPage<SavedListing>(`/saved?page=${params.page}&limit=${SAVED_LIST.pageSize}`, { auth: true });

export const savedQueryOptions = (uid: string, params: ListParams) =>
  queryOptions({
    queryKey: queryKeys.saved.list(uid, params.page),
    queryFn: () => getSaved(params),
    placeholderData: keepPreviousData,
  });

export const useSaved = (uid: string, params: ListParams) => useQuery(savedQueryOptions(uid, params));
