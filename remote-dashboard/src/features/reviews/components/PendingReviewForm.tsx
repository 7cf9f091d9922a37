import { Button, Card, Group, Image, Rating, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { toast } from 'runtime-kernel';
import { MAX_REVIEW_TEXT } from 'shared-contracts/message-limits';
import { CreateReviewSchema, type PendingReview } from 'shared-contracts/reviews';
import { formatDate, formatNumber } from 'web-kit/format';
import { schemaValidator } from 'web-kit/form-validation';
import { errorMessage } from '@/shared/lib/error-message';
import { useT } from '@/shared/i18n';
import { useCreateReview } from '../api/create-review';
import { SellerLink } from './ReviewCard';

/** A finished deal waiting for its review: 1–5 stars (required) and an optional text. */
export function PendingReviewForm({ deal }: { deal: PendingReview }) {
  const t = useT();
  const create = useCreateReview({
    onSuccess: () => toast.success(t('reviews.thanks')),
    onError: (e) => toast.error(errorMessage(e)),
  });
  // POST /reviews' own rules: 1 to 5 whole stars, an optional text within the limit.
  const form = useForm({
    initialValues: { rating: 0, text: '' },
    validate: schemaValidator(CreateReviewSchema, {
      payload: (values) => ({ productId: deal.productId, ...values }),
      messages: { rating: 'reviews.starsRequired' },
      t,
    }),
  });
  const error = form.errors.rating;
  const starsId = `stars-${deal.productId}`;
  return (
    <Card withBorder radius="md" padding="md" component="article" data-testid="pending-review">
      <form
        onSubmit={form.onSubmit(({ rating, text }) => {
          const trimmed = text.trim();
          create.mutate({ productId: deal.productId, rating, ...(trimmed ? { text: trimmed } : {}) });
        })}
      >
        <Stack gap="sm">
          <Group wrap="nowrap" gap="md" align="flex-start">
            {deal.image && <Image src={deal.image} alt="" w={64} h={48} radius="sm" fit="cover" />}
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={600} lineClamp={2}>
                {deal.productName}
              </Text>
              <Text size="sm" c="dimmed">
                {t('reviews.soldBy')} <SellerLink id={deal.sellerId} name={deal.sellerName} /> ·{' '}
                {formatDate(deal.finishedAt)}
              </Text>
            </Stack>
          </Group>
          <Stack gap={4}>
            <Text component="span" size="sm" fw={500} id={`${starsId}-label`}>
              {t('reviews.starsLabel', { name: deal.sellerName })}
            </Text>
            {/* A group of radios, one per star, named by the label above (WCAG 1.3.1). */}
            <Rating
              role="radiogroup"
              aria-labelledby={`${starsId}-label`}
              aria-describedby={error ? `${starsId}-error` : undefined}
              aria-required="true"
              {...form.getInputProps('rating', { withError: false })}
              size="lg"
              name={starsId}
              getSymbolLabel={(value) => t('reviews.starOption', { count: formatNumber(value) })}
            />
            {error && (
              <Text size="xs" c="red" id={`${starsId}-error`} role="alert">
                {error}
              </Text>
            )}
          </Stack>
          <Textarea
            label={t('reviews.textLabel')}
            description={t('reviews.textHint')}
            {...form.getInputProps('text')}
            maxLength={MAX_REVIEW_TEXT}
            autosize
            minRows={2}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending}>
              {t('reviews.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
