import '@/shared/federation-probe';
import {
  Avatar,
  Box,
  Container,
  Group,
  Pagination,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  EmptyState,
} from '@mantine/core';
import { useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { getQueryClient } from 'runtime-kernel';
import type { SellerProfile } from 'shared-contracts/reviews';
import { formatDate, formatNumber } from 'web-kit/format';
import { CategoryProductCard } from '@/shared/components/CategoryProductCard';
import { LoadFailedAlert } from '@/shared/components/LoadFailedAlert';
import { NotFoundState } from '@/shared/components/NotFoundState';
import { RatingStars } from '@/shared/components/RatingStars';
import { useCheckoutActions } from '@/shared/hooks/use-checkout-actions';
import { isMissingResource } from '@/shared/lib/api-errors';
import { useT } from '@/shared/i18n';
import { SELLER_LISTINGS_LIMIT, sellerQueryOptions, useSeller } from '../api/get-seller';
import { SELLER_REVIEWS_LIMIT, sellerReviewsQueryOptions, useSellerReviews } from '../api/get-seller-reviews';
import { ReviewItem } from '../components/ReviewItem';

/** A page number from the query string: a whole number from 1, else 1. */
const pageParam = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
};

/** The header, the first page of listings and of reviews are in the cache before the page renders. */
export async function loader({ params, request }: LoaderFunctionArgs) {
  if (!params.id) return null;
  const search = new URL(request.url).searchParams;
  const queryClient = getQueryClient();
  // prefetchQuery never throws: an unknown seller is kept in the cache and shown as not found.
  await Promise.all([
    queryClient.prefetchQuery(sellerQueryOptions(params.id, pageParam(search.get('page')))),
    queryClient.prefetchQuery(sellerReviewsQueryOptions(params.id, pageParam(search.get('reviews')))),
  ]);
  return null;
}

/** The public seller page (docs/product.md#reviews-and-seller-pages): no e-mail, no phone. */
export default function SellerPage() {
  const id = useParams().id ?? '';
  return (
    <Container size="xl" py={{ base: 'lg', md: 'xl' }} data-testid="seller-page">
      <SellerView key={id} id={id} />
    </Container>
  );
}

function SellerView({ id }: { id: string }) {
  const t = useT();
  const [search, setSearch] = useSearchParams();
  const listingsPage = pageParam(search.get('page'));
  const reviewsPage = pageParam(search.get('reviews'));
  const seller = useSeller(id, listingsPage);
  const setPage = (name: 'page' | 'reviews', page: number) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (page === 1) next.delete(name);
        else next.set(name, String(page));
        return next;
      },
      { preventScrollReset: true },
    );

  if (seller.isPending) return <SellerSkeleton />;
  if (seller.isError) {
    if (isMissingResource(seller.error)) {
      return (
        <NotFoundState title={t('reviews.notFoundTitle')} data-testid="seller-not-found" py="xl">
          {t('reviews.notFoundText')}
        </NotFoundState>
      );
    }
    return <LoadFailedAlert title={t('reviews.loadFailed')} onRetry={() => void seller.refetch()} />;
  }
  const profile = seller.data;
  return (
    <Stack gap="xl">
      <SellerHeader profile={profile} />
      <SellerListings
        profile={profile}
        page={listingsPage}
        busy={seller.isPlaceholderData}
        onPage={(p) => setPage('page', p)}
      />
      <SellerReviews id={id} page={reviewsPage} onPage={(p) => setPage('reviews', p)} />
    </Stack>
  );
}

function SellerHeader({ profile }: { profile: SellerProfile }) {
  const t = useT();
  return (
    <Group gap="lg" wrap="nowrap" align="center">
      <Avatar
        src={profile.photoUrl}
        alt={t('reviews.avatarAlt', { name: profile.name })}
        size={72}
        radius="xl"
        color="indigo"
      >
        {profile.name.slice(0, 1).toUpperCase()}
      </Avatar>
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Title order={1} fz={{ base: 24, md: 30 }} style={{ overflowWrap: 'anywhere' }}>
          {t('reviews.pageTitle', { name: profile.name })}
        </Title>
        <RatingStars rating={profile.rating} />
        <Text size="sm" c="dimmed">
          {t('reviews.memberSince', { date: formatDate(profile.memberSince) })}
        </Text>
      </Stack>
    </Group>
  );
}

function SellerListings({
  profile,
  page,
  busy,
  onPage,
}: {
  profile: SellerProfile;
  page: number;
  busy: boolean;
  onPage: (page: number) => void;
}) {
  const t = useT();
  const { book, isOwn } = useCheckoutActions();
  const { items, total } = profile.listings;
  const pages = Math.ceil(total / SELLER_LISTINGS_LIMIT);
  return (
    <Box component="section" aria-labelledby="seller-listings-heading" aria-busy={busy}>
      <Group justify="space-between" mb="md" gap="xs">
        <Title order={2} fz="xl" id="seller-listings-heading">
          {t('reviews.listingsHeading')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('reviews.listingsCount', { count: formatNumber(total) })}
        </Text>
      </Group>
      {items.length === 0 ? (
        <EmptyState data-testid="seller-no-listings">
          <EmptyState.Description>{t('reviews.noListings')}</EmptyState.Description>
        </EmptyState>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3, lg: 4 }} spacing="lg" data-testid="seller-listings">
          {items.map((product) => (
            <CategoryProductCard key={product._id} product={product} onBook={book} own={isOwn(product)} />
          ))}
        </SimpleGrid>
      )}
      <Pager pages={pages} page={page} onPage={onPage} label={t('reviews.listingsPages')} />
    </Box>
  );
}

function SellerReviews({ id, page, onPage }: { id: string; page: number; onPage: (page: number) => void }) {
  const t = useT();
  const reviews = useSellerReviews(id, page);
  const pages = reviews.data ? Math.ceil(reviews.data.total / SELLER_REVIEWS_LIMIT) : 0;
  return (
    <Box component="section" aria-labelledby="seller-reviews-heading">
      <Title order={2} fz="xl" id="seller-reviews-heading" mb="md">
        {t('reviews.reviewsHeading')}
      </Title>
      {reviews.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label={t('reviews.loadingReviews')}>
          <Skeleton h={90} />
          <Skeleton h={90} />
        </Stack>
      ) : reviews.isError ? (
        <LoadFailedAlert title={t('reviews.reviewsFailed')} onRetry={() => void reviews.refetch()} />
      ) : reviews.data.rows.length === 0 ? (
        <EmptyState data-testid="seller-no-reviews">
          <EmptyState.Description>{t('reviews.noReviewsText')}</EmptyState.Description>
        </EmptyState>
      ) : (
        <Stack gap="sm" aria-live="polite" aria-busy={reviews.isPlaceholderData} data-testid="seller-reviews">
          {reviews.data.rows.map((review) => (
            <ReviewItem key={review._id} review={review} />
          ))}
        </Stack>
      )}
      <Pager pages={pages} page={page} onPage={onPage} label={t('reviews.reviewsPages')} />
    </Box>
  );
}

/** A list's page numbers under it, when it has more than one page. */
function Pager({
  pages,
  page,
  onPage,
  label,
}: {
  pages: number;
  page: number;
  onPage: (page: number) => void;
  label: string;
}) {
  if (pages <= 1) return null;
  return (
    <Group justify="center" mt="lg">
      <Pagination total={pages} value={Math.min(page, pages)} onChange={onPage} aria-label={label} />
    </Group>
  );
}

function SellerSkeleton() {
  const t = useT();
  return (
    <Stack gap="xl" aria-busy="true" aria-label={t('reviews.loading')}>
      <Group gap="lg">
        <Skeleton h={72} w={72} circle />
        <Stack gap={8} style={{ flex: 1 }}>
          <Skeleton h={28} w="50%" />
          <Skeleton h={16} w={160} />
        </Stack>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3, lg: 4 }} spacing="lg">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} h={320} radius="md" />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
