import { useEffect, useMemo } from 'react';
import { Avatar, FileInput, Group, Progress, Stack, Text } from '@mantine/core';
import { UploadIcon } from '@/shared/components/icons';

export const PHOTO_TYPES = 'image/png,image/jpeg,image/webp';
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

/** The inline message for a chosen photo, or null when it can be uploaded. */
export function photoError(file: File | null): string | null {
  if (!file) return 'Choose a photo of yourself';
  if (!PHOTO_TYPES.split(',').includes(file.type)) return 'Use a JPEG, PNG or WebP image';
  if (file.size > MAX_PHOTO_BYTES) return 'The photo is larger than 5 MB; choose a smaller one';
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
  const preview = useMemo(() => (value ? URL.createObjectURL(value) : null), [value]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  return (
    <Stack gap={6}>
      <Group gap="sm" align="flex-start" wrap="nowrap">
        <Avatar src={preview} size={54} radius="xl" alt="" aria-hidden mt={24} />
        <FileInput
          label="Photo"
          name="photo"
          placeholder="Choose an image"
          accept={PHOTO_TYPES}
          required
          clearable
          value={value}
          onChange={onChange}
          error={error}
          leftSection={<UploadIcon size={16} />}
          description="JPEG, PNG or WebP, up to 5 MB"
          disabled={disabled}
          flex={1}
          miw={0}
        />
      </Group>
      {progress !== null && (
        <Stack gap={2}>
          <Progress value={progress} size="sm" animated={progress < 100} aria-label="Photo upload progress" />
          <Text size="xs" c="dimmed" aria-live="polite">
            {progress < 100 ? `Uploading photo… ${progress}%` : 'Photo uploaded'}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
