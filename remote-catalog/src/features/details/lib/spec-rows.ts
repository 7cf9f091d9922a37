import { describeResolution, formatStorage } from 'shared-contracts/listing-vocabulary';
import type { ReadSpecs, Specs } from 'shared-contracts/products';
import type { translate } from '@/shared/i18n';

type Translate = ReturnType<typeof translate>;

export interface SpecRow {
  label: string;
  value: string;
  /** A second line in smaller print: how a figure was read, or the normalised CPU family. */
  note?: string;
}

/** The details page's spec table, in the order a buyer compares laptops, in the page's language. */
export function specRows(specs: Specs, t: Translate): SpecRow[] {
  const months = (n: number) => (n === 1 ? t('specs.oneMonth') : t('specs.months', { count: n }));
  const battery = specs.batteryHealthPercent;
  return [
    {
      label: t('specs.processor'),
      value: specs.processor,
      // The family is only worth a line when it says something the seller's words do not.
      note: specs.cpuFamily !== specs.processor ? specs.cpuFamily : undefined,
    },
    { label: t('specs.memory'), value: `${specs.ramGb} GB` },
    { label: t('specs.storage'), value: `${formatStorage(specs.storageGb)} ${specs.storageType}` },
    {
      label: t('specs.screen'),
      value: t('specs.screenValue', {
        inches: specs.screenInches,
        resolution: describeResolution(specs.resolution),
      }),
    },
    { label: t('specs.graphics'), value: specs.graphics },
    {
      label: t('specs.battery'),
      value: battery === null ? t('specs.notStated') : `${battery}%`,
      note:
        battery !== null && specs.batteryHealthSource
          ? t('specs.readFrom', { source: t(`specs.batterySource.${specs.batteryHealthSource}`) })
          : undefined,
    },
    { label: t('specs.os'), value: specs.os === 'None' ? t('specs.none') : specs.os },
    {
      label: t('specs.warranty'),
      value: specs.warrantyMonths ? months(specs.warrantyMonths) : t('specs.none'),
    },
  ];
}

/**
 * The specs read from a listing posted without them (docs/product.md#laptop-specs): the four the
 * title and description can say, each one the listing does not say shown as unknown, never as 0.
 */
export function readSpecRows(read: ReadSpecs, t: Translate): SpecRow[] {
  const unknown = t('specs.unknown');
  return [
    {
      label: t('specs.processor'),
      value: read.processor ?? unknown,
    },
    { label: t('specs.memory'), value: read.ramGb === null ? unknown : `${read.ramGb} GB` },
    {
      label: t('specs.storage'),
      value:
        read.storageGb === null
          ? unknown
          : `${formatStorage(read.storageGb)}${read.storageType ? ` ${read.storageType}` : ''}`,
    },
    {
      label: t('specs.screen'),
      value: read.screenInches === null ? unknown : t('specs.screenInches', { inches: read.screenInches }),
    },
  ];
}
