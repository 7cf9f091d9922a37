import { Paper, Text, Title } from '@mantine/core';
import { CONDITION_DEFINITIONS, type Condition } from 'shared-contracts/listing-vocabulary';

/** A grade is a promise only with its definition beside it (shared-contracts/listing-vocabulary). */
export function ConditionNote({ grade }: { grade: Condition }) {
  const definition = CONDITION_DEFINITIONS[grade];
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
        Condition: {grade}
      </Title>
      <dl style={{ margin: 0 }}>
        <Text component="dt" size="sm" fw={600}>
          Appearance
        </Text>
        <Text component="dd" size="sm" m={0} mb="xs">
          {definition.appearance}
        </Text>
        <Text component="dt" size="sm" fw={600}>
          Function
        </Text>
        <Text component="dd" size="sm" m={0}>
          {definition.function}
        </Text>
      </dl>
    </Paper>
  );
}
