import {
  Badge,
  Box,
  Button,
  Center,
  Container,
  Drawer,
  EmptyState,
  Group,
  NativeSelect,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { useDisclosure } from '@mantine/hooks';
import { SearchSorts, type SearchSort } from 'shared-contracts/listing-vocabulary';
import type { SearchResult } from 'shared-contracts/search';
import { HydrationSlice } from '@/shared/components/HydrationSlice';
import { useCheckoutActions } from '@/shared/hooks/use-checkout-actions';
import { useCategories } from 'web-kit/api/categories';
import { CategoryProductCard } from '@/shared/components/CategoryProductCard';
import { useSearchListings } from '../api/search-listings';
import {
  countActiveFilters,
  isFilterName,
  withoutFilter,
  type FilterName,
  type SearchFilters,
} from '../lib/search-filters';
import { SearchFiltersPanel, type FiltersChange } from './SearchFiltersPanel';
import { LoadFailedAlert } from '@/shared/components/LoadFailedAlert';
import { useT, type translate } from '@/shared/i18n';

const GRID_COLS = { base: 1, sm: 2, lg: 3 };

type Translate = ReturnType<typeof translate>;

const laptops = (n: number, t: Translate) =>
  n === 1 ? t('search.oneLaptop', { count: n }) : t('search.laptops', { count: n });

/** '24 laptops', or 'about 98,000 laptops' when the API could only estimate. */
export function totalText(result: Pick<SearchResult, 'total' | 'totalIsEstimate'>, t: Translate) {
  const text = laptops(result.total, t);
  return result.totalIsEstimate ? t('search.about', { total: text }) : text;
}

interface SearchResultsProps {
  filters: SearchFilters;
  onChange: FiltersChange;
  /** Filters the page fixes (a category page's brand): not offered, not counted, not relaxed. */
  fixed?: readonly FilterName[];
  /** The page's own heading (a category page's); without one the total is the heading. */
  heading?: string;
  /** What to say when nothing at all is listed (no text, no filter). */
  nothingListed?: string;
  testIds: { list: string; empty: string };
  /** Beside the heading: the search page's "Save this search". */
  action?: ReactNode;
}

/**
 * Search results with their filters: a sidebar on wide screens, a drawer behind a 'Filters' button
 * on phones. The filters live in the URL (the page owns that); this shows and changes them.
 */
export function SearchResults({
  filters,
  onChange,
  fixed = [],
  heading,
  nothingListed,
  testIds,
  action,
}: SearchResultsProps) {
  const t = useT();
  const results = useSearchListings(filters);
  const categories = useCategories();
  const { book, isOwn } = useCheckoutActions();
  const [drawerOpen, drawer] = useDisclosure(false);
  const sortId = useId();
  const first = results.data?.pages[0];
  const products = results.data?.pages.flatMap((p) => p.items) ?? [];
  const activeFilters = countActiveFilters(filters, fixed);
  const searching = results.isPending || (results.isPlaceholderData && results.isFetching);
  const total = first ? totalText(first, t) : null;

  const panel = (inDrawer: boolean) => (
    <SearchFiltersPanel
      filters={filters}
      onChange={onChange}
      facets={first?.facets}
      categories={categories.data}
      fixed={fixed}
      withKeywords={fixed.includes('category')}
      onSubmit={inDrawer ? drawer.close : undefined}
      footer={
        inDrawer && (
          <Box pos="sticky" bottom={0} py="sm" bg="var(--mantine-color-body)">
            {/* Never disabled: a tap while the next results load still closes the drawer onto them. */}
            <Button type="submit" fullWidth>
              {total && !searching ? t('search.show', { total }) : t('search.showResults')}
            </Button>
          </Box>
        )
      }
    />
  );

  // The API never offers to drop "Verified devices only" (the buyer's explicit choice).
  const relax = (first?.relax ?? []).flatMap((r) =>
    isFilterName(r.filter) && r.filter !== 'verified' && !fixed.includes(r.filter)
      ? [{ name: r.filter, total: r.total }]
      : [],
  );

  return (
    <Container size="xl" pb="xl" component="section" aria-labelledby="results-heading">
      <Group justify="space-between" align="center" mb="lg" gap="sm">
        <Group align="baseline" gap="xs">
          <Title order={1} id="results-heading" fz={{ base: 26, md: 32 }}>
            {heading ?? total ?? (results.isError ? t('search.search') : t('search.searching'))}
          </Title>
          {(heading || filters.q) && (
            <Text c="dimmed" aria-live="polite">
              {heading
                ? total
                : first?.correctedQuery
                  ? // The words as typed found nothing; the API searched for the closest words instead.
                    t('search.forCorrected', { corrected: first.correctedQuery, typed: filters.q ?? '' })
                  : t('search.forWords', { words: filters.q ?? '' })}
            </Text>
          )}
          {action}
        </Group>
        <Group gap="sm" wrap="nowrap" justify="space-between" style={{ flexGrow: 1 }}>
          <Button
            variant="default"
            hiddenFrom="md"
            onClick={drawer.open}
            aria-haspopup="dialog"
            rightSection={
              activeFilters > 0 ? (
                <>
                  <Badge size="sm" circle>
                    {activeFilters}
                  </Badge>
                  <VisuallyHidden>{t('search.active')}</VisuallyHidden>
                </>
              ) : undefined
            }
          >
            {t('search.filters')}
          </Button>
          <Group gap="xs" wrap="nowrap" ml="auto">
            <Text component="label" htmlFor={sortId} size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
              {t('search.sortBy')}
            </Text>
            <NativeSelect
              id={sortId}
              w={{ base: 150, sm: 190 }}
              value={first?.sort ?? filters.sort ?? (filters.q ? 'relevance' : 'newest')}
              onChange={(e) => {
                const sort = e.currentTarget.value as SearchSort;
                onChange((f) => ({ ...f, sort }), 'push');
              }}
              // 'Best match' needs words to match: without them the API sorts by newest.
              data={SearchSorts.filter((s) => s !== 'relevance' || filters.q).map((s) => ({
                value: s,
                label: t(`search.sort.${s}`),
              }))}
            />
          </Group>
        </Group>
      </Group>

      <Group align="flex-start" gap="xl" wrap="nowrap">
        <Box
          component="aside"
          aria-label={t('search.filters')}
          visibleFrom="md"
          w={260}
          style={{ flexShrink: 0 }}
        >
          <HydrationSlice>{panel(false)}</HydrationSlice>
        </Box>

        <Box style={{ flex: 1, minWidth: 0 }}>
          {results.isPending && (
            <SimpleGrid cols={GRID_COLS} spacing="lg" aria-busy="true" aria-label={t('search.loading')}>
              {Array.from({ length: 3 }, (_, i) => (
                <Skeleton key={i} h={440} radius="md" />
              ))}
            </SimpleGrid>
          )}

          {results.isError && (
            <LoadFailedAlert title={t('search.failed')} onRetry={() => void results.refetch()} mb="md" />
          )}

          {first && products.length === 0 && (
            <EmptyState
              title={
                activeFilters === 0 && !filters.q
                  ? (nothingListed ?? t('search.nothingForSale'))
                  : t('search.noMatch')
              }
              description={relax.length ? t('search.relaxSome') : t('search.relaxNone')}
              role="status"
              data-testid={testIds.empty}
            >
              {relax.length > 0 && (
                <Stack gap="xs" mt="md" align="center">
                  {relax.map(({ name, total: count }) => (
                    <Button
                      key={name}
                      variant="light"
                      onClick={() => onChange((f) => withoutFilter(f, name), 'push')}
                    >
                      {t('search.relaxCount', {
                        label:
                          name === 'q'
                            ? t('search.relaxWords', { label: t('search.relax.q'), words: filters.q ?? '' })
                            : t(`search.relax.${name}`),
                        laptops: laptops(count, t),
                      })}
                    </Button>
                  ))}
                </Stack>
              )}
            </EmptyState>
          )}

          {products.length > 0 && (
            <SimpleGrid
              cols={GRID_COLS}
              spacing="lg"
              data-testid={testIds.list}
              aria-busy={searching || undefined}
              // The previous results stay, dimmed, until the new ones arrive.
              style={{ opacity: results.isPlaceholderData ? 0.5 : 1, transition: 'opacity 150ms' }}
            >
              {products.map((product, index) => (
                // One slice per card: the grid hydrates card by card, not in one task.
                <HydrationSlice key={product._id}>
                  <CategoryProductCard
                    product={product}
                    onBook={book}
                    own={isOwn(product)}
                    eager={index < 3}
                    highPriority={index === 0}
                  />
                </HydrationSlice>
              ))}
            </SimpleGrid>
          )}

          {results.hasNextPage && !results.isPlaceholderData && (
            <Center mt="xl">
              <Button
                variant="default"
                onClick={() => void results.fetchNextPage()}
                loading={results.isFetchingNextPage}
              >
                {t('search.showMore')}
              </Button>
            </Center>
          )}
        </Box>
      </Group>

      <Drawer
        opened={drawerOpen}
        onClose={drawer.close}
        title={t('search.filters')}
        hiddenFrom="md"
        position="bottom"
        size="92%"
        radius="md"
        closeButtonProps={{ 'aria-label': t('search.closeFilters') }}
      >
        {panel(true)}
      </Drawer>
    </Container>
  );
}
