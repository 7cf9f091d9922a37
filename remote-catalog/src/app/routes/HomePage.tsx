import '@/shared/federation-probe';
import { Container, Stack, VisuallyHidden } from '@mantine/core';
import { useEffect } from 'react';
import { preload } from 'react-dom';
import { useLocation } from 'react-router';
import { getQueryClient } from 'runtime-kernel';
import { BrandStrip } from '@/features/brands/components/BrandStrip';
import { categoriesQueryOptions } from 'web-kit/api/categories';
import { advertisedProductsQueryOptions } from '@/features/adverts/api/get-advertised-products';
import { AdvertisedSection } from '@/features/adverts/components/AdvertisedSection';
import { recentProductsQueryOptions } from '@/features/recent/api/get-recent-products';
import { RecentProducts } from '@/features/recent/components/RecentProducts';
import { AboutSection } from '@/features/home/components/AboutSection';
import { BrandTypewriter } from '@/features/home/components/BrandTypewriter';
import { HeroCarousel } from '@/features/home/components/HeroCarousel';
import { OfferBanner } from '@/features/home/components/OfferBanner';
import { SLIDE_SIZES, SLIDES, slideSrcSet } from '@/features/home/components/slides';
import { HydrationSlice } from '@/shared/components/HydrationSlice';
import { useT } from '@/shared/i18n';

/**
 * Fetches the page's data before it renders (on the server, so the HTML carries it), and starts
 * the first slide's art (the page's largest image) before React renders the <img> that needs it.
 * Nothing here throws: prefetching keeps a failure in the cache and the sections show it.
 */
export async function loader() {
  const first = SLIDES[0];
  if (first) {
    preload(first.image.large, {
      as: 'image',
      fetchPriority: 'high',
      imageSrcSet: slideSrcSet(first),
      imageSizes: SLIDE_SIZES,
    });
  }
  const queryClient = getQueryClient();
  await Promise.all([
    queryClient.prefetchQuery(categoriesQueryOptions()),
    queryClient.prefetchQuery(advertisedProductsQueryOptions()),
    queryClient.prefetchQuery(recentProductsQueryOptions()),
  ]);
  return null;
}

// Each section below the hero is a HydrationSlice: hydrated one by one, after the hero.
export default function HomePage() {
  const t = useT();
  const { hash } = useLocation();
  // A link to /#about (About Us) lands on the section: the router itself does not scroll to hashes.
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);

  return (
    <div data-testid="catalog-home">
      <VisuallyHidden component="h1">{t('home.pageTitle')}</VisuallyHidden>
      <HydrationSlice>
        <BrandStrip />
      </HydrationSlice>
      <Container size="xl" pb={64}>
        <Stack gap={56}>
          <div>
            <HeroCarousel />
            <HydrationSlice>
              <BrandTypewriter />
              <OfferBanner />
            </HydrationSlice>
          </div>
          <HydrationSlice>
            <AdvertisedSection />
          </HydrationSlice>
          <HydrationSlice>
            <RecentProducts />
          </HydrationSlice>
          <HydrationSlice>
            <AboutSection />
          </HydrationSlice>
        </Stack>
      </Container>
    </div>
  );
}
