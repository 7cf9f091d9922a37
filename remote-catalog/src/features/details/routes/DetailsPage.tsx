import '@/shared/federation-probe';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import {
  Box,
  Anchor,
  Breadcrumbs,
  Button,
  Container,
  Divider,
  Grid,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { getQueryClient, useAuthStore } from 'runtime-kernel';
import type { Product } from 'shared-contracts/products';
import { NotFoundState } from '@/shared/components/NotFoundState';
import { RatingStars } from '@/shared/components/RatingStars';
import { SalesStatusBadge } from '@/shared/components/SalesStatusBadge';
import { VerifiedSlot } from '@/shared/components/verified-slot';
import { SaveButton } from '@/shared/components/SaveButton';
import { useCheckoutActions } from '@/shared/hooks/use-checkout-actions';
import { isMissingResource } from '@/shared/lib/api-errors';
import { formatDate, formatPrice, formatRelativeTime } from 'web-kit/format';
import { productDetailsQueryOptions, useProductDetails } from '../api/get-product-details';
import { ConditionNote } from '../components/ConditionNote';
import { PhotoGallery } from '../components/PhotoGallery';
import { MIN_QUANTITY, QuantityStepper } from '../components/QuantityStepper';
import { AskSellerButton } from '@/shared/components/AskSellerButton';
import { OfferPanel } from '../components/OfferPanel';
import { useMyOffer } from '../api/get-my-offer';
import { SpecTable } from '../components/SpecTable';
import { LoadFailedAlert } from '@/shared/components/LoadFailedAlert';
import { useT } from '@/shared/i18n';
import { canBeBooked } from 'shared-contracts/sales-status';

// The report form brings zod (its rule is the API's schema): fetched on the first Report click,
// so the details page's own load stays without it (docs/decisions/0016-first-load-budget.md).
const ReportItemDialog = lazy(() => import('../components/ReportItemDialog'));

/** "The product is preloaded from the server": it is in the cache before the page renders. */
export async function loader({ params }: LoaderFunctionArgs) {
  // prefetchQuery never throws: an unknown id is kept in the cache and shown as not found.
  if (params.id) await getQueryClient().prefetchQuery(productDetailsQueryOptions(params.id));
  return null;
}

export default function DetailsPage() {
  const id = useParams().id ?? '';
  return (
    <Container size="lg" py={{ base: 'lg', md: 'xl' }} data-testid="catalog-details">
      {/* Keyed by id: the quantity starts again at 1 for another listing. */}
      <ProductDetails key={id} id={id} />
    </Container>
  );
}

function ProductDetails({ id }: { id: string }) {
  const t = useT();
  const details = useProductDetails(id);

  if (details.isPending) return <DetailsSkeleton />;
  if (details.isError) {
    if (isMissingResource(details.error)) {
      return (
        <NotFoundState title={t('details.notFoundTitle')} data-testid="details-not-found" py="xl">
          {t('details.notFoundText')}
        </NotFoundState>
      );
    }
    return <LoadFailedAlert title={t('details.loadFailed')} onRetry={() => void details.refetch()} />;
  }
  return <ProductView product={details.data} />;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap" py={6}>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" fw={500} m={0} ta="right" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

function ProductView({ product }: { product: Product }) {
  const t = useT();
  const [quantity, setQuantity] = useState(MIN_QUANTITY);
  const [reporting, setReporting] = useState(false);
  // Mounted from the first Report click on, so the dialog's closing transition still plays.
  const [reportAsked, setReportAsked] = useState(false);
  const { book, pay, isOwn } = useCheckoutActions();
  const sold = !canBeBooked(product.status);
  const ownListing = isOwn(product);
  // The booking modal shows the price the API will take: an accepted offer's while it holds (the
  // same cached answer OfferPanel reads; docs/product.md#offers).
  const buyer = useAuthStore((s) => s.role === 'buyer');
  const myOffer = useMyOffer(product._id, buyer && !ownListing).data?.offer;
  const priced =
    myOffer?.state === 'accepted' && myOffer.agreedAmount !== null
      ? { ...product, price: myOffer.agreedAmount }
      : product;

  return (
    <article aria-labelledby="product-name">
      <Breadcrumbs
        mb="lg"
        separator="›"
        aria-label={t('details.breadcrumb')}
        styles={{
          root: { flexWrap: 'wrap', rowGap: 4 },
          breadcrumb: { fontSize: 'var(--mantine-font-size-sm)' },
        }}
      >
        <Anchor component={Link} to="/">
          {t('details.home')}
        </Anchor>
        <Anchor component={Link} to={`/category/products/${product.category}`}>
          {product.categoryName}
        </Anchor>
        <Text size="sm" c="dimmed" aria-current="page" lineClamp={1}>
          {product.productName}
        </Text>
      </Breadcrumbs>
      <Grid gap={{ base: 'lg', md: 40 }}>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Box pos={{ base: 'static', md: 'sticky' }} top={88}>
            {/* Listings from before photos existed have only their cover. */}
            <PhotoGallery
              photos={product.photos.length > 0 ? product.photos : [product.image]}
              alt={product.productName}
            />
          </Box>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="md">
            <Group gap="xs" justify="space-between">
              <SalesStatusBadge status={product.status} />
              {!ownListing && <SaveButton productId={product._id} />}
            </Group>
            <VerifiedSlot product={product} explained />
            <Title order={1} id="product-name" fz={{ base: 26, md: 34 }} lh={1.2}>
              {product.productName}
            </Title>
            <Group gap="sm" align="baseline">
              <Text fz={30} fw={700} c="indigo" data-testid="details-price">
                {formatPrice(product.price)}
              </Text>
              {product.original !== null && product.original > product.price && (
                <Text
                  td="line-through"
                  c="dimmed"
                  aria-label={t('details.originalPriceLabel', { price: formatPrice(product.original) })}
                >
                  {formatPrice(product.original)}
                </Text>
              )}
            </Group>
            <Text style={{ whiteSpace: 'pre-line' }}>{product.description}</Text>

            <QuantityStepper value={quantity} onChange={setQuantity} />

            <Stack gap="sm">
              {/* 'Add To Cart' stays, without behaviour: there is no cart to add to. */}
              <Button variant="default" size="md" fullWidth>
                {t('details.addToCart')}
              </Button>
              <Group grow gap="sm">
                <Button size="md" onClick={() => book(priced)} disabled={sold || ownListing}>
                  {t('common.bookNow')}
                </Button>
                <Button size="md" color="teal.9" onClick={() => pay(priced)} disabled={sold || ownListing}>
                  {t('details.buyNow')}
                </Button>
              </Group>
              <OfferPanel product={product} own={ownListing} />
              <AskSellerButton product={product} own={ownListing} size="md" fullWidth />
              {ownListing && (
                <Text size="sm" c="dimmed">
                  {t('details.ownListing')}
                </Text>
              )}
            </Stack>

            <Divider />
            <Stack component="dl" gap={0} m={0}>
              <Fact label={t('details.quality')}>{t(`condition.${product.quality}`)}</Fact>
              <Fact label={t('details.location')}>{product.location}</Fact>
              <Fact label={t('details.purchaseYear')}>{t('details.year', { year: product.year })}</Fact>
              <Fact label={t('details.listed')}>
                {/* Server and browser may differ by the render's seconds or their ICU: React keeps the server's word. */}
                <time
                  dateTime={product.createdAt}
                  title={formatDate(product.createdAt)}
                  suppressHydrationWarning
                >
                  {formatRelativeTime(product.createdAt)}
                </time>
              </Fact>
              <Fact label={t('details.seller')}>
                <Anchor
                  component={Link}
                  to={`/sellers/${product.seller._id}`}
                  size="sm"
                  aria-label={t('reviews.sellerLink', { name: product.sellerName })}
                >
                  {product.sellerName}
                </Anchor>
              </Fact>
              <Fact label={t('reviews.reviewsHeading')}>
                <RatingStars rating={product.seller.rating} />
              </Fact>
              {product.phone !== null && product.email !== null ? (
                <>
                  <Fact label={t('details.sellerPhone')}>
                    <Anchor href={`tel:${product.phone.replace(/[^+\d]/g, '')}`} size="sm">
                      {product.phone}
                    </Anchor>
                  </Fact>
                  <Fact label={t('details.sellerEmail')}>
                    <Anchor href={`mailto:${product.email}`} size="sm">
                      {product.email}
                    </Anchor>
                  </Fact>
                </>
              ) : (
                // The seller hid phone and e-mail (docs/product.md#contact-details-on-a-listing):
                // buyers reach them through the conversation on this page.
                <Fact label={t('saved.contact')}>
                  <span data-testid="details-prefers-messages">{t('saved.prefersMessages')}</span>
                </Fact>
              )}
            </Stack>

            {!ownListing && (
              <Group justify="flex-end">
                <Button
                  variant="subtle"
                  color="red"
                  size="compact-sm"
                  onClick={() => {
                    setReportAsked(true);
                    setReporting(true);
                  }}
                >
                  {t('details.report')}
                </Button>
              </Group>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing={{ base: 'lg', md: 40 }} mt={{ base: 'xl', md: 48 }}>
        <Box component="section" aria-labelledby="specs-heading">
          <Title order={2} fz="lg" id="specs-heading" mb="xs">
            {t('details.specifications')}
          </Title>
          <SpecTable
            specs={product.specs}
            read={product.specsConfirmed ? null : product.specsRead}
            labelledBy="specs-heading"
          />
        </Box>
        <Box>
          <ConditionNote grade={product.quality} />
        </Box>
      </SimpleGrid>
      {reportAsked && (
        <Suspense fallback={null}>
          <ReportItemDialog
            productId={product._id}
            productName={product.productName}
            opened={reporting}
            onClose={() => setReporting(false)}
          />
        </Suspense>
      )}
    </article>
  );
}

function DetailsSkeleton() {
  const t = useT();
  return (
    <Grid gap={{ base: 'lg', md: 40 }} aria-busy="true" aria-label={t('details.loading')}>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Skeleton style={{ aspectRatio: '4 / 3' }} radius="md" />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack gap="md">
          <Skeleton h={20} w={120} />
          <Skeleton h={36} w="80%" />
          <Skeleton h={32} w={140} />
          <Skeleton h={80} />
          <Skeleton h={44} />
          <Skeleton h={180} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
