import type { CreateProduct, Quality } from 'shared-contracts/products';

// The rules of shared-contracts/products (CreateProductSchema), checked in the browser so the
// seller sees every problem at once, beside its field. Copied rather than imported: the schemas
// would bring zod into this remote's bundle.
export const QUALITIES: Quality[] = ['Excellent', 'Good', 'Fair'];
export const MIN_YEAR = 1990;
export const MAX_PRICE = 1_000_000;
const PHONE = /^\+?[0-9][0-9 ()-]{4,24}$/;

export interface ProductFormValues {
  productName: string;
  image: string | null;
  price: number | string;
  originalPrice: number | string;
  quality: Quality;
  phone: string;
  location: string;
  category: string;
  description: string;
  year: number | string;
}

export type ProductFormErrors = Partial<Record<keyof ProductFormValues, string>>;

export const emptyProductForm = (category = ''): ProductFormValues => ({
  productName: '',
  image: null,
  price: '',
  originalPrice: '',
  quality: 'Excellent',
  phone: '',
  location: '',
  category,
  description: '',
  year: '',
});

const asNumber = (value: number | string) => (value === '' ? NaN : Number(value));
const hasTwoDecimalsAtMost = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

function priceError(value: number | string, name: string, required: boolean): string | undefined {
  if (value === '' || value === undefined) return required ? `Enter the ${name}` : undefined;
  const n = asNumber(value);
  if (!Number.isFinite(n) || n <= 0) return `The ${name} must be more than 0`;
  if (n > MAX_PRICE) return `The ${name} must be at most ${MAX_PRICE.toLocaleString('en-US')}`;
  if (!hasTwoDecimalsAtMost(n)) return `The ${name} has at most two decimals`;
  return undefined;
}

export function validateProductForm(values: ProductFormValues, now = new Date()): ProductFormErrors {
  const errors: ProductFormErrors = {};
  const thisYear = now.getFullYear();
  if (!values.productName.trim()) errors.productName = 'Enter the product name';
  else if (values.productName.trim().length > 120) errors.productName = 'Keep the name under 120 characters';
  if (!values.image) errors.image = 'Upload a photo of the product';
  const price = priceError(values.price, 'price', true);
  if (price) errors.price = price;
  const original = priceError(values.originalPrice, 'original price', false);
  if (original) errors.originalPrice = original;
  if (!QUALITIES.includes(values.quality)) errors.quality = 'Choose the condition';
  if (!values.phone.trim()) errors.phone = 'Enter a phone number';
  else if (!PHONE.test(values.phone.trim()))
    errors.phone = 'Enter a phone number: 5 to 25 digits, spaces, dashes or ( )';
  if (!values.location.trim()) errors.location = 'Enter the location';
  else if (values.location.trim().length > 120) errors.location = 'Keep the location under 120 characters';
  if (!values.category) errors.category = 'Choose a category';
  if (!values.description.trim()) errors.description = 'Describe the product';
  else if (values.description.trim().length > 2000)
    errors.description = 'Keep the description under 2000 characters';
  const year = asNumber(values.year);
  if (values.year === '') errors.year = 'Enter the purchase year';
  else if (!Number.isInteger(year) || year < MIN_YEAR || year > thisYear)
    errors.year = `Enter a year from ${MIN_YEAR} to ${thisYear}`;
  return errors;
}

/** The POST /add-products body; call only after validateProductForm found nothing. */
export function toCreateProduct(
  values: ProductFormValues,
  sellerEmail: string | null | undefined,
): CreateProduct {
  return {
    productName: values.productName.trim(),
    ...(sellerEmail ? { email: sellerEmail } : {}),
    price: Number(values.price),
    ...(values.originalPrice === '' ? {} : { originalPrice: Number(values.originalPrice) }),
    image: values.image ?? '',
    quality: values.quality,
    phone: values.phone.trim(),
    location: values.location.trim(),
    category: values.category,
    description: values.description.trim(),
    year: Number(values.year),
  };
}
