import { Table, Text } from '@mantine/core';
import type { Specs } from 'shared-contracts/products';
import { useT } from '@/shared/i18n';
import { specRows } from '../lib/spec-rows';
import * as classes from './SpecTable.module.css';

/** Row headers on the left, so a screen reader announces "Memory, 16 GB" (WCAG 1.3.1). */
export function SpecTable({ specs, labelledBy }: { specs: Specs | null; labelledBy: string }) {
  const t = useT();
  if (!specs) {
    return (
      <Text c="dimmed" data-testid="details-no-specs">
        {t('details.noSpecs')}
      </Text>
    );
  }
  return (
    <Table className={classes.table} aria-labelledby={labelledBy} data-testid="details-specs" withRowBorders>
      <Table.Tbody>
        {specRows(specs, t).map((row) => (
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
