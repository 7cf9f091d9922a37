import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequestPage } from 'runtime-kernel';
import type { SavedSearch } from 'shared-contracts/saved-searches';
import { apiListQuery, type ListParams, type ListSpec } from '@/shared/lib/list-params';

/** The list contract of GET /saved-searches: newest first; `q` matches the saved query string. */
export const SAVED_SEARCHES_LIST: ListSpec = { sorts: { createdAt: 'desc' }, pageSize: 20 };

/** GET /saved-searches: one page of the user's own saved searches and the total. */
export const getSavedSearches = (params: ListParams) =>
  apiRequestPage<SavedSearch>(`/saved-searches?${apiListQuery(SAVED_SEARCHES_LIST, params)}`, { auth: true });

// Keyed here, not in web-kit's query keys: only this lazily loaded page reads it, and the shared
// keys are in every first load (docs/decisions/0044-byte-budget-in-the-tests.md). Keyed by the
// user's uid: the answer depends on who asks although the URL does not.
export const savedSearchesQueryOptions = (uid: string, params: ListParams) =>
  queryOptions({
    queryKey: ['saved-searches', uid, params],
    queryFn: () => getSavedSearches(params),
    placeholderData: keepPreviousData,
  });

export const useSavedSearches = (uid: string, params: ListParams) =>
  useQuery(savedSearchesQueryOptions(uid, params));
