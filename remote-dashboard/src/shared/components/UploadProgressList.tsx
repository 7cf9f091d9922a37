import { Progress, Stack, Text } from '@mantine/core';
import type { ImageUpload } from '../hooks/use-image-uploads';

export interface UploadProgressListProps {
  /** What went wrong with the files chosen last (useImageUploads' `problems`). */
  problems: string[];
  /** The uploads under way (useImageUploads' `uploads`). */
  uploads: ImageUpload[];
  /** The progress bar's accessible name for a file. */
  label: (name: string) => string;
  /** The line under the bar, which says the progress in words. */
  text: (name: string, progress: number) => string;
}

/**
 * An image field's upload state: the problems as an alert, so they are read out as they appear,
 * then a bar and a line of text for each upload under way. A fragment, so it sits in the field's
 * own Stack.
 */
export function UploadProgressList({ problems, uploads, label, text }: UploadProgressListProps) {
  return (
    <>
      {problems.length > 0 && (
        <Stack gap={2} role="alert">
          {problems.map((problem) => (
            <Text key={problem} size="sm" c="red.8">
              {problem}
            </Text>
          ))}
        </Stack>
      )}
      {uploads.map((upload) => (
        <Stack gap={2} key={upload.key}>
          <Progress value={upload.progress} aria-label={label(upload.name)} animated striped />
          <Text size="xs" c="dimmed">
            {text(upload.name, upload.progress)}
          </Text>
        </Stack>
      ))}
    </>
  );
}
