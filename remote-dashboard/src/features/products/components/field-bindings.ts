import type { ChangeEvent } from 'react';
import type { ProductFormErrors, ProductFormValues } from './product-form';

export type SetField = <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) => void;

type KeysOf<T> = {
  [K in keyof ProductFormValues]: ProductFormValues[K] extends T ? K : never;
}[keyof ProductFormValues];

type FieldKey = keyof ProductFormValues;
type FieldEvent = ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>;

/** For TextInput, Textarea and NativeSelect (a select's options are the field's own values). */
export interface TextBinding {
  value: string;
  onChange: (event: FieldEvent) => void;
  error: string | undefined;
  'data-field': FieldKey;
}

/** For NumberInput, which answers a number or '' while empty. */
export interface NumberBinding {
  value: number | string;
  onChange: (value: number | string) => void;
  error: string | undefined;
  'data-field': FieldKey;
}

/**
 * The four props every field of the product form takes, by its key: value, change, its message
 * and `data-field` (which the submit uses to focus the first field to fix). Spread as
 * `{...field.text.productName}`: the key is a property, not a string among the JSX's texts.
 */
export function fieldBindings(values: ProductFormValues, errors: ProductFormErrors, set: SetField) {
  const keys = Object.keys(values) as FieldKey[];
  const bind = <B>(binding: (key: FieldKey) => B) =>
    Object.fromEntries(keys.map((key) => [key, binding(key)]));
  return {
    text: bind<TextBinding>((key) => ({
      value: values[key] as string,
      onChange: (event) => set(key, event.currentTarget.value as ProductFormValues[FieldKey]),
      error: errors[key],
      'data-field': key,
    })) as Record<KeysOf<string>, TextBinding>,
    number: bind<NumberBinding>((key) => ({
      value: values[key] as number | string,
      onChange: (value) => set(key, value as ProductFormValues[FieldKey]),
      error: errors[key],
      'data-field': key,
    })) as Record<KeysOf<number | string>, NumberBinding>,
  };
}

/** Numbers typed freely: out-of-range values stay as typed and get a message, instead of silently changing. */
export const NUMBER_INPUT = { allowNegative: false, clampBehavior: 'none', hideControls: true } as const;
export const WHOLE_NUMBER_INPUT = { ...NUMBER_INPUT, allowDecimal: false } as const;
