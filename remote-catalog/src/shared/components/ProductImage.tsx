import { useEffect, useRef, useState } from 'react';
import { Box, Center, Text } from '@mantine/core';
import { srcSetFor } from 'shared-contracts/image-sizes';
import { useT } from '@/shared/i18n';

// Product photos are stored 800×600 by the API; declaring it reserves the box before the bytes
// arrive, so cards never jump (no layout shift).
export const PRODUCT_IMAGE_WIDTH = 800;
export const PRODUCT_IMAGE_HEIGHT = 600;

/** The cards' grids: one column on phones, three from md (62em), four of at most 320px from lg. */
export const CARD_IMAGE_SIZES = '(min-width: 75em) 320px, (min-width: 62em) 33vw, 100vw';

interface ProductImageProps {
  src: string;
  alt: string;
  /** Defaults to the widths the API stores of its own images (docs/decisions/0021-image-width-variants.md). */
  srcSet?: string;
  /** How wide the image is drawn, so the browser picks from srcSet; without it, 100vw. */
  sizes?: string;
  /** Above-the-fold images load at once; everything else waits until it is near the viewport. */
  eager?: boolean;
  /** The page's largest (LCP) image is fetched ahead of scripts and other images. */
  highPriority?: boolean;
  radius?: string;
}

export function ProductImage({
  src,
  alt,
  srcSet = srcSetFor(src),
  sizes,
  eager = false,
  highPriority = false,
  radius,
}: ProductImageProps) {
  const t = useT();
  // 'renditions' failed: try the original alone (older photos have no narrower copies).
  const [failed, setFailed] = useState<'none' | 'renditions' | 'all'>('none');
  const useSrcSet = srcSet !== undefined && failed === 'none';
  const fail = () => setFailed(useSrcSet ? 'renditions' : 'all');
  const imgRef = useRef<HTMLImageElement>(null);
  // A server-rendered image can fail before React listens for its error event: catch up on mount.
  useEffect(() => {
    const img = imgRef.current;
    // currentSrc: a lazy image not fetched yet has none, and is not a failure.
    if (img?.complete && img.naturalWidth === 0 && img.currentSrc) fail();
    // Once, on mount: later failures arrive as error events.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <Box
      pos="relative"
      style={{
        aspectRatio: `${PRODUCT_IMAGE_WIDTH} / ${PRODUCT_IMAGE_HEIGHT}`,
        background: 'var(--mantine-color-default-hover)',
        borderRadius: radius,
        overflow: 'hidden',
      }}
    >
      {failed === 'all' || !src ? (
        <Center h="100%" role="img" aria-label={alt}>
          <Text c="dimmed" size="sm">
            {t('common.noPhoto')}
          </Text>
        </Center>
      ) : (
        <img
          src={src}
          srcSet={useSrcSet ? srcSet : undefined}
          sizes={useSrcSet ? sizes : undefined}
          alt={alt}
          width={PRODUCT_IMAGE_WIDTH}
          height={PRODUCT_IMAGE_HEIGHT}
          loading={eager || highPriority ? 'eager' : 'lazy'}
          fetchPriority={highPriority ? 'high' : 'auto'}
          decoding="async"
          ref={imgRef}
          onError={fail}
          style={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }}
        />
      )}
    </Box>
  );
}
