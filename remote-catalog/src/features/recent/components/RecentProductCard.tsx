import { Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Product } from 'shared-contracts/products';
import { KeySpecs } from '@/shared/components/KeySpecs';
import { ListingCard } from '@/shared/components/ListingCard';
import { VerifiedSlot } from '@/shared/components/verified-slot';
import { RatingStars } from '@/shared/components/RatingStars';
import { CARD_IMAGE_SIZES, ProductImage } from '@/shared/components/ProductImage';
import { formatPrice } from 'web-kit/format';
import { truncate } from '../lib/truncate';
import { useT } from '@/shared/i18n';

export function RecentProductCard({ product }: { product: Product }) {
  const t = useT();
  const detailsPath = `/details/${product._id}`;
  return (
    <ListingCard data-testid="recent-card">
      <Card.Section>
        <ProductImage src={product.image} alt={product.productName} sizes={CARD_IMAGE_SIZES} />
      </Card.Section>
      <Stack gap={6} mt="md" style={{ flex: 1 }}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <RatingStars rating={product.seller.rating} />
          <Text size="xs" c="dimmed">
            {product.categoryName}
          </Text>
        </Group>
        <Anchor component={Link} to={detailsPath} fw={600} c="var(--mantine-color-text)" lineClamp={2}>
          {product.productName}
        </Anchor>
        <VerifiedSlot product={product} />
        <KeySpecs specs={product.specs} />
        <Anchor
          component={Link}
          to={`/sellers/${product.seller._id}`}
          size="sm"
          aria-label={t('reviews.sellerLink', { name: product.sellerName })}
        >
          {product.sellerName}
        </Anchor>
        <Text size="sm" c="dimmed" title={product.description}>
          {truncate(product.description)}
        </Text>
        <Text fw={700} fz="lg" c="indigo" mt="auto">
          {formatPrice(product.price)}
        </Text>
      </Stack>
      <Button
        mt="md"
        variant="light"
        fullWidth
        component={Link}
        to={detailsPath}
        aria-label={t('card.viewDetailsOf', { name: product.productName })}
      >
        {t('card.viewDetails')}
      </Button>
    </ListingCard>
  );
}
