import '../../../shared/federation-probe';
import {
  Alert,
  Button,
  Center,
  Container,
  EmptyState,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useParams, type LoaderFunctionArgs } from 'react-router';
import { getQueryClient } from 'shared-auth';
import { DEFAULT_CATEGORY_ID } from 'shared-contracts/category-defaults';
import { HydrationSlice } from '../../../shared/components/HydrationSlice';
import { BrandStrip } from '../../brands/components/BrandStrip';
import { categoriesQueryOptions, useCategories } from '../../brands/api/get-categories';
import { isMissingResource } from '../../../shared/lib/api-errors';
import { useCheckoutActions } from '../../../shared/hooks/use-checkout-actions';
import { categoryProductsQueryOptions, useCategoryProducts } from '../api/get-category-products';
import { CategoryProductCard } from '../components/CategoryProductCard';
import { NotFoundState } from '../../../shared/components/NotFoundState';

/** "Preloaded": the first page of listings is in the cache before the page renders. */
export async function loader({ params }: LoaderFunctionArgs) {
  const id = params.id ?? DEFAULT_CATEGORY_ID;
  const queryClient = getQueryClient();
  // Prefetching never throws: a failure is kept in the cache and shown by the page.
  await Promise.all([
    queryClient.prefetchQuery(categoriesQueryOptions()),
    queryClient.prefetchInfiniteQuery(categoryProductsQueryOptions(id)),
  ]);
  return null;
}

const GRID_COLS = { base: 1, md: 3, lg: 4 };

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
  const categories = useCategories();
  const listing = useCategoryProducts(categoryId);
  const { book, isOwn } = useCheckoutActions();
  const category = categories.data?.find((c) => c.id === categoryId);
  const products = listing.data?.pages.flat() ?? [];
  const heading = category ? `${category.name} laptops` : 'Laptops';

  if (listing.isError && isMissingResource(listing.error)) {
    return (
      <Container size="xl" py="xl">
        <NotFoundState title="We do not have that category" data-testid="category-unknown">
          The brand you followed does not exist (any more). Pick one of the brands above.
        </NotFoundState>
      </Container>
    );
  }

  return (
    <Container size="xl" pb="xl" component="section" aria-labelledby="category-heading">
      <Group justify="space-between" align="baseline" mb="md" gap="xs">
        <Title order={1} id="category-heading" fz={{ base: 26, md: 32 }}>
          {heading}
        </Title>
        {listing.isSuccess && products.length > 0 && (
          <Text c="dimmed" size="sm" aria-live="polite">
            {products.length === 1
              ? '1 listing'
              : `${products.length}${listing.hasNextPage ? '+' : ''} listings`}
          </Text>
        )}
      </Group>

      {listing.isPending && (
        <SimpleGrid cols={GRID_COLS} spacing="lg" aria-busy="true" aria-label="Loading listings">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} h={440} radius="md" />
          ))}
        </SimpleGrid>
      )}

      {listing.isError && (
        <Alert color="red" title="The listings could not be loaded" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">Check your connection and try again.</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void listing.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      )}

      {listing.isSuccess && products.length === 0 && (
        <EmptyState
          title={category ? `No ${category.name} laptops for sale yet` : 'No laptops for sale here yet'}
          description="New listings appear here as soon as a seller adds them. Try another brand meanwhile."
          role="status"
          data-testid="category-empty"
        />
      )}

      {products.length > 0 && (
        <SimpleGrid cols={GRID_COLS} spacing="lg" data-testid="category-products">
          {products.map((product, index) => (
            // One slice per card: the grid hydrates card by card, not in one task.
            <HydrationSlice key={product._id}>
              <CategoryProductCard
                product={product}
                onBook={book}
                own={isOwn(product)}
                eager={index < 4}
                highPriority={index === 0}
              />
            </HydrationSlice>
          ))}
        </SimpleGrid>
      )}

      {listing.hasNextPage && (
        <Center mt="xl">
          <Button
            variant="default"
            onClick={() => void listing.fetchNextPage()}
            loading={listing.isFetchingNextPage}
          >
            Show more laptops
          </Button>
        </Center>
      )}
    </Container>
  );
}
