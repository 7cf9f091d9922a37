import { useEffect, useRef } from 'react';
import { ActionIcon, Box, FileInput, Image, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { MAX_DISPUTE_PHOTOS } from 'shared-contracts/money';
import { srcSetFor } from 'shared-contracts/image-sizes';
import { UploadProgressList } from '@/shared/components/UploadProgressList';
import { useImageUploads } from '@/shared/hooks/use-image-uploads';
import { useT } from '@/shared/i18n';
import { ACCEPTED_IMAGE_TYPES } from '@/shared/lib/image-file';

export interface DisputePhotoFieldProps {
  /** The uploaded photos' URLs (the site's own, from POST /images). */
  photos: string[];
  /** Takes an update, not a list: uploads finish after other changes to the list. */
  onPhotosChange: (update: (photos: string[]) => string[]) => void;
  onUploadingChange: (uploading: boolean) => void;
  error?: string;
}

/**
 * A dispute's photos: each chosen file goes to POST /images (web-kit's uploadImage), one after
 * the other; the buyer sees each as a preview and may remove it. Up to MAX_DISPUTE_PHOTOS.
 */
export function DisputePhotoField({
  photos,
  onPhotosChange,
  onUploadingChange,
  error,
}: DisputePhotoFieldProps) {
  const t = useT();
  const { uploads, problems, announcement, setAnnouncement, choose, uploading } = useImageUploads({
    room: (pending) => Math.max(MAX_DISPUTE_PHOTOS - photos.length - pending, 0),
    onUploaded: (url, file) => {
      onPhotosChange((current) =>
        current.includes(url) || current.length >= MAX_DISPUTE_PHOTOS ? current : [...current, url],
      );
      setAnnouncement(t('disputeForm.photoUploaded', { name: file.name }));
    },
    tooMany: (left) => t('disputeForm.tooMany', { max: MAX_DISPUTE_PHOTOS, left }),
  });
  const picker = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);

  useEffect(() => onUploadingChange(uploading), [uploading, onUploadingChange]);

  const remove = (index: number) => {
    const url = photos[index]!;
    onPhotosChange((current) => current.filter((u) => u !== url));
    setAnnouncement(t('disputeForm.photoRemoved', { n: index + 1 }));
    // Focus stays in the list: on the photo that takes its place, or back on the picker.
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>('button');
    const next = buttons?.[index + 1] ?? buttons?.[index - 1];
    (next ?? picker.current)?.focus();
  };

  const full = photos.length + uploads.length >= MAX_DISPUTE_PHOTOS;
  return (
    <Stack gap="xs">
      <FileInput<true>
        ref={picker}
        label={t('disputeForm.photos')}
        placeholder={t(full ? 'disputeForm.photosFull' : 'disputeForm.choosePhotos')}
        description={t('disputeForm.photosHint', { max: MAX_DISPUTE_PHOTOS })}
        accept={ACCEPTED_IMAGE_TYPES.join(',')}
        multiple
        value={[]}
        onChange={choose}
        disabled={full}
        error={error}
        fileInputProps={{ 'aria-label': t('disputeForm.photoFiles') }}
      />
      <Text size="xs" c="dimmed" aria-live="polite">
        {announcement}
      </Text>
      <UploadProgressList
        problems={problems}
        uploads={uploads}
        label={(name) => t('disputeForm.uploadingLabel', { name })}
        text={(name, progress) => t('disputeForm.uploading', { name, progress })}
      />
      {photos.length > 0 && (
        <SimpleGrid
          component="ul"
          ref={list}
          cols={{ base: 3, xs: 5 }}
          spacing="xs"
          aria-label={t('disputeForm.photoList')}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {photos.map((url, index) => (
            <Paper component="li" key={url} withBorder radius="sm" p={4}>
              <Box pos="relative">
                <Image
                  src={url}
                  srcSet={srcSetFor(url)}
                  sizes="120px"
                  alt={t('disputeForm.photoAlt', { n: index + 1 })}
                  radius="sm"
                  fit="cover"
                  style={{ aspectRatio: '4 / 3' }}
                />
                <ActionIcon
                  pos="absolute"
                  top={4}
                  right={4}
                  size="sm"
                  color="red.9"
                  variant="filled"
                  aria-label={t('disputeForm.removePhoto', { n: index + 1 })}
                  onClick={() => remove(index)}
                >
                  <svg width={12} height={12} viewBox="0 0 16 16" fill="none" aria-hidden>
                    <path
                      d="M4 4l8 8M12 4l-8 8"
                      stroke="currentColor"
                      strokeWidth={2}
                      strokeLinecap="round"
                    />
                  </svg>
                </ActionIcon>
              </Box>
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
