import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <Center mih="60vh" px="md">
      <Stack align="center" gap="sm">
        <Title order={1} fz={96} c="indigo">
          404
        </Title>
        <Text size="xl" fw={600}>
          oops! page not found
        </Text>
        <Button component={Link} to="/">
          Home
        </Button>
      </Stack>
    </Center>
  );
}
