import {
  Alert,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { getQueryClient } from 'shared-auth';
import { hostBuildInfo } from '@/lib/federation/host-contract';
import { liveBuildsQueryOptions, useLiveBuilds } from '../api/get-live-builds';
import { BuildDetails } from '../components/BuildDetails';
import { RemoteBuildCard } from '../components/RemoteBuildCard';

/** Starts the manifest requests with the navigation; a failure is shown by the page, not thrown. */
export async function loader() {
  await getQueryClient().prefetchQuery(liveBuildsQueryOptions());
  return null;
}

export function AboutBuildPage() {
  const live = useLiveBuilds();
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="sm">
          <div>
            <Title order={1}>About this build</Title>
            <Text c="dimmed" size="sm" mt={4}>
              The host and each part of SecondByte are released on their own. This page shows what is live.
            </Text>
          </div>
          <Button variant="default" onClick={() => void live.refetch()} loading={live.isFetching}>
            Check again
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Card
            withBorder
            radius="md"
            padding="lg"
            component="section"
            aria-labelledby="build-host-title"
            data-testid="build-host"
          >
            <Stack gap="sm">
              <Title order={2} fz="lg" id="build-host-title">
                Host
              </Title>
              <BuildDetails build={hostBuildInfo} contractLabel="Provides contract" />
            </Stack>
          </Card>
          {live.isPending &&
            [0, 1, 2].map((i) => (
              <Skeleton key={i} height={220} radius="md" aria-label="Loading build information" />
            ))}
          {live.data?.map((remote) => (
            <RemoteBuildCard key={remote.name} remote={remote} />
          ))}
        </SimpleGrid>
        {live.isError && (
          <Alert color="red" title="Could not read what is live" role="alert">
            {live.error.message}
          </Alert>
        )}
      </Stack>
    </Container>
  );
}
