import { useId } from 'react';
import { Box, Group, Radio, SimpleGrid, Text } from '@mantine/core';
import type { Quality } from 'shared-contracts/products';
import { useT } from '@/shared/i18n';
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
  const t = useT();
  const id = useId();
  return (
    <Radio.Group
      label={t('products.condition.label')}
      description={t('products.condition.description')}
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
                {t(`products.condition.grades.${grade}`)}
              </Text>
            </Group>
            <Box component="span" display="block" mt={6} id={`${id}-${grade}-definition`}>
              <Text component="span" display="block" size="sm" c="dimmed">
                {t(`products.condition.definitions.${grade}.appearance`)}
              </Text>
              <Text component="span" display="block" size="sm" c="dimmed" mt={4}>
                {t(`products.condition.definitions.${grade}.function`)}
              </Text>
            </Box>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
