import { Group, Text } from '@mantine/core';
import type { SellerRating } from 'shared-contracts/products';
import { formatNumber } from 'web-kit/format';
import { useT } from '@/shared/i18n';

function Star({ filled }: { filled: boolean }) {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill={filled ? 'var(--mantine-color-yellow-6)' : 'none'}
        stroke="var(--mantine-color-yellow-7)"
        strokeWidth={filled ? 0 : 1.5}
        d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z"
      />
    </svg>
  );
}

/**
 * A seller's real rating (docs/product.md#reviews-and-seller-pages): the average rounded to whole
 * stars for the eye, the exact average and the count for a screen reader, and 'No reviews yet'
 * for a seller nobody has reviewed — never made-up stars.
 */
export function RatingStars({ rating, showCount = true }: { rating: SellerRating; showCount?: boolean }) {
  const t = useT();
  if (rating.average === null || rating.count === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="rating-none">
        {t('reviews.noReviews')}
      </Text>
    );
  }
  const average = formatNumber(rating.average);
  const label =
    rating.count === 1
      ? t('reviews.ratedOne', { average })
      : t('reviews.rated', { average, count: formatNumber(rating.count) });
  const filled = Math.round(rating.average);
  return (
    <Group gap={4} wrap="nowrap" role="img" aria-label={label} data-stars={filled}>
      <Group gap={2} wrap="nowrap" aria-hidden="true">
        {[1, 2, 3, 4, 5].map((n) => (
          <Star key={n} filled={n <= filled} />
        ))}
      </Group>
      {showCount && (
        <Text size="sm" c="dimmed" aria-hidden="true">
          {average} ({formatNumber(rating.count)})
        </Text>
      )}
    </Group>
  );
}
