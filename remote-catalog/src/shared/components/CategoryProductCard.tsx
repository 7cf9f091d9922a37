import type { ReactNode } from 'react';
import { Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Product } from 'shared-contracts/products';
import { KeySpecs } from './KeySpecs';
import { RatingStars } from './RatingStars';
import { SaveButton } from './SaveButton';
import { CARD_IMAGE_SIZES, ProductImage } from './ProductImage';
import { SalesStatusBadge } from './SalesStatusBadge';
import { VerifiedSlot } from './verified-slot';
import { AskSellerButton } from './AskSellerButton';
import { ListingCard } from './ListingCard';
import { formatPrice } from 'web-kit/format';
import { useT } from '@/shared/i18n';
import { canBeBooked } from 'shared-contracts/sales-status';

interface CategoryProductCardProps {
  product: Product;
  onBook: (product: Product) => void;
  /** The viewer's own listing: nothing to book. */
  own?: boolean;
  /** Cards in the first row are above the fold. */
  eager?: boolean;
  highPriority?: boolean;
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" component="div">
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" fw={500} m={0} ta="right">
        {value}
      </Text>
    </Group>
  );
}

export function CategoryProductCard({
  product,
  onBook,
  own = false,
  eager,
  highPriority,
}: CategoryProductCardProps) {
  const t = useT();
  const detailsPath = `/details/${product._id}`;
  const years = product.useYear;
  return (
    <ListingCard aria-labelledby={`title-${product._id}`}>
      <Card.Section>
        <ProductImage
          src={product.image}
          alt={product.productName}
          sizes={CARD_IMAGE_SIZES}
          eager={eager}
          highPriority={highPriority}
        />
      </Card.Section>
      <Stack gap="xs" mt="md" style={{ flex: 1 }}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Anchor
            component={Link}
            to={detailsPath}
            id={`title-${product._id}`}
            fw={600}
            c="var(--mantine-color-text)"
            lineClamp={2}
          >
            {product.productName}
          </Anchor>
          {/* The status and the heart keep their size; the name wraps (two lines at most) instead. */}
          <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
            <SalesStatusBadge status={product.status} />
            {/* One's own listing cannot be saved (the API refuses it). */}
            {!own && <SaveButton productId={product._id} size="md" />}
          </Group>
        </Group>
        <VerifiedSlot product={product} />
        <KeySpecs specs={product.specs} />
        <Stack component="dl" gap={4} m={0}>
          <Fact label={t('card.location')} value={product.location} />
          <Fact
            label={t('card.originalPrice')}
            value={
              product.original === null ? (
                <Text span c="dimmed" size="sm">
                  {t('card.notGiven')}
                </Text>
              ) : (
                <Text span td="line-through" c="dimmed" size="sm">
                  {formatPrice(product.original)}
                </Text>
              )
            }
          />
          <Fact
            label={t('card.resalePrice')}
            value={
              <Text span fw={700} c="indigo" size="sm">
                {formatPrice(product.resale)}
              </Text>
            }
          />
          <Fact
            label={t('card.yearsOfUse')}
            value={
              years < 1
                ? t('card.lessThanAYear')
                : years === 1
                  ? t('card.oneYear')
                  : t('card.years', { count: years })
            }
          />
          <Fact
            label={t('card.seller')}
            value={
              <Anchor
                component={Link}
                to={`/sellers/${product.seller._id}`}
                size="sm"
                aria-label={t('reviews.sellerLink', { name: product.sellerName })}
              >
                {product.sellerName}
              </Anchor>
            }
          />
        </Stack>
        <RatingStars rating={product.seller.rating} />
      </Stack>
      <Group grow mt="md" gap="sm">
        <Button
          variant="default"
          component={Link}
          to={detailsPath}
          aria-label={t('card.detailsOf', { name: product.productName })}
        >
          {t('card.details')}
        </Button>
        <Button
          onClick={() => onBook(product)}
          disabled={!canBeBooked(product.status) || own}
          aria-label={t('common.bookNowFor', { name: product.productName })}
        >
          {t('common.bookNow')}
        </Button>
      </Group>
      <AskSellerButton product={product} own={own} variant="subtle" size="compact-sm" fullWidth />
    </ListingCard>
  );
}
