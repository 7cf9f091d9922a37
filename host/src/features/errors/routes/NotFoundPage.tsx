import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useT } from '@/shared/i18n';

export function NotFoundPage() {
  const t = useT();
  return (
    <Center mih="60vh" px="md">
      <Stack align="center" gap="sm">
        <Title order={1} fz={96} c="indigo">
          404
        </Title>
        <Text size="xl" fw={600}>
          {t('notFound.message')}
        </Text>
        <Button component={Link} to="/">
          {t('notFound.home')}
        </Button>
      </Stack>
    </Center>
  );
}
