import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export function DashboardNotFound() {
  return (
    <Stack align="center" ta="center" py={48} gap="sm">
      <Title order={1} fz={{ base: 26, sm: 30 }}>
        This dashboard page does not exist
      </Title>
      <Text c="dimmed">The link may be old. Use the menu to find your pages.</Text>
      <Button component={Link} to="/dashboard" variant="light">
        Back to the dashboard
      </Button>
    </Stack>
  );
}
