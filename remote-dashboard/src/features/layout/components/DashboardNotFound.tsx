import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useT } from '@/shared/i18n';

export function DashboardNotFound() {
  const t = useT();
  return (
    <Stack align="center" ta="center" py={48} gap="sm">
      <Title order={1} fz={{ base: 26, sm: 30 }}>
        {t('notFound.title')}
      </Title>
      <Text c="dimmed">{t('notFound.text')}</Text>
      <Button component={Link} to="/dashboard" variant="light">
        {t('notFound.back')}
      </Button>
    </Stack>
  );
}
