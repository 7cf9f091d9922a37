import { Alert, Box, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { SectionHeader } from '@/shared/components/SectionHeader';
import { useRecentProducts } from '../api/get-recent-products';
import { RecentProductCard } from './RecentProductCard';

const GRID_COLS = { base: 1, md: 3, lg: 4 };

export function RecentProducts() {
  const recent = useRecentProducts();
  return (
    <Box component="section" aria-labelledby="recent-heading" data-testid="recent-products">
      <SectionHeader id="recent-heading" eyebrow="Just listed" title="Recent products" />
      {recent.isError && (
        <Alert color="red" role="alert" variant="light">
          {/* docs/product.md#home-page, word for word. */}
          Something went wrong.....
        </Alert>
      )}
      {recent.isSuccess && recent.data.length === 0 && (
        <Text c="dimmed">No laptops have been listed yet. Check back soon.</Text>
      )}
      {(recent.isPending || (recent.isSuccess && recent.data.length > 0)) && (
        <SimpleGrid cols={GRID_COLS} spacing="lg" aria-busy={recent.isPending}>
          {recent.isPending
            ? Array.from({ length: 4 }, (_, i) => <Skeleton key={i} h={420} radius="md" />)
            : recent.data.map((product) => <RecentProductCard key={product._id} product={product} />)}
        </SimpleGrid>
      )}
    </Box>
  );
}
