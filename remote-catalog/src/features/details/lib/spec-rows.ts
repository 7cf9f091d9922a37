import { describeResolution, formatStorage } from 'shared-contracts/listing-vocabulary';
import type { Specs } from 'shared-contracts/products';
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
