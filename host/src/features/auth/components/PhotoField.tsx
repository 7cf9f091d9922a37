import { useEffect, useMemo } from 'react';
import { Avatar, FileInput, Group, Progress, Stack, Text } from '@mantine/core';
import { UploadIcon } from '@/shared/components/icons';
import { useT, type Translate } from '@/shared/i18n';

export const PHOTO_TYPES = 'image/png,image/jpeg,image/webp';
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

/** The inline message for a chosen photo, or null when it can be uploaded. */
export function photoError(file: File | null, t: Translate): string | null {
  if (!file) return t('auth.photoMissing');
  if (!PHOTO_TYPES.split(',').includes(file.type)) return t('auth.photoType');
  if (file.size > MAX_PHOTO_BYTES) return t('auth.photoTooLarge');
  return null;
}

interface PhotoFieldProps {
  value: File | null;
  onChange: (file: File | null) => void;
  error?: string | null;
  /** 0–100 while uploading, null otherwise. */
  progress: number | null;
  disabled?: boolean;
}

/** Photo picker with a preview and the upload's progress (docs/decisions/0007-api-uploads-through-the-api.md). */
export function PhotoField({ value, onChange, error, progress, disabled }: PhotoFieldProps) {
  const t = useT();
  const preview = useMemo(() => (value ? URL.createObjectURL(value) : null), [value]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  return (
    <Stack gap={6}>
      <Group gap="sm" align="flex-start" wrap="nowrap">
        <Avatar src={preview} size={54} radius="xl" alt="" aria-hidden mt={24} />
        <FileInput
          label={t('auth.photo')}
          name="photo"
          placeholder={t('auth.photoPlaceholder')}
          accept={PHOTO_TYPES}
          required
          clearable
          value={value}
          onChange={onChange}
          error={error}
          leftSection={<UploadIcon size={16} />}
          description={t('auth.photoHelp')}
          disabled={disabled}
          flex={1}
          miw={0}
        />
      </Group>
      {progress !== null && (
        <Stack gap={2}>
          <Progress
            value={progress}
            size="sm"
            animated={progress < 100}
            aria-label={t('auth.photoProgress')}
          />
          <Text size="xs" c="dimmed" aria-live="polite">
            {progress < 100 ? t('auth.photoUploading', { percent: progress }) : t('auth.photoUploaded')}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
