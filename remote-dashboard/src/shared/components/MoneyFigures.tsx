import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { formatPaisa } from 'web-kit/format';

export interface MoneyFigure {
  key: string;
  label: string;
  /** Paisa; undefined while loading. */
  paisa: number | undefined;
  /** One line under the figure saying what it counts. */
  hint?: string;
}

/**
 * A row of money figures (a seller's balance, the site's totals): each a labelled amount in taka.
 * Each is a description list, so a screen reader hears the label with its amount.
 */
export function MoneyFigures({
  label,
  figures,
  currency,
  cols = { base: 2, md: 4 },
}: {
  label: string;
  figures: MoneyFigure[];
  currency?: string;
  cols?: { base: number; sm?: number; md?: number };
}) {
  return (
    <SimpleGrid cols={cols} spacing="md" role="group" aria-label={label}>
      {figures.map((figure) => (
        <Paper key={figure.key} component="dl" m={0} withBorder p="md" radius="md" data-figure={figure.key}>
          <Text component="dt" size="sm" c="dimmed">
            {figure.label}
          </Text>
          <Text component="dd" m={0} fz={{ base: 20, sm: 26 }} fw={700} lh={1.3} mt={4}>
            {figure.paisa === undefined ? (
              <Skeleton height={30} width="70%" />
            ) : (
              formatPaisa(figure.paisa, undefined, currency)
            )}
          </Text>
          {figure.hint && (
            <Text size="xs" c="dimmed" mt={4}>
              {figure.hint}
            </Text>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}
