import { useEffect, useRef, useState } from 'react';
import { Box, CloseButton, FileInput, Group, Image, Progress, Stack, Text } from '@mantine/core';
import { errorMessage } from '../../../shared/lib/format';
import { uploadImage } from 'shared-auth';
import { ACCEPTED_IMAGE_TYPES, checkImageFile } from './image-file';

export type UploadStatus = 'idle' | 'uploading' | 'done' | 'error';

interface PhotoUploadProps {
  /** The uploaded image URL, or null. */
  value: string | null;
  onChange: (url: string | null) => void;
  onStatusChange?: (status: UploadStatus) => void;
  error?: string;
}

/** Photo field: the file goes to POST /images as soon as it is chosen, with a progress bar. */
export function PhotoUpload({ value, onChange, onStatusChange, error }: PhotoUploadProps) {
  const [file, setFile] = useState<File | null>(null);
  const [status, setStatus] = useState<UploadStatus>('idle');
  const [progress, setProgress] = useState(0);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const update = (next: UploadStatus) => {
    setStatus(next);
    onStatusChange?.(next);
  };

  const choose = (chosen: File | null) => {
    controller.current?.abort();
    setFile(chosen);
    setUploadError(null);
    setProgress(0);
    onChange(null);
    if (!chosen) return update('idle');
    const problem = checkImageFile(chosen);
    if (problem) {
      setUploadError(problem);
      return update('error');
    }
    const abort = new AbortController();
    controller.current = abort;
    update('uploading');
    uploadImage(chosen, { onProgress: setProgress, signal: abort.signal }).then(
      (url) => {
        if (abort.signal.aborted) return;
        setProgress(100);
        onChange(url);
        update('done');
      },
      (err: unknown) => {
        if (abort.signal.aborted) return;
        setUploadError(errorMessage(err));
        update('error');
      },
    );
  };

  return (
    <Stack gap={6}>
      <FileInput
        label="Photo"
        placeholder="Choose a photo"
        description="JPEG, PNG or WebP, up to 5 MB"
        accept={ACCEPTED_IMAGE_TYPES.join(',')}
        value={file}
        onChange={choose}
        clearable
        withAsterisk
        error={uploadError ?? error}
        fileInputProps={{ 'aria-label': 'Photo file' }}
        data-field="image"
      />
      {status === 'uploading' && (
        <Stack gap={2}>
          <Progress value={progress} aria-label="Photo upload progress" animated striped />
          <Text size="xs" c="dimmed" aria-live="polite">
            Uploading… {progress}%
          </Text>
        </Stack>
      )}
      {status === 'done' && value && (
        <Group gap="sm" wrap="nowrap">
          <Box w={72} h={72} style={{ flexShrink: 0 }}>
            <Image src={value} alt="Uploaded product photo" w={72} h={72} fit="cover" radius="sm" />
          </Box>
          <Text size="sm" c="green" aria-live="polite" style={{ flex: 1 }}>
            Photo uploaded
          </Text>
          <CloseButton aria-label="Remove photo" onClick={() => choose(null)} />
        </Group>
      )}
    </Stack>
  );
}
