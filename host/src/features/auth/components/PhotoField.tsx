import { useEffect, useMemo, type ReactNode } from 'react';
import { Avatar, FileInput, Group, Progress, Stack, Text } from '@mantine/core';
import { UploadIcon } from '@/shared/components/icons';
import { useT } from '@/features/auth/i18n';
import { IMAGE_UPLOAD_TYPES } from 'shared-contracts/images';

// The rules (type, size) are shared-contracts' ImageFileSchema, checked by the register form.
const PHOTO_TYPES = IMAGE_UPLOAD_TYPES.join(',');

interface PhotoFieldProps {
  value: File | null;
  onChange: (file: File | null) => void;
  error?: ReactNode;
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
