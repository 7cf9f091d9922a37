import {
  BATTERY_SOURCE_LABELS,
  describeResolution,
  formatStorage,
} from 'shared-contracts/listing-vocabulary';
import type { Specs } from 'shared-contracts/products';

export interface SpecRow {
  label: string;
  value: string;
  /** A second line in smaller print: how a figure was read, or the normalised CPU family. */
  note?: string;
}

const months = (n: number) => `${n} ${n === 1 ? 'month' : 'months'}`;

/** The details page's spec table, in the order a buyer compares laptops. */
export function specRows(specs: Specs): SpecRow[] {
  const battery = specs.batteryHealthPercent;
  return [
    {
      label: 'Processor',
      value: specs.processor,
      // The family is only worth a line when it says something the seller's words do not.
      note: specs.cpuFamily !== specs.processor ? specs.cpuFamily : undefined,
    },
    { label: 'Memory', value: `${specs.ramGb} GB` },
    { label: 'Storage', value: `${formatStorage(specs.storageGb)} ${specs.storageType}` },
    {
      label: 'Screen',
      value: `${specs.screenInches}-inch, ${describeResolution(specs.resolution)}`,
    },
    { label: 'Graphics', value: specs.graphics },
    {
      label: 'Battery health',
      value: battery === null ? 'Not stated' : `${battery}%`,
      note:
        battery !== null && specs.batteryHealthSource
          ? `Read from: ${BATTERY_SOURCE_LABELS[specs.batteryHealthSource]}`
          : undefined,
    },
    { label: 'Operating system', value: specs.os },
    {
      label: 'Warranty left',
      value: specs.warrantyMonths ? months(specs.warrantyMonths) : 'None',
    },
  ];
}
