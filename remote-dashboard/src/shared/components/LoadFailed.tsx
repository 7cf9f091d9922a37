import { Alert, Button, Stack, Text } from '@mantine/core';
import { errorMessage } from '../lib/error-message';
import { useT } from '@/shared/i18n';

/** What a page part shows when its data did not load: the title, the reason, and Try again. */
export function LoadFailed({ title, error, retry }: { title: string; error: unknown; retry: () => unknown }) {
  const t = useT();
  return (
    <Alert color="red" title={title} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{errorMessage(error)}</Text>
        <Button size="xs" variant="light" color="red" onClick={() => void retry()}>
          {t('common.tryAgain')}
        </Button>
      </Stack>
    </Alert>
  );
}
