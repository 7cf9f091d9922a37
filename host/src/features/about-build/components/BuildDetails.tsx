import { Code, DataList, Text } from '@mantine/core';
import type { BuildInfo } from '@/lib/federation/host-contract';
import { formatBuildTime } from './format-build-time';

interface BuildDetailsProps {
  build: BuildInfo;
  contractLabel: string;
  manifestUrl?: string;
}

export function BuildDetails({ build, contractLabel, manifestUrl }: BuildDetailsProps) {
  return (
    <DataList size="sm" labelWidth="8.5rem" gap="xs">
      <DataList.Item>
        <DataList.ItemLabel>Version</DataList.ItemLabel>
        <DataList.ItemValue>
          <Code data-testid={`version-${build.name}`}>{build.version}</Code>
        </DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>Label</DataList.ItemLabel>
        <DataList.ItemValue data-testid={`label-${build.name}`}>
          {build.label || (
            <Text span c="dimmed" size="sm">
              none
            </Text>
          )}
        </DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>Built</DataList.ItemLabel>
        <DataList.ItemValue>
          <time dateTime={build.buildTime}>{formatBuildTime(build.buildTime)}</time>
        </DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>{contractLabel}</DataList.ItemLabel>
        <DataList.ItemValue>{build.hostContract}</DataList.ItemValue>
      </DataList.Item>
      {manifestUrl && (
        <DataList.Item>
          <DataList.ItemLabel>Manifest</DataList.ItemLabel>
          <DataList.ItemValue style={{ overflowWrap: 'anywhere' }}>
            <Text span size="xs" ff="monospace">
              {manifestUrl}
            </Text>
          </DataList.ItemValue>
        </DataList.Item>
      )}
    </DataList>
  );
}
