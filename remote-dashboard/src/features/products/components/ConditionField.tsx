import { useId } from 'react';
import { Box, Group, Radio, SimpleGrid, Text } from '@mantine/core';
import { CONDITION_DEFINITIONS } from 'shared-contracts/listing-vocabulary';
import type { Quality } from 'shared-contracts/products';
import { QUALITIES } from './product-form';

/** The condition grades as radio cards, each with what it promises, so the seller picks by definition. */
export function ConditionField({
  value,
  onChange,
  error,
}: {
  value: Quality;
  onChange: (value: Quality) => void;
  error?: string;
}) {
  const id = useId();
  return (
    <Radio.Group
      label="Condition"
      description="Pick the grade whose words fit the laptop: buyers read the same words."
      withAsterisk
      value={value}
      onChange={(next) => onChange(next as Quality)}
      error={error}
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" mt="xs">
        {QUALITIES.map((grade) => (
          // The grade is the radio's name, its definition the description a screen reader reads after it.
          <Radio.Card
            key={grade}
            value={grade}
            radius="md"
            p="sm"
            aria-labelledby={`${id}-${grade}`}
            aria-describedby={`${id}-${grade}-definition`}
            data-field={value === grade ? 'quality' : undefined}
          >
            <Group gap="xs" wrap="nowrap">
              <Radio.Indicator />
              <Text component="span" fw={600} id={`${id}-${grade}`}>
                {grade}
              </Text>
            </Group>
            <Box component="span" display="block" mt={6} id={`${id}-${grade}-definition`}>
              <Text component="span" display="block" size="sm" c="dimmed">
                {CONDITION_DEFINITIONS[grade].appearance}
              </Text>
              <Text component="span" display="block" size="sm" c="dimmed" mt={4}>
                {CONDITION_DEFINITIONS[grade].function}
              </Text>
            </Box>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
