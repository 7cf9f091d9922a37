import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { AdvertisedProduct } from 'shared-contracts/products';
import { KeySpecs } from '@/shared/components/KeySpecs';
import { ListingCard } from '@/shared/components/ListingCard';
import { CARD_IMAGE_SIZES, ProductImage } from '@/shared/components/ProductImage';
import { formatPrice } from 'web-kit/format';
import { useT } from '@/shared/i18n';
import { canBeBooked } from 'shared-contracts/sales-status';

interface AdvertCardProps {
  product: AdvertisedProduct;
  onBook: (product: AdvertisedProduct) => void;
  /** The viewer's own listing: nothing to book. */
  own?: boolean;
}

export function AdvertCard({ product, onBook, own = false }: AdvertCardProps) {
  const t = useT();
  return (
    <ListingCard data-testid="advert-card">
      <Card.Section pos="relative">
        <ProductImage src={product.image} alt={product.productName} sizes={CARD_IMAGE_SIZES} />
        {/* orange.9 and lighter are under 4.5:1 behind white text */}
        <Badge pos="absolute" top={12} left={12} color="#c2410c" variant="filled">
          {t('card.advertised')}
        </Badge>
      </Card.Section>
      <Stack gap={6} mt="md" style={{ flex: 1 }}>
        <Anchor
          component={Link}
          to={`/details/${product._id}`}
          fw={600}
          c="var(--mantine-color-text)"
          lineClamp={2}
        >
          {product.productName}
        </Anchor>
        <KeySpecs specs={product.specs} />
        <Text size="sm" c="dimmed">
          {product.location} · {t(`condition.${product.quality}`)}
        </Text>
        <Group gap="xs" align="baseline" mt="auto">
          <Text fw={700} fz="lg" c="indigo">
            {formatPrice(product.price)}
          </Text>
          {product.original !== null && product.original > product.price && (
            <Text size="sm" td="line-through" c="dimmed">
              {formatPrice(product.original)}
            </Text>
          )}
        </Group>
      </Stack>
      <Button
        mt="md"
        fullWidth
        onClick={() => onBook(product)}
        disabled={!canBeBooked(product.status) || own}
        aria-label={t('common.bookNowFor', { name: product.productName })}
      >
        {t('common.bookNow')}
      </Button>
    </ListingCard>
  );
}
