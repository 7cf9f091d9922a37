import { NativeSelect, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import {
  BatteryHealthSources,
  CPU_LINE_LABELS,
  describeResolution,
  formatStorage,
  normaliseCpu,
  OperatingSystems,
  RAM_CHOICES_GB,
  RESOLUTION_CHOICES,
  SPEC_LIMITS,
  STORAGE_CHOICES_GB,
  StorageTypes,
} from 'shared-contracts/listing-vocabulary';
import { useT, type Translate } from '@/shared/i18n';
import { NUMBER_INPUT, WHOLE_NUMBER_INPUT, type ProductForm } from './field-bindings';

type Option = { value: string; label: string };

/** A select that starts on a "Choose…" option, so nothing is chosen for the seller. */
const withPrompt = (options: Option[], prompt: string) => [{ value: '', label: prompt }, ...options];

// Sizes, resolutions and brand names read the same in both languages (as the catalog shows them).
const RAM_CHOICES = RAM_CHOICES_GB.map((gb) => ({ value: String(gb), label: `${gb} GB` }));
// 1000 and 1024 GB both read "1 TB": the GB figure tells them apart.
const STORAGE_CHOICES = STORAGE_CHOICES_GB.map((gb) => ({
  value: String(gb),
  label: gb >= 1000 ? `${formatStorage(gb)} (${gb} GB)` : formatStorage(gb),
}));
const STORAGE_TYPE_CHOICES = StorageTypes.map((type) => ({ value: type, label: type }));
const RESOLUTION_CHOICE_OPTIONS = RESOLUTION_CHOICES.map((resolution) => ({
  value: resolution,
  label: describeResolution(resolution),
}));

/** Every select's options in the page's language. */
function specOptions(t: Translate) {
  const choose = t('products.specs.choose');
  return {
    ram: withPrompt(RAM_CHOICES, choose),
    storage: withPrompt(STORAGE_CHOICES, choose),
    storageType: withPrompt(STORAGE_TYPE_CHOICES, choose),
    resolution: withPrompt(RESOLUTION_CHOICE_OPTIONS, choose),
    os: withPrompt(
      OperatingSystems.map((os) => ({ value: os, label: os === 'None' ? t('products.specs.osNone') : os })),
      choose,
    ),
    batterySource: withPrompt(
      BatteryHealthSources.map((source) => ({
        value: source,
        label: t(`products.specs.batterySources.${source}`),
      })),
      t('products.specs.notGiven'),
    ),
  };
}

/**
 * What buyers will filter the typed processor under (the API derives the same with normaliseCpu).
 * The lines are named as the catalog's CPU filter names them.
 */
export function processorPreview(processor: string, t: Translate): string {
  if (processor.trim().length < 2) return t('products.specs.processorHint');
  const { line, family } = normaliseCpu(processor);
  if (line === 'other') return t('products.specs.processorUnknown', { label: CPU_LINE_LABELS.other });
  if (line === 'intel-other' || line === 'amd-other')
    return t('products.specs.processorRecognised', { family: CPU_LINE_LABELS[line] });
  return t('products.specs.processorRecognised', { family });
}

const { screenInches, batteryHealthPercent, warrantyMonths, specText } = SPEC_LIMITS;

/** The laptop's specs (docs/product.md#laptop-specs): required except battery health and warranty. */
export function SpecsFields({ form }: { form: ProductForm }) {
  const t = useT();
  const options = useMemo(() => specOptions(t), [t]);
  const { values } = form;
  const batteryGiven = values.batteryHealthPercent !== '';
  return (
    <Stack gap="md">
      <TextInput
        label={t('products.specs.processor')}
        withAsterisk
        maxLength={specText.max}
        placeholder={t('products.specs.processorPlaceholder')}
        description={<span aria-live="polite">{processorPreview(values.processor, t)}</span>}
        {...form.getInputProps('processor')}
      />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <NativeSelect
          label={t('products.specs.ram')}
          withAsterisk
          data={options.ram}
          {...form.getInputProps('ramGb')}
        />
        <NativeSelect
          label={t('products.specs.storageSize')}
          withAsterisk
          data={options.storage}
          {...form.getInputProps('storageGb')}
        />
        <NativeSelect
          label={t('products.specs.storageType')}
          withAsterisk
          data={options.storageType}
          {...form.getInputProps('storageType')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <NumberInput
          label={t('products.specs.screen')}
          withAsterisk
          description={t('products.specs.screenHint', screenInches)}
          placeholder="15.6"
          min={screenInches.min}
          max={screenInches.max}
          step={0.1}
          decimalScale={1}
          {...NUMBER_INPUT}
          {...form.getInputProps('screenInches')}
        />
        <NativeSelect
          label={t('products.specs.resolution')}
          withAsterisk
          description={t('products.specs.resolutionHint')}
          data={options.resolution}
          {...form.getInputProps('resolution')}
        />
        <TextInput
          label={t('products.specs.graphics')}
          withAsterisk
          maxLength={specText.max}
          description={t('products.specs.graphicsHint')}
          placeholder={t('products.specs.graphicsPlaceholder')}
          {...form.getInputProps('graphics')}
        />
        <NativeSelect
          label={t('products.specs.os')}
          withAsterisk
          description={t('products.specs.osHint')}
          data={options.os}
          {...form.getInputProps('os')}
        />
        <NumberInput
          label={t('products.specs.battery')}
          description={t('products.specs.batteryHint')}
          placeholder={t('products.specs.batteryPlaceholder')}
          min={batteryHealthPercent.min}
          max={batteryHealthPercent.max}
          {...WHOLE_NUMBER_INPUT}
          {...form.getInputProps('batteryHealthPercent')}
        />
        <NativeSelect
          label={t('products.specs.batterySource')}
          withAsterisk={batteryGiven}
          description={t(
            batteryGiven ? 'products.specs.batterySourceRequired' : 'products.specs.batterySourceOnly',
          )}
          data={options.batterySource}
          {...form.getInputProps('batteryHealthSource')}
        />
        <NumberInput
          label={t('products.specs.warranty')}
          description={t('products.specs.warrantyHint', warrantyMonths)}
          placeholder="0"
          min={warrantyMonths.min}
          max={warrantyMonths.max}
          {...WHOLE_NUMBER_INPUT}
          {...form.getInputProps('warrantyMonths')}
        />
      </SimpleGrid>
    </Stack>
  );
}
