import { Box, SimpleGrid, Skeleton } from '@mantine/core';
import { SectionHeader } from '@/shared/components/SectionHeader';
import { useCheckoutActions } from '@/shared/hooks/use-checkout-actions';
import { useAdvertisedProducts } from '../api/get-advertised-products';
import { AdvertCard } from './AdvertCard';
import { useT } from '@/shared/i18n';

const GRID_COLS = { base: 1, md: 3, lg: 4 };

/** Sellers' advertised items. With none advertised (or none loadable) the section stays out. */
export function AdvertisedSection() {
  const t = useT();
  const adverts = useAdvertisedProducts();
  const { book, isOwn } = useCheckoutActions();

  if (adverts.isError || (adverts.isSuccess && adverts.data.length === 0)) return null;

  return (
    <Box component="section" aria-labelledby="adverts-heading" data-testid="advertised-items">
      <SectionHeader id="adverts-heading" eyebrow={t('home.handPicked')} title={t('home.advertisedItems')} />
      <SimpleGrid cols={GRID_COLS} spacing="lg" aria-busy={adverts.isPending}>
        {adverts.isPending
          ? Array.from({ length: 4 }, (_, i) => <Skeleton key={i} h={400} radius="md" />)
          : adverts.data.map((product) => (
              <AdvertCard key={product.advertId} product={product} onBook={book} own={isOwn(product)} />
            ))}
      </SimpleGrid>
    </Box>
  );
}
