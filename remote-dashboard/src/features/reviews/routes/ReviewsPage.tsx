import {
  Alert,
  Box,
  Button,
  EmptyState,
  Group,
  Pagination,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useAuthStore } from 'runtime-kernel';
import { PageHeader } from '@/shared/components/PageHeader';
import { useT } from '@/shared/i18n';
import { usePendingReviews } from '../api/get-pending-reviews';
import { REVIEWS_PAGE_SIZE, useReviews, type ReviewsSide } from '../api/get-reviews';
import { PendingReviewForm } from '../components/PendingReviewForm';
import { ReviewCard, SellerLink } from '../components/ReviewCard';

/**
 * Reviews (docs/product.md#reviews-and-seller-pages). A buyer reviews their finished deals and
 * sees what they wrote; a seller reads what buyers wrote about them and answers each review once.
 */
export default function ReviewsPage() {
  const t = useT();
  const role = useAuthStore((s) => s.role);
  const buyer = role === 'buyer';
  return (
    <>
      <PageHeader
        title={t('menu.pages.reviews')}
        description={buyer ? t('reviews.buyerIntro') : t('reviews.sellerIntro')}
      />
      {buyer ? (
        <Stack gap="xl">
          <PendingSection />
          <ReviewList side="given" heading={t('reviews.givenHeading')} empty={t('reviews.givenEmpty')} />
        </Stack>
      ) : (
        <ReviewList
          side="received"
          heading={t('reviews.receivedHeading')}
          empty={t('reviews.receivedEmpty')}
        />
      )}
    </>
  );
}

function Failed({ title, onRetry }: { title: string; onRetry: () => void }) {
  const t = useT();
  return (
    <Alert color="red" title={title} role="alert">
      <Button size="xs" variant="light" color="red" onClick={onRetry}>
        {t('reviews.retry')}
      </Button>
    </Alert>
  );
}

function ListSkeleton({ label }: { label: string }) {
  return (
    <Stack gap="sm" aria-busy="true" aria-label={label}>
      <Skeleton h={110} radius="md" />
      <Skeleton h={110} radius="md" />
    </Stack>
  );
}

function PendingSection() {
  const t = useT();
  const pending = usePendingReviews(true);
  return (
    <Box component="section" aria-labelledby="pending-heading">
      <Title order={2} fz="lg" id="pending-heading" mb="sm">
        {t('reviews.pendingHeading')}
      </Title>
      {pending.isPending ? (
        <ListSkeleton label={t('reviews.loading')} />
      ) : pending.isError ? (
        <Failed title={t('reviews.pendingFailed')} onRetry={() => void pending.refetch()} />
      ) : pending.data.length === 0 ? (
        <EmptyState data-testid="pending-empty">
          <EmptyState.Description>{t('reviews.pendingEmpty')}</EmptyState.Description>
        </EmptyState>
      ) : (
        <Stack gap="sm" aria-live="polite">
          {pending.data.map((deal) => (
            <PendingReviewForm key={deal.productId} deal={deal} />
          ))}
        </Stack>
      )}
    </Box>
  );
}

function ReviewList({ side, heading, empty }: { side: ReviewsSide; heading: string; empty: string }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const reviews = useReviews(side, page, true);
  const pages = reviews.data ? Math.ceil(reviews.data.total / REVIEWS_PAGE_SIZE) : 0;
  const headingId = `${side}-heading`;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Title order={2} fz="lg" id={headingId} mb="sm">
        {heading}
      </Title>
      {reviews.isPending ? (
        <ListSkeleton label={t('reviews.loading')} />
      ) : reviews.isError ? (
        <Failed title={t('reviews.listFailed')} onRetry={() => void reviews.refetch()} />
      ) : reviews.data.rows.length === 0 ? (
        <EmptyState data-testid={`${side}-empty`}>
          <EmptyState.Description>{empty}</EmptyState.Description>
        </EmptyState>
      ) : (
        <Stack gap="sm" aria-live="polite" aria-busy={reviews.isPlaceholderData}>
          {reviews.data.rows.map((review) => (
            <ReviewCard
              key={review._id}
              review={review}
              canAnswer={side === 'received'}
              who={
                side === 'received' ? (
                  t('reviews.fromBuyer', { name: review.buyerName, product: review.productName })
                ) : (
                  <Text span size="sm" fw={500}>
                    {t('reviews.aboutSeller', { product: review.productName })}{' '}
                    <SellerLink id={review.sellerId} name={review.sellerName} />
                  </Text>
                )
              }
            />
          ))}
        </Stack>
      )}
      {pages > 1 && (
        <Group justify="center" mt="md">
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={setPage}
            aria-label={t('reviews.pages')}
          />
        </Group>
      )}
    </Box>
  );
}
