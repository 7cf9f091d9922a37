import '@/shared/federation-probe';
import { Box } from '@mantine/core';
import type { LoaderFunctionArgs } from 'react-router';
import { getQueryClient } from 'runtime-kernel';
import { categoriesQueryOptions } from 'web-kit/api/categories';
import { searchListingsQueryOptions } from '../api/search-listings';
import { SaveSearchSlot } from '../components/save-search-slot';
import { SearchResults } from '../components/SearchResults';
import { useUrlFilters } from '../hooks/use-url-filters';
import { parseSearchFilters } from '../lib/search-filters';

/** The first page of results is in the cache before the page renders (on the server too). */
export async function loader({ request }: LoaderFunctionArgs) {
  const filters = parseSearchFilters(new URL(request.url).searchParams);
  const queryClient = getQueryClient();
  // Prefetching never throws: a failure is kept in the cache and shown by the page.
  await Promise.all([
    queryClient.prefetchQuery(categoriesQueryOptions()),
    queryClient.prefetchInfiniteQuery(searchListingsQueryOptions(filters)),
  ]);
  return null;
}

export default function SearchPage() {
  const [filters, change] = useUrlFilters();
  return (
    <Box pt="lg" data-testid="catalog-search">
      <SearchResults
        filters={filters}
        onChange={change}
        testIds={{ list: 'search-results', empty: 'search-empty' }}
        action={<SaveSearchSlot />}
      />
    </Box>
  );
}
