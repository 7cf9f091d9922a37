import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';
import type { SearchResult } from 'shared-contracts/search';
import { serializeSearchFilters, type SearchFilters } from '../lib/search-filters';
import { queryKeys } from 'web-kit/query-keys';

export const searchListings = (filters: SearchFilters, cursor: string | null) => {
  const params = serializeSearchFilters(filters);
  if (cursor) params.set('cursor', cursor);
  return apiRequest<SearchResult>(`/search?${params}`);
};

export const searchListingsQueryOptions = (filters: SearchFilters) =>
  infiniteQueryOptions({
    // The serialised form is canonical: equal filters share one cache entry (loader and page too).
    queryKey: queryKeys.catalog.search(serializeSearchFilters(filters).toString()),
    queryFn: ({ pageParam }) => searchListings(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });

export const useSearchListings = (filters: SearchFilters) =>
  useInfiniteQuery({
    ...searchListingsQueryOptions(filters),
    // The previous results stay on screen (dimmed) while the next filter's load.
    placeholderData: keepPreviousData,
    // An error the loader already met is shown at once, not fetched again.
    retryOnMount: false,
  });
