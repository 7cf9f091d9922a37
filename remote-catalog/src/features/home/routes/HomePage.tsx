import '../../../shared/federation-probe';
import { Container, Stack, VisuallyHidden } from '@mantine/core';
import { useEffect } from 'react';
import { preload } from 'react-dom';
import { useLocation } from 'react-router';
import { getQueryClient } from 'shared-auth';
import { BrandStrip } from '../../brands/components/BrandStrip';
import { categoriesQueryOptions } from '../../brands/api/get-categories';
import { advertisedProductsQueryOptions } from '../../adverts/api/get-advertised-products';
import { AdvertisedSection } from '../../adverts/components/AdvertisedSection';
import { recentProductsQueryOptions } from '../../recent/api/get-recent-products';
import { RecentProducts } from '../../recent/components/RecentProducts';
import { AboutSection } from '../components/AboutSection';
import { BrandTypewriter } from '../components/BrandTypewriter';
import { HeroCarousel } from '../components/HeroCarousel';
import { OfferBanner } from '../components/OfferBanner';
import { SLIDE_SIZES, SLIDES, slideSrcSet } from '../components/slides';
import { HydrationSlice } from '../../../shared/components/HydrationSlice';

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
  const { hash } = useLocation();
  // A link to /#about (About Us) lands on the section: the router itself does not scroll to hashes.
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);

  return (
    <div data-testid="catalog-home">
      <VisuallyHidden component="h1">SecondByte: used laptops from trusted sellers</VisuallyHidden>
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
