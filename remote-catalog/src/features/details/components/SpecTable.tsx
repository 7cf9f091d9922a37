import { Alert, Stack, Table, Text } from '@mantine/core';
import type { ReadSpecs, Specs } from 'shared-contracts/products';
import { useT } from '@/shared/i18n';
import { readSpecRows, specRows, type SpecRow } from '../lib/spec-rows';
import * as classes from './SpecTable.module.css';

/**
 * Row headers on the left, so a screen reader announces "Memory, 16 GB" (WCAG 1.3.1). A listing
 * posted without specs shows what was read from its title and description under a note that the
 * seller has not confirmed them (docs/product.md#laptop-specs).
 */
export function SpecTable({
  specs,
  read,
  labelledBy,
}: {
  specs: Specs | null;
  /** What was read from an unconfirmed listing's title and description. */
  read?: ReadSpecs | null;
  labelledBy: string;
}) {
  const t = useT();
  if (read) {
    return (
      <Stack gap="sm">
        <Alert
          color="yellow"
          variant="light"
          title={t('details.specsUnconfirmedTitle')}
          data-testid="details-specs-unconfirmed"
        >
          {t('details.specsUnconfirmedText')}
        </Alert>
        <SpecRows rows={readSpecRows(read, t)} labelledBy={labelledBy} testId="details-specs-read" />
      </Stack>
    );
  }
  if (!specs) {
    return (
      <Text c="dimmed" data-testid="details-no-specs">
        {t('details.noSpecs')}
      </Text>
    );
  }
  return <SpecRows rows={specRows(specs, t)} labelledBy={labelledBy} testId="details-specs" />;
}

function SpecRows({ rows, labelledBy, testId }: { rows: SpecRow[]; labelledBy: string; testId: string }) {
  return (
    <Table className={classes.table} aria-labelledby={labelledBy} data-testid={testId} withRowBorders>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.label}>
            <Table.Th scope="row" className={classes.label}>
              {row.label}
            </Table.Th>
            <Table.Td className={classes.value}>
              {row.value}
              {row.note && (
                <Text component="span" display="block" size="xs" c="dimmed" mt={2}>
                  {row.note}
                </Text>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
