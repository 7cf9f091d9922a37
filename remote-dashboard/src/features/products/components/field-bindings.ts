import type { UseFormReturnType } from '@mantine/form';
import type { ProductFormValues } from './product-form';

/** The Add Product form (@mantine/form), as the page and its field groups share it. */
export type ProductForm = UseFormReturnType<ProductFormValues>;

/** Numbers typed freely: out-of-range values stay as typed and get a message, instead of silently changing. */
export const NUMBER_INPUT = { allowNegative: false, clampBehavior: 'none', hideControls: true } as const;
export const WHOLE_NUMBER_INPUT = { ...NUMBER_INPUT, allowDecimal: false } as const;
