import { Text } from '@mantine/core';
import { formatStorage } from 'shared-contracts/listing-vocabulary';
import type { Specs } from 'shared-contracts/products';

const memoryAndStorage = (specs: Specs) =>
  `${specs.ramGb} GB · ${formatStorage(specs.storageGb)} ${specs.storageType}`;

/** 'Intel Core i5 11th gen · 16 GB · 512 GB SSD': what buyers compare first. */
export function keySpecsLine(specs: Specs): string {
  return `${specs.cpuFamily} · ${memoryAndStorage(specs)}`;
}

/** One line on every product card; listings from before specs existed show nothing. */
export function KeySpecs({ specs }: { specs: Specs | null }) {
  if (!specs) return null;
  return (
    // One line, so cards in a row keep one height: a long CPU name is cut, never the figures.
    <Text
      size="xs"
      fw={600}
      title={keySpecsLine(specs)}
      data-testid="card-key-specs"
      style={{ display: 'flex', whiteSpace: 'nowrap' }}
    >
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{specs.cpuFamily}</span>
      <span style={{ flexShrink: 0 }}>&nbsp;· {memoryAndStorage(specs)}</span>
    </Text>
  );
}
