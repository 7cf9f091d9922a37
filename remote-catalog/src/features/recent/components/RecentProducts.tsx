import { Alert, Box, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { SectionHeader } from '@/shared/components/SectionHeader';
import { useRecentProducts } from '../api/get-recent-products';
import { RecentProductCard } from './RecentProductCard';
import { useT } from '@/shared/i18n';

const GRID_COLS = { base: 1, md: 3, lg: 4 };

export function RecentProducts() {
  const t = useT();
  const recent = useRecentProducts();
  return (
    <Box component="section" aria-labelledby="recent-heading" data-testid="recent-products">
      <SectionHeader id="recent-heading" eyebrow={t('home.justListed')} title={t('home.recentProducts')} />
      {recent.isError && (
        <Alert color="red" role="alert" variant="light">
          {/* docs/product.md#home-page, word for word. */}
          {t('home.recentFailed')}
        </Alert>
      )}
      {recent.isSuccess && recent.data.length === 0 && <Text c="dimmed">{t('home.nothingListed')}</Text>}
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
