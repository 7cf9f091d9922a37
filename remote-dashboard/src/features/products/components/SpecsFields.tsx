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
import { fieldBindings, NUMBER_INPUT, WHOLE_NUMBER_INPUT, type SetField } from './field-bindings';
import type { ProductFormErrors, ProductFormValues } from './product-form';

export interface FieldsProps {
  values: ProductFormValues;
  errors: ProductFormErrors;
  set: SetField;
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

const { screenInches, batteryHealthPercent, warrantyMonths, specText } = SPEC_LIMITS;

/** The laptop's specs (docs/product.md#laptop-specs): required except battery health and warranty. */
export function SpecsFields({ values, errors, set }: FieldsProps) {
  const field = fieldBindings(values, errors, set);
  const batteryGiven = values.batteryHealthPercent !== '';
  return (
    <Stack gap="md">
      <TextInput
        label="Processor"
        withAsterisk
        maxLength={specText.max}
        placeholder="e.g. Intel Core i5-1135G7"
        description={<span aria-live="polite">{processorPreview(values.processor)}</span>}
        {...field.text('processor')}
      />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <NativeSelect label="RAM" withAsterisk data={RAM_OPTIONS} {...field.text('ramGb')} />
        <NativeSelect label="Storage size" withAsterisk data={STORAGE_OPTIONS} {...field.text('storageGb')} />
        <NativeSelect
          label="Storage type"
          withAsterisk
          data={STORAGE_TYPE_OPTIONS}
          {...field.text('storageType')}
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
          {...NUMBER_INPUT}
          {...field.number('screenInches')}
        />
        <NativeSelect
          label="Resolution"
          withAsterisk
          description="Width × height in pixels"
          data={RESOLUTION_OPTIONS}
          {...field.text('resolution')}
        />
        <TextInput
          label="Graphics"
          withAsterisk
          maxLength={specText.max}
          description="The graphics chip or card"
          placeholder="e.g. Intel Iris Xe, NVIDIA RTX 3050"
          {...field.text('graphics')}
        />
        <NativeSelect
          label="Operating system"
          withAsterisk
          description="What it starts into today"
          data={OS_OPTIONS}
          {...field.text('os')}
        />
        <NumberInput
          label="Battery health (%)"
          description="Optional: what it holds now against new"
          placeholder="e.g. 87"
          min={batteryHealthPercent.min}
          max={batteryHealthPercent.max}
          {...WHOLE_NUMBER_INPUT}
          {...field.number('batteryHealthPercent')}
        />
        <NativeSelect
          label="How was it read?"
          withAsterisk={batteryGiven}
          description={batteryGiven ? 'Required with a battery health' : 'Only with a battery health'}
          data={BATTERY_SOURCE_OPTIONS}
          {...field.text('batteryHealthSource')}
        />
        <NumberInput
          label="Warranty (months)"
          description={`Optional: ${warrantyMonths.min} to ${warrantyMonths.max} months left`}
          placeholder="0"
          min={warrantyMonths.min}
          max={warrantyMonths.max}
          {...WHOLE_NUMBER_INPUT}
          {...field.number('warrantyMonths')}
        />
      </SimpleGrid>
    </Stack>
  );
}
