import { Box, Card, Group, Stack, Text } from '@mantine/core';
import type { Review } from 'shared-contracts/reviews';
import { formatDate } from 'web-kit/format';
import { RatingStars } from '@/shared/components/RatingStars';
import { useT } from '@/shared/i18n';

/** One review on the seller page, with the seller's answer under it when there is one. */
export function ReviewItem({ review }: { review: Review }) {
  const t = useT();
  return (
    <Card withBorder radius="md" padding="md" component="article" data-testid="seller-review">
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <RatingStars rating={{ average: review.rating, count: 1 }} showCount={false} />
          <Text size="xs" c="dimmed">
            <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
          </Text>
        </Group>
        <Text size="sm" fw={500}>
          {t('reviews.reviewBy', { name: review.buyerName, product: review.productName })}
        </Text>
        {review.text && (
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {review.text}
          </Text>
        )}
        {review.answer && (
          <Box
            pl="sm"
            py={4}
            style={{ borderLeft: '3px solid var(--mantine-color-indigo-outline)' }}
            data-testid="seller-answer"
          >
            <Text size="xs" fw={600} c="dimmed">
              {t('reviews.answer')}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {review.answer}
            </Text>
          </Box>
        )}
      </Stack>
    </Card>
  );
}
