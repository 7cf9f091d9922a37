import { Paper, Text, Title } from '@mantine/core';
import type { Condition } from 'shared-contracts/listing-vocabulary';
import { useT } from '@/shared/i18n';

/**
 * A grade is a promise only with its definition beside it (shared-contracts/listing-vocabulary's
 * CONDITION_DEFINITIONS, in the catalog's messages in each language).
 */
export function ConditionNote({ grade }: { grade: Condition }) {
  const t = useT();
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby="condition-heading"
      data-testid="details-condition"
    >
      <Title order={2} fz="lg" id="condition-heading" mb="xs">
        {t('details.conditionTitle', { grade: t(`condition.${grade}`) })}
      </Title>
      <dl style={{ margin: 0 }}>
        <Text component="dt" size="sm" fw={600}>
          {t('details.appearance')}
        </Text>
        <Text component="dd" size="sm" m={0} mb="xs">
          {t(`conditionDefinition.${grade}.appearance`)}
        </Text>
        <Text component="dt" size="sm" fw={600}>
          {t('details.function')}
        </Text>
        <Text component="dd" size="sm" m={0}>
          {t(`conditionDefinition.${grade}.function`)}
        </Text>
      </dl>
    </Paper>
  );
}
