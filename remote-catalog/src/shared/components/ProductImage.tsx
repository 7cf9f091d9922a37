import { useState } from 'react';
import { Box, Center, Text } from '@mantine/core';

// Product photos are stored 800×600 by the API; declaring it reserves the box before the bytes
// arrive, so cards never jump (no layout shift).
export const PRODUCT_IMAGE_WIDTH = 800;
export const PRODUCT_IMAGE_HEIGHT = 600;

interface ProductImageProps {
  src: string;
  alt: string;
  /** Above-the-fold images load at once; everything else waits until it is near the viewport. */
  eager?: boolean;
  /** The page's largest (LCP) image is fetched ahead of scripts and other images. */
  highPriority?: boolean;
  radius?: string;
}

export function ProductImage({ src, alt, eager = false, highPriority = false, radius }: ProductImageProps) {
  const [failed, setFailed] = useState(false);
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
      {failed || !src ? (
        <Center h="100%" role="img" aria-label={alt}>
          <Text c="dimmed" size="sm">
            No photo
          </Text>
        </Center>
      ) : (
        <img
          src={src}
          alt={alt}
          width={PRODUCT_IMAGE_WIDTH}
          height={PRODUCT_IMAGE_HEIGHT}
          loading={eager || highPriority ? 'eager' : 'lazy'}
          fetchPriority={highPriority ? 'high' : 'auto'}
          decoding="async"
          onError={() => setFailed(true)}
          style={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }}
        />
      )}
    </Box>
  );
}
