import { useEffect, useRef, useState } from 'react';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  FileInput,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { MAX_PHOTOS } from 'shared-contracts/listing-vocabulary';
import { srcSetFor } from 'shared-contracts/image-sizes';
import { UploadProgressList } from '@/shared/components/UploadProgressList';
import { useImageUploads } from '@/shared/hooks/use-image-uploads';
import { useT } from '@/shared/i18n';
import { ACCEPTED_IMAGE_TYPES } from '@/shared/lib/image-file';
import { addPhoto, movePhoto, photoCount, removePhoto } from './photo-list';

export type UploadStatus = 'idle' | 'uploading';

interface PhotoUploadProps {
  /** The uploaded photos' URLs, the cover first. */
  photos: string[];
  /** Takes an update, not a list: uploads finish after other changes to the list. */
  onPhotosChange: (update: (photos: string[]) => string[]) => void;
  onStatusChange?: (status: UploadStatus) => void;
  error?: string;
}

type PhotoAction = 'earlier' | 'later' | 'cover' | 'remove';

/**
 * Photos field: every chosen file goes to POST /images, one after the other so they keep the order
 * they were chosen in; the seller then orders them (the first is the cover) and removes any.
 */
export function PhotoUpload({ photos, onPhotosChange, onStatusChange, error }: PhotoUploadProps) {
  const t = useT();
  const { uploads, problems, announcement, setAnnouncement, choose, uploading } = useImageUploads({
    room: (pending) => MAX_PHOTOS - photos.length - pending,
    onUploaded: (url, file) => {
      onPhotosChange((current) => addPhoto(current, url));
      setAnnouncement(t('products.photos.uploaded', { name: file.name }));
    },
    tooMany: (left) => t('products.photos.tooMany', { max: MAX_PHOTOS, left }),
  });
  const [focusAfter, setFocusAfter] = useState<{ url: string; action: PhotoAction } | null>(null);
  const list = useRef<HTMLDivElement>(null);
  const picker = useRef<HTMLButtonElement>(null);

  useEffect(() => onStatusChange?.(uploading ? 'uploading' : 'idle'), [uploading, onStatusChange]);

  // Reordering moves the DOM node that held focus: put focus back on the same photo's control.
  useEffect(() => {
    if (!focusAfter) return;
    const card = list.current?.querySelector(`[data-photo="${CSS.escape(focusAfter.url)}"]`);
    const buttons = card ? [...card.querySelectorAll<HTMLButtonElement>('button:not(:disabled)')] : [];
    const target = buttons.find((b) => b.dataset.action === focusAfter.action) ?? buttons[0];
    (target ?? picker.current)?.focus();
    setFocusAfter(null);
  }, [focusAfter, photos]);

  const act = (index: number, action: PhotoAction) => {
    const url = photos[index]!;
    const n = index + 1;
    if (action === 'remove') {
      onPhotosChange((current) => removePhoto(current, current.indexOf(url)));
      setAnnouncement(t('products.photos.removed', { n }));
      const neighbour = photos[index + 1] ?? photos[index - 1];
      setFocusAfter(neighbour ? { url: neighbour, action: 'remove' } : { url: '', action });
      return;
    }
    const to = action === 'cover' ? 0 : action === 'earlier' ? index - 1 : index + 1;
    onPhotosChange((current) => movePhoto(current, current.indexOf(url), to));
    setAnnouncement(
      to === 0 ? t('products.photos.nowCover', { n }) : t('products.photos.moved', { n, to: to + 1 }),
    );
    setFocusAfter({ url, action: action === 'cover' ? 'later' : action });
  };

  const full = photos.length + uploads.length >= MAX_PHOTOS;
  return (
    <Stack gap="xs">
      <FileInput<true>
        ref={picker}
        label={t('products.photos.add')}
        placeholder={t(full ? 'products.photos.full' : 'products.photos.choose')}
        description={t('products.photos.hint', { max: MAX_PHOTOS })}
        accept={ACCEPTED_IMAGE_TYPES.join(',')}
        multiple
        value={[]}
        onChange={choose}
        disabled={full}
        withAsterisk
        error={error}
        fileInputProps={{ 'aria-label': t('products.photos.files') }}
        data-field="photos"
      />
      <Text size="sm" fw={500} aria-live="polite" data-testid="photo-count">
        {photoCount(photos.length, t)}
        <Box component="span" fw={400} c="dimmed">
          {announcement && ` · ${announcement}`}
        </Box>
      </Text>
      <UploadProgressList
        problems={problems}
        uploads={uploads}
        label={(name) => t('products.photos.uploadingLabel', { name })}
        text={(name, progress) => t('products.photos.uploading', { name, progress })}
      />
      {photos.length > 0 && (
        <SimpleGrid
          component="ol"
          ref={list}
          cols={{ base: 2, xs: 3 }}
          spacing="sm"
          aria-label={t('products.photos.list')}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {photos.map((url, index) => (
            <PhotoCard
              key={url}
              url={url}
              index={index}
              count={photos.length}
              onAction={(action) => act(index, action)}
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function PhotoCard({
  url,
  index,
  count,
  onAction,
}: {
  url: string;
  index: number;
  count: number;
  onAction: (action: PhotoAction) => void;
}) {
  const t = useT();
  const n = index + 1;
  const cover = index === 0;
  return (
    <Paper component="li" withBorder radius="md" p={6} data-photo={url}>
      <Box pos="relative">
        <Image
          src={url}
          srcSet={srcSetFor(url)}
          sizes="200px"
          alt={cover ? t('products.photos.coverAlt', { count }) : t('products.photos.alt', { n, count })}
          radius="sm"
          fit="cover"
          style={{ aspectRatio: '4 / 3' }}
        />
        {cover && (
          <Badge pos="absolute" top={6} left={6} size="sm" color="dark" aria-hidden>
            {t('products.photos.cover')}
          </Badge>
        )}
      </Box>
      <Group gap={4} mt={6} justify="space-between" wrap="nowrap">
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="default"
            aria-label={t('products.photos.earlier', { n })}
            disabled={cover}
            data-action="earlier"
            onClick={() => onAction('earlier')}
          >
            <Arrow direction="left" />
          </ActionIcon>
          <ActionIcon
            variant="default"
            aria-label={t('products.photos.later', { n })}
            disabled={index === count - 1}
            data-action="later"
            onClick={() => onAction('later')}
          >
            <Arrow direction="right" />
          </ActionIcon>
        </Group>
        <Group gap={4} wrap="nowrap">
          {!cover && (
            <Button
              size="compact-xs"
              // Subtle's hover tint under indigo text is below 4.5:1; default keeps the text dark.
              variant="default"
              aria-label={t('products.photos.makeCover', { n })}
              data-action="cover"
              onClick={() => onAction('cover')}
            >
              {t('products.photos.coverButton')}
            </Button>
          )}
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('products.photos.remove', { n })}
            data-action="remove"
            onClick={() => onAction('remove')}
          >
            <Cross />
          </ActionIcon>
        </Group>
      </Group>
    </Paper>
  );
}

const iconProps = {
  width: 16,
  height: 16,
  viewBox: '0 0 16 16',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
} as const;

const Arrow = ({ direction }: { direction: 'left' | 'right' }) => (
  <svg {...iconProps}>
    <path d={direction === 'left' ? 'M10 3 5 8l5 5' : 'm6 3 5 5-5 5'} />
  </svg>
);

const Cross = () => (
  <svg {...iconProps}>
    <path d="M4 4l8 8M12 4l-8 8" />
  </svg>
);
