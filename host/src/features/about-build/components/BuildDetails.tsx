import { Code, DataList, Text } from '@mantine/core';
import { useLanguage } from 'runtime-kernel';
import type { BuildInfo } from '@/lib/federation/host-contract';
import { useT } from '@/features/about-build/i18n';
import { formatBuildTime } from './format-build-time';

interface BuildDetailsProps {
  build: BuildInfo;
  contractLabel: string;
  manifestUrl?: string;
}

export function BuildDetails({ build, contractLabel, manifestUrl }: BuildDetailsProps) {
  const t = useT();
  const language = useLanguage();
  return (
    <DataList size="sm" labelWidth="8.5rem" gap="xs">
      <DataList.Item>
        <DataList.ItemLabel>{t('aboutBuild.details.version')}</DataList.ItemLabel>
        <DataList.ItemValue>
          <Code data-testid={`version-${build.name}`}>{build.version}</Code>
        </DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>{t('aboutBuild.details.label')}</DataList.ItemLabel>
        <DataList.ItemValue data-testid={`label-${build.name}`}>
          {build.label || (
            <Text span c="dimmed" size="sm">
              {t('aboutBuild.details.none')}
            </Text>
          )}
        </DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>{t('aboutBuild.details.built')}</DataList.ItemLabel>
        <DataList.ItemValue>
          <time dateTime={build.buildTime}>
            {formatBuildTime(build.buildTime, language) ?? t('aboutBuild.details.unknown')}
          </time>
        </DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>{contractLabel}</DataList.ItemLabel>
        <DataList.ItemValue>{build.hostContract}</DataList.ItemValue>
      </DataList.Item>
      {manifestUrl && (
        <DataList.Item>
          <DataList.ItemLabel>{t('aboutBuild.details.manifest')}</DataList.ItemLabel>
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
