import { Alert, Button, Stack, Text } from '@mantine/core';
import { useT } from '@/shared/i18n';

/** What a page shows when its data could not be fetched: what failed, and a way to try again. */
export function LoadFailedAlert({ title, onRetry, mb }: { title: string; onRetry: () => void; mb?: string }) {
  const t = useT();
  return (
    <Alert color="red" title={title} role="alert" mb={mb}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('common.checkConnection')}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          {t('common.tryAgain')}
        </Button>
      </Stack>
    </Alert>
  );
}
