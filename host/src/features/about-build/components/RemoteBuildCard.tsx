import { Alert, Badge, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { hostBuildInfo, refusalOf } from '@/lib/federation/host-contract';
import { REMOTE_LABELS } from '@/lib/federation/remote-registry';
import type { LiveRemote } from '../api/get-live-builds';
import { useRunningBuild } from '../api/get-running-build';
import { BuildDetails } from './BuildDetails';

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** What a remote has live now, whether this host may run it, and what this tab actually runs. */
export function RemoteBuildCard({ remote }: { remote: LiveRemote }) {
  const { name, build, source, manifestUrl, error } = remote;
  const refusal = build ? refusalOf(name, build) : null;
  const compatible = build !== null && refusal === null;
  const titleId = `build-${name}-title`;
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby={titleId}
      data-testid={`build-${name}`}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="lg" id={titleId}>
            {capitalize(REMOTE_LABELS[name])}
          </Title>
          <Group gap={6}>
            <Badge variant="light" color={source === 'release' ? 'indigo' : 'gray'}>
              {source === 'release' ? 'Release' : 'Development build'}
            </Badge>
            {build && (
              <Badge variant="light" color={compatible ? 'teal' : 'red'}>
                {compatible ? 'Compatible' : 'Refused'}
              </Badge>
            )}
          </Group>
        </Group>
        {build ? (
          <BuildDetails build={build} contractLabel="Needs contract" manifestUrl={manifestUrl} />
        ) : (
          <Alert color="orange" title="No build information" role="status">
            {error ?? 'Unknown error'} — {manifestUrl}
          </Alert>
        )}
        {build && refusal && (
          <Alert color="red" title="Not loaded by this host" role="status">
            {refusal.missingExports.length > 0
              ? `It uses ${refusal.missingExports.join(', ')} from shared libraries this host was built without,`
              : `It needs host contract ${build.hostContract} and this host provides ${hostBuildInfo.hostContract},`}{' '}
            so visitors see the “unavailable” notice in its place. Promote a compatible release or roll it
            back.
          </Alert>
        )}
        {build && compatible && <RunningBuild live={remote} />}
      </Stack>
    </Card>
  );
}

function RunningBuild({ live }: { live: LiveRemote }) {
  const running = useRunningBuild(live.name);
  if (running.isPending) return <Skeleton height={22} radius="sm" aria-label="Loading the running version" />;
  if (running.isError) {
    return (
      <Text size="sm" c="orange.8" role="status">
        This tab could not load its code.
      </Text>
    );
  }
  const current = running.data;
  if (current.version === live.build?.version) {
    return (
      <Text size="sm" c="dimmed" data-testid={`running-${live.name}`}>
        This tab runs {current.version}
        {current.label ? ` (${current.label})` : ''}.
      </Text>
    );
  }
  return (
    <Alert
      color="yellow"
      title="A different version is live"
      role="status"
      data-testid={`running-${live.name}`}
    >
      This tab still runs {current.version}
      {current.label ? ` (${current.label})` : ''}. Reload the page to use the live one.
    </Alert>
  );
}
