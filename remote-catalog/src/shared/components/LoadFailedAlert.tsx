import { Alert, Button, Stack, Text } from '@mantine/core';

/** What a page shows when its data could not be fetched: what failed, and a way to try again. */
export function LoadFailedAlert({ title, onRetry, mb }: { title: string; onRetry: () => void; mb?: string }) {
  return (
    <Alert color="red" title={title} role="alert" mb={mb}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">Check your connection and try again.</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
