import type { ChangeEvent } from 'react';
import type { ProductFormErrors, ProductFormValues } from './product-form';

export type SetField = <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) => void;

type KeysOf<T> = {
  [K in keyof ProductFormValues]: ProductFormValues[K] extends T ? K : never;
}[keyof ProductFormValues];

/**
 * The four props every field of the product form takes, from its key: value, change, its message
 * and `data-field` (which the submit uses to focus the first field to fix).
 */
export function fieldBindings(values: ProductFormValues, errors: ProductFormErrors, set: SetField) {
  return {
    /** For TextInput, Textarea and NativeSelect (a select's options are the field's own values). */
    text: <K extends KeysOf<string>>(key: K) => ({
      value: values[key] as string,
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
        set(key, event.currentTarget.value as ProductFormValues[K]),
      error: errors[key],
      'data-field': key,
    }),
    /** For NumberInput, which answers a number or '' while empty. */
    number: <K extends KeysOf<number | string>>(key: K) => ({
      value: values[key] as number | string,
      onChange: (value: number | string) => set(key, value as ProductFormValues[K]),
      error: errors[key],
      'data-field': key,
    }),
  };
}

/** Numbers typed freely: out-of-range values stay as typed and get a message, instead of silently changing. */
export const NUMBER_INPUT = { allowNegative: false, clampBehavior: 'none', hideControls: true } as const;
export const WHOLE_NUMBER_INPUT = { ...NUMBER_INPUT, allowDecimal: false } as const;
