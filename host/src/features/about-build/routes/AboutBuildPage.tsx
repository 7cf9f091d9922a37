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
import { ApiError, getQueryClient } from 'runtime-kernel';
import { hostBuildInfo } from '@/lib/federation/host-contract';
import { useT } from '@/features/about-build/i18n';
import { liveBuildsQueryOptions, REMOTES_UNREADABLE, useLiveBuilds } from '../api/get-live-builds';
import { BuildDetails } from '../components/BuildDetails';
import { RemoteBuildCard } from '../components/RemoteBuildCard';

/** Starts the manifest requests with the navigation; a failure is shown by the page, not thrown. */
export async function loader() {
  await getQueryClient().prefetchQuery(liveBuildsQueryOptions());
  return null;
}

export function AboutBuildPage() {
  const t = useT();
  const live = useLiveBuilds();
  const failure =
    live.error instanceof ApiError && live.error.code === REMOTES_UNREADABLE
      ? t('aboutBuild.remotesFailed', { status: live.error.status })
      : t('aboutBuild.noAnswer');
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="sm">
          <div>
            <Title order={1}>{t('aboutBuild.title')}</Title>
            <Text c="dimmed" size="sm" mt={4}>
              {t('aboutBuild.intro')}
            </Text>
          </div>
          <Button variant="default" onClick={() => void live.refetch()} loading={live.isFetching}>
            {t('aboutBuild.checkAgain')}
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
                {t('aboutBuild.host')}
              </Title>
              <BuildDetails build={hostBuildInfo} contractLabel={t('aboutBuild.providesContract')} />
            </Stack>
          </Card>
          {live.isPending &&
            [0, 1, 2].map((i) => (
              <Skeleton key={i} height={220} radius="md" aria-label={t('aboutBuild.loading')} />
            ))}
          {live.data?.map((remote) => (
            <RemoteBuildCard key={remote.name} remote={remote} />
          ))}
        </SimpleGrid>
        {live.isError && (
          <Alert color="red" title={t('aboutBuild.failed')} role="alert">
            {failure}
          </Alert>
        )}
      </Stack>
    </Container>
  );
}
