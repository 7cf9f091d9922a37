import { Alert, Badge, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { hostBuildInfo, refusalOf } from '@/lib/federation/host-contract';
import { useT, type Translate } from '@/features/about-build/i18n';
import type { LiveRemote, LiveRemoteError } from '../api/get-live-builds';
import { useRunningBuild } from '../api/get-running-build';
import { BuildDetails } from './BuildDetails';

function errorText(error: LiveRemoteError | null, t: Translate): string {
  switch (error?.reason) {
    case 'unreachable':
      return t('aboutBuild.errors.unreachable');
    case 'http':
      return t('aboutBuild.errors.http', { status: error.status });
    case 'no-record':
      return t('aboutBuild.errors.noRecord');
    default:
      return t('aboutBuild.errors.unknown');
  }
}

/** What a remote has live now, whether this host may run it, and what this tab actually runs. */
export function RemoteBuildCard({ remote }: { remote: LiveRemote }) {
  const t = useT();
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
            {t(`aboutBuild.parts.${name}`)}
          </Title>
          <Group gap={6}>
            <Badge variant="light" color={source === 'release' ? 'indigo' : 'gray'}>
              {source === 'release' ? t('aboutBuild.release') : t('aboutBuild.development')}
            </Badge>
            {build && (
              <Badge variant="light" color={compatible ? 'teal' : 'red'}>
                {compatible ? t('aboutBuild.compatible') : t('aboutBuild.refused')}
              </Badge>
            )}
          </Group>
        </Group>
        {build ? (
          <BuildDetails
            build={build}
            contractLabel={t('aboutBuild.needsContract')}
            manifestUrl={manifestUrl}
          />
        ) : (
          <Alert color="orange" title={t('aboutBuild.noInfo')} role="status">
            {errorText(error, t)} — {manifestUrl}
          </Alert>
        )}
        {build && refusal && (
          <Alert color="red" title={t('aboutBuild.notLoaded')} role="status">
            {refusal.missingExports.length > 0
              ? t('aboutBuild.missingExports', { exports: refusal.missingExports.join(', ') })
              : t('aboutBuild.otherContract', {
                  needed: build.hostContract,
                  provided: hostBuildInfo.hostContract,
                })}
          </Alert>
        )}
        {build && compatible && <RunningBuild live={remote} />}
      </Stack>
    </Card>
  );
}

function RunningBuild({ live }: { live: LiveRemote }) {
  const t = useT();
  const running = useRunningBuild(live.name);
  if (running.isPending)
    return <Skeleton height={22} radius="sm" aria-label={t('aboutBuild.loadingRunning')} />;
  if (running.isError) {
    return (
      <Text size="sm" c="orange.8" role="status">
        {t('aboutBuild.runningFailed')}
      </Text>
    );
  }
  const current = running.data;
  const version = { version: current.version, label: current.label };
  if (current.version === live.build?.version) {
    return (
      <Text size="sm" c="dimmed" data-testid={`running-${live.name}`}>
        {current.label ? t('aboutBuild.runsLabelled', version) : t('aboutBuild.runs', version)}
      </Text>
    );
  }
  return (
    <Alert
      color="yellow"
      title={t('aboutBuild.differentLive')}
      role="status"
      data-testid={`running-${live.name}`}
    >
      {current.label ? t('aboutBuild.stillRunsLabelled', version) : t('aboutBuild.stillRuns', version)}
    </Alert>
  );
}
