import type { ReactNode } from 'react';
import { Anchor, Box, Button, Card, Group, Rating, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { toast } from 'runtime-kernel';
import { MAX_REVIEW_TEXT } from 'shared-contracts/message-limits';
import { AnswerReviewSchema, type Review } from 'shared-contracts/reviews';
import { formatDate, formatNumber } from 'web-kit/format';
import { schemaValidator } from 'web-kit/form-validation';
import { errorMessage } from '@/shared/lib/error-message';
import { useT } from '@/shared/i18n';
import { useAnswerReview } from '../api/answer-review';

/** A review's stars, read as one sentence ('Rated 4 of 5'). */
export function ReviewStars({ rating }: { rating: number }) {
  const t = useT();
  return (
    <Box role="img" aria-label={t('reviews.ratedStars', { rating: formatNumber(rating) })}>
      <Rating value={rating} readOnly aria-hidden="true" />
    </Box>
  );
}

/**
 * One review in the dashboard: the buyer sees what they wrote and the answer; the reviewed seller
 * can answer it once (`canAnswer`).
 */
export function ReviewCard({
  review,
  canAnswer,
  who,
}: {
  review: Review;
  canAnswer: boolean;
  who: ReactNode;
}) {
  const t = useT();
  return (
    <Card withBorder radius="md" padding="md" component="article" data-testid="review-card">
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <ReviewStars rating={review.rating} />
          <Text size="xs" c="dimmed">
            <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
          </Text>
        </Group>
        <Text size="sm" fw={500}>
          {who}
        </Text>
        {review.text && (
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {review.text}
          </Text>
        )}
        {review.answer ? (
          <Box pl="sm" style={{ borderLeft: '3px solid var(--mantine-color-indigo-outline)' }}>
            <Text size="xs" fw={600} c="dimmed">
              {t('reviews.answerHeading')}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {review.answer}
            </Text>
          </Box>
        ) : (
          canAnswer && <AnswerForm review={review} />
        )}
      </Stack>
    </Card>
  );
}

function AnswerForm({ review }: { review: Review }) {
  const t = useT();
  const answer = useAnswerReview({
    onSuccess: () => toast.success(t('reviews.answered')),
    onError: (e) => toast.error(errorMessage(e)),
  });
  // The answer's rule is POST /reviews/{id}/answer's: some words, within the review limit.
  const form = useForm({
    initialValues: { text: '' },
    validate: schemaValidator(AnswerReviewSchema, { messages: { text: 'reviews.answerRequired' }, t }),
  });
  return (
    <form onSubmit={form.onSubmit(({ text }) => answer.mutate({ id: review._id, text: text.trim() }))}>
      <Stack gap="xs">
        <Textarea
          label={t('reviews.answerLabel', { name: review.buyerName })}
          description={t('reviews.answerOnce')}
          {...form.getInputProps('text')}
          maxLength={MAX_REVIEW_TEXT}
          autosize
          minRows={2}
        />
        <Group justify="flex-end">
          <Button type="submit" size="xs" loading={answer.isPending}>
            {t('reviews.answerSubmit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The seller's page, as a plain link (the catalog owns it, docs/decisions/0003). */
export function SellerLink({ id, name }: { id: string; name: string }) {
  return (
    // Underlined: it sits in a sentence, and colour alone does not mark a link there.
    <Anchor href={`/sellers/${encodeURIComponent(id)}`} size="sm" underline="always">
      {name}
    </Anchor>
  );
}
