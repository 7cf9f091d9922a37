import { NativeSelect, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import {
  BATTERY_SOURCE_LABELS,
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
import type { ProductFormErrors, ProductFormValues } from './product-form';

export interface FieldsProps {
  values: ProductFormValues;
  errors: ProductFormErrors;
  set: <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) => void;
}

/** A select that starts on a "Choose…" option, so nothing is chosen for the seller. */
const withPrompt = (options: { value: string; label: string }[], prompt = 'Choose…') => [
  { value: '', label: prompt },
  ...options,
];

const RAM_OPTIONS = withPrompt(RAM_CHOICES_GB.map((gb) => ({ value: String(gb), label: `${gb} GB` })));
// 1000 and 1024 GB both read "1 TB": the GB figure tells them apart.
const STORAGE_OPTIONS = withPrompt(
  STORAGE_CHOICES_GB.map((gb) => ({
    value: String(gb),
    label: gb >= 1000 ? `${formatStorage(gb)} (${gb} GB)` : formatStorage(gb),
  })),
);
const STORAGE_TYPE_OPTIONS = withPrompt(StorageTypes.map((type) => ({ value: type, label: type })));
const RESOLUTION_OPTIONS = withPrompt(
  RESOLUTION_CHOICES.map((resolution) => ({ value: resolution, label: describeResolution(resolution) })),
);
const OS_OPTIONS = withPrompt(OperatingSystems.map((os) => ({ value: os, label: os })));
const BATTERY_SOURCE_OPTIONS = withPrompt(
  BatteryHealthSources.map((source) => ({ value: source, label: BATTERY_SOURCE_LABELS[source] })),
  'Not given',
);

/** What buyers will filter the typed processor under (the API derives the same with normaliseCpu). */
export function processorPreview(processor: string): string {
  if (processor.trim().length < 2) return 'Type it as on the box or in the system settings';
  const { line, family } = normaliseCpu(processor);
  if (line === 'other') return `Not a family we know: buyers find it under "${CPU_LINE_LABELS.other}"`;
  if (line === 'intel-other' || line === 'amd-other') return `Recognised as ${CPU_LINE_LABELS[line]}`;
  return `Recognised as ${family}`;
}

const { screenInches, batteryHealthPercent, warrantyMonths } = SPEC_LIMITS;

/** The laptop's specs (docs/product.md#laptop-specs): required except battery health and warranty. */
export function SpecsFields({ values, errors, set }: FieldsProps) {
  const batteryGiven = values.batteryHealthPercent !== '';
  return (
    <Stack gap="md">
      <TextInput
        label="Processor"
        withAsterisk
        maxLength={80}
        placeholder="e.g. Intel Core i5-1135G7"
        description={<span aria-live="polite">{processorPreview(values.processor)}</span>}
        value={values.processor}
        onChange={(e) => set('processor', e.currentTarget.value)}
        error={errors.processor}
        data-field="processor"
      />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <NativeSelect
          label="RAM"
          withAsterisk
          data={RAM_OPTIONS}
          value={values.ramGb}
          onChange={(e) => set('ramGb', e.currentTarget.value)}
          error={errors.ramGb}
          data-field="ramGb"
        />
        <NativeSelect
          label="Storage size"
          withAsterisk
          data={STORAGE_OPTIONS}
          value={values.storageGb}
          onChange={(e) => set('storageGb', e.currentTarget.value)}
          error={errors.storageGb}
          data-field="storageGb"
        />
        <NativeSelect
          label="Storage type"
          withAsterisk
          data={STORAGE_TYPE_OPTIONS}
          value={values.storageType}
          onChange={(e) => set('storageType', e.currentTarget.value as ProductFormValues['storageType'])}
          error={errors.storageType}
          data-field="storageType"
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <NumberInput
          label="Screen size (inches)"
          withAsterisk
          description={`${screenInches.min} to ${screenInches.max}, one decimal`}
          placeholder="15.6"
          min={screenInches.min}
          max={screenInches.max}
          step={0.1}
          decimalScale={1}
          allowNegative={false}
          clampBehavior="none"
          hideControls
          value={values.screenInches}
          onChange={(v) => set('screenInches', v)}
          error={errors.screenInches}
          data-field="screenInches"
        />
        <NativeSelect
          label="Resolution"
          withAsterisk
          description="Width × height in pixels"
          data={RESOLUTION_OPTIONS}
          value={values.resolution}
          onChange={(e) => set('resolution', e.currentTarget.value)}
          error={errors.resolution}
          data-field="resolution"
        />
        <TextInput
          label="Graphics"
          withAsterisk
          maxLength={80}
          description="The graphics chip or card"
          placeholder="e.g. Intel Iris Xe, NVIDIA RTX 3050"
          value={values.graphics}
          onChange={(e) => set('graphics', e.currentTarget.value)}
          error={errors.graphics}
          data-field="graphics"
        />
        <NativeSelect
          label="Operating system"
          withAsterisk
          description="What it starts into today"
          data={OS_OPTIONS}
          value={values.os}
          onChange={(e) => set('os', e.currentTarget.value as ProductFormValues['os'])}
          error={errors.os}
          data-field="os"
        />
        <NumberInput
          label="Battery health (%)"
          description="Optional: what it holds now against new"
          placeholder="e.g. 87"
          min={batteryHealthPercent.min}
          max={batteryHealthPercent.max}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          hideControls
          value={values.batteryHealthPercent}
          onChange={(v) => set('batteryHealthPercent', v)}
          error={errors.batteryHealthPercent}
          data-field="batteryHealthPercent"
        />
        <NativeSelect
          label="How was it read?"
          withAsterisk={batteryGiven}
          description={batteryGiven ? 'Required with a battery health' : 'Only with a battery health'}
          data={BATTERY_SOURCE_OPTIONS}
          value={values.batteryHealthSource}
          onChange={(e) =>
            set('batteryHealthSource', e.currentTarget.value as ProductFormValues['batteryHealthSource'])
          }
          error={errors.batteryHealthSource}
          data-field="batteryHealthSource"
        />
        <NumberInput
          label="Warranty (months)"
          description={`Optional: ${warrantyMonths.min} to ${warrantyMonths.max} months left`}
          placeholder="0"
          min={warrantyMonths.min}
          max={warrantyMonths.max}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          hideControls
          value={values.warrantyMonths}
          onChange={(v) => set('warrantyMonths', v)}
          error={errors.warrantyMonths}
          data-field="warrantyMonths"
        />
      </SimpleGrid>
    </Stack>
  );
}
