import { useState } from 'react';
import { Image, Modal, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { srcSetFor } from 'shared-contracts/image-sizes';
import { useT } from '@/shared/i18n';

/** The dispute's photos as thumbnails; each opens larger in a dialog of its own. */
export function DisputePhotos({ photos }: { photos: string[] }) {
  const t = useT();
  const [open, setOpen] = useState<number | null>(null);
  if (photos.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('disputeDetail.noPhotos')}
      </Text>
    );
  const count = photos.length;
  return (
    <>
      <SimpleGrid
        component="ul"
        cols={{ base: 3, sm: 5 }}
        spacing="xs"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {photos.map((url, index) => (
          <li key={url}>
            <UnstyledButton
              onClick={() => setOpen(index)}
              aria-label={t('disputeDetail.openPhoto', { n: index + 1, count })}
              style={{ display: 'block', width: '100%' }}
            >
              <Image
                src={url}
                srcSet={srcSetFor(url)}
                sizes="120px"
                alt=""
                radius="sm"
                fit="cover"
                style={{ aspectRatio: '4 / 3' }}
              />
            </UnstyledButton>
          </li>
        ))}
      </SimpleGrid>
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        title={open !== null ? t('disputeDetail.photoAlt', { n: open + 1, count }) : ''}
        size="xl"
        centered
      >
        {open !== null && (
          <Image
            src={photos[open]}
            srcSet={srcSetFor(photos[open]!)}
            sizes="(max-width: 48em) 100vw, 800px"
            alt={t('disputeDetail.photoAlt', { n: open + 1, count })}
            radius="sm"
            fit="contain"
            mah="75vh"
          />
        )}
      </Modal>
    </>
  );
}
