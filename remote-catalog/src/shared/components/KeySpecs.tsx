import { Text } from '@mantine/core';
import { formatStorage } from 'shared-contracts/listing-vocabulary';
import type { Specs } from 'shared-contracts/products';

/**
 * 'Intel Core i5 11th gen · 16 GB · 512 GB SSD': what buyers compare first, short enough for a
 * card in the four-column grid (storage is the figure with a type, so the bare one is memory).
 */
export function keySpecsLine(specs: Specs): string {
  return `${specs.cpuFamily} · ${specs.ramGb} GB · ${formatStorage(specs.storageGb)} ${specs.storageType}`;
}

/** One line on every product card; listings from before specs existed show nothing. */
export function KeySpecs({ specs }: { specs: Specs | null }) {
  if (!specs) return null;
  const line = keySpecsLine(specs);
  return (
    // One line at most: cards in a row keep the same height whatever the CPU's name.
    <Text size="xs" fw={600} lineClamp={1} title={line} data-testid="card-key-specs">
      {line}
    </Text>
  );
}
