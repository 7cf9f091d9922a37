import '@/shared/federation-probe';
import { Container } from '@mantine/core';
import { useParams, type LoaderFunctionArgs } from 'react-router';
import { getQueryClient } from 'runtime-kernel';
import { DEFAULT_CATEGORY_ID } from 'shared-contracts/category-defaults';
import { HydrationSlice } from '@/shared/components/HydrationSlice';
import { BrandStrip } from '@/features/brands/components/BrandStrip';
import { categoriesQueryOptions, useCategories } from 'web-kit/api/categories';
import { NotFoundState } from '@/shared/components/NotFoundState';
import { searchListingsQueryOptions } from '@/features/search/api/search-listings';
import { SearchResults } from '@/features/search/components/SearchResults';
import { useUrlFilters } from '@/features/search/hooks/use-url-filters';
import { parseSearchFilters } from '@/features/search/lib/search-filters';
import { useT } from '@/shared/i18n';

const CATEGORY_ID = /^\d{2,4}$/;

/**
 * "Preloaded": the brand list and the first page of the brand's listings are in the cache before
 * the page renders. The listings come from /search with the brand fixed by the path, so the page
 * has the search page's filters, keyset 'Show more' and URL state (docs/product.md#search).
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const id = params.id ?? DEFAULT_CATEGORY_ID;
  const queryClient = getQueryClient();
  const filters = { ...parseSearchFilters(new URL(request.url).searchParams), category: id };
  // Prefetching never throws: a failure is kept in the cache and shown by the page.
  await Promise.all([
    queryClient.prefetchQuery(categoriesQueryOptions()),
    CATEGORY_ID.test(id) ? queryClient.prefetchInfiniteQuery(searchListingsQueryOptions(filters)) : null,
  ]);
  return null;
}

export default function CategoryPage() {
  const id = useParams().id ?? DEFAULT_CATEGORY_ID;
  return (
    <div data-testid="catalog-category">
      <HydrationSlice>
        <BrandStrip />
      </HydrationSlice>
      {/* Keyed by id: a new brand starts at its own first page and scroll state. */}
      <CategoryListing key={id} categoryId={id} />
    </div>
  );
}

function CategoryListing({ categoryId }: { categoryId: string }) {
  const t = useT();
  const categories = useCategories();
  const [filters, change] = useUrlFilters({ category: categoryId });
  const category = categories.data?.find((c) => c.id === categoryId);
  const unknown = !CATEGORY_ID.test(categoryId) || (categories.isSuccess && !category);

  if (unknown) {
    return (
      <Container size="xl" py="xl">
        <NotFoundState title={t('category.unknownTitle')} data-testid="category-unknown">
          {t('category.unknownText')}
        </NotFoundState>
      </Container>
    );
  }

  return (
    <SearchResults
      filters={filters}
      onChange={change}
      fixed={['category']}
      heading={category ? t('category.heading', { brand: category.name }) : t('category.headingAny')}
      nothingListed={
        category ? t('category.nothingListed', { brand: category.name }) : t('category.nothingListedAny')
      }
      testIds={{ list: 'category-products', empty: 'category-empty' }}
    />
  );
}
