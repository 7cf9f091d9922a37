import { uncleanTextMessage, type TextKind } from 'shared-contracts/clean-text';
import type { CreateProduct, Quality } from 'shared-contracts/products';
import {
  BatteryHealthSources,
  Conditions,
  MAX_PHOTOS,
  OperatingSystems,
  RAM_CHOICES_GB,
  RESOLUTION_CHOICES,
  SPEC_LIMITS,
  STORAGE_CHOICES_GB,
  StorageTypes,
  type BatteryHealthSource,
  type OperatingSystem,
  type StorageType,
} from 'shared-contracts/listing-vocabulary';

// The rules of shared-contracts/products (CreateProductSchema, SpecsInputSchema), checked in the
// browser so the seller sees every problem at once, beside its field. The choices and limits come
// from the zod-free listing vocabulary; the few rules kept in the schemas are copied here, since
// the schemas would bring zod into this remote's bundle.
export const QUALITIES: Quality[] = [...Conditions];
export const MIN_YEAR = 1990;
export const MAX_PRICE = 1_000_000;
const PHONE = /^\+?[0-9][0-9 ()-]{4,24}$/;

export interface ProductFormValues {
  productName: string;
  /** Every uploaded photo, the cover first. */
  photos: string[];
  price: number | string;
  originalPrice: number | string;
  quality: Quality;
  phone: string;
  location: string;
  category: string;
  description: string;
  year: number | string;
  // Specs (docs/product.md#laptop-specs). Selects hold '' until the seller chooses.
  processor: string;
  ramGb: string;
  storageGb: string;
  storageType: StorageType | '';
  screenInches: number | string;
  resolution: string;
  graphics: string;
  batteryHealthPercent: number | string;
  batteryHealthSource: BatteryHealthSource | '';
  os: OperatingSystem | '';
  warrantyMonths: number | string;
}

export type ProductFormErrors = Partial<Record<keyof ProductFormValues, string>>;

export const emptyProductForm = (category = ''): ProductFormValues => ({
  productName: '',
  photos: [],
  price: '',
  originalPrice: '',
  quality: 'Excellent',
  phone: '',
  location: '',
  category,
  description: '',
  year: '',
  processor: '',
  ramGb: '',
  storageGb: '',
  storageType: '',
  screenInches: '',
  resolution: '',
  graphics: '',
  batteryHealthPercent: '',
  batteryHealthSource: '',
  os: '',
  warrantyMonths: '',
});

const asNumber = (value: number | string) => (value === '' ? NaN : Number(value));
const hasDecimalsAtMost = (value: number, decimals: number) => {
  const scale = 10 ** decimals;
  return Math.abs(Math.round(value * scale) - value * scale) < 1e-6;
};
const isBlank = (value: number | string) => value === '' || value === undefined;
const isWholeIn = (value: number, limits: { min: number; max: number }) =>
  Number.isInteger(value) && value >= limits.min && value <= limits.max;

function priceError(value: number | string, name: string, required: boolean): string | undefined {
  if (isBlank(value)) return required ? `Enter the ${name}` : undefined;
  const n = asNumber(value);
  if (!Number.isFinite(n) || n <= 0) return `The ${name} must be more than 0`;
  if (n > MAX_PRICE) return `The ${name} must be at most ${MAX_PRICE.toLocaleString('en-US')}`;
  if (!hasDecimalsAtMost(n, 2)) return `The ${name} has at most two decimals`;
  return undefined;
}

function specTextError(value: string, missing: string, name: string): string | undefined {
  const text = value.trim();
  if (!text) return missing;
  const { min, max } = SPEC_LIMITS.specText;
  if (text.length < min) return `The ${name} needs at least ${min} characters`;
  if (text.length > max) return `Keep the ${name} under ${max} characters`;
  return undefined;
}

const oneOf = <T extends string | number>(choices: readonly T[], value: string) =>
  choices.some((choice) => String(choice) === value);

function specErrors(values: ProductFormValues): ProductFormErrors {
  const errors: ProductFormErrors = {};
  const { screenInches: screen, batteryHealthPercent: battery, warrantyMonths: warranty } = SPEC_LIMITS;
  errors.processor = specTextError(values.processor, 'Enter the processor', 'processor');
  if (!oneOf(RAM_CHOICES_GB, values.ramGb)) errors.ramGb = 'Choose the RAM';
  if (!oneOf(STORAGE_CHOICES_GB, values.storageGb)) errors.storageGb = 'Choose the storage size';
  if (!oneOf(StorageTypes, values.storageType)) errors.storageType = 'Choose SSD or HDD';
  const inches = asNumber(values.screenInches);
  if (isBlank(values.screenInches)) errors.screenInches = 'Enter the screen size';
  else if (!(inches >= screen.min && inches <= screen.max) || !hasDecimalsAtMost(inches, 1))
    errors.screenInches = `Enter a screen size from ${screen.min} to ${screen.max} inches, one decimal at most`;
  if (!oneOf(RESOLUTION_CHOICES, values.resolution)) errors.resolution = 'Choose the resolution';
  errors.graphics = specTextError(values.graphics, 'Enter the graphics', 'graphics');
  const hasPercent = !isBlank(values.batteryHealthPercent);
  if (hasPercent && !isWholeIn(asNumber(values.batteryHealthPercent), battery))
    errors.batteryHealthPercent = `Enter a whole number from ${battery.min} to ${battery.max}, or leave it empty`;
  // The figure and how it was read go together (docs/product.md#laptop-specs).
  const hasSource = oneOf(BatteryHealthSources, values.batteryHealthSource);
  if (hasPercent && !hasSource) errors.batteryHealthSource = 'Choose how the battery health was read';
  if (!hasPercent && hasSource)
    errors.batteryHealthPercent = 'Enter the battery health, or set "how was it read" back to "Not given"';
  if (!oneOf(OperatingSystems, values.os)) errors.os = 'Choose the operating system';
  if (!isBlank(values.warrantyMonths) && !isWholeIn(asNumber(values.warrantyMonths), warranty))
    errors.warrantyMonths = `Enter whole months from ${warranty.min} to ${warranty.max}, or leave it empty`;
  return errors;
}

/** The clean-text rule of the contracts (docs/product.md#text-fields), with the API's own sentence. */
const TEXT_FIELDS: [keyof ProductFormValues, string, TextKind][] = [
  ['productName', 'The name', 'single-line'],
  ['phone', 'The phone number', 'single-line'],
  ['location', 'The location', 'single-line'],
  ['description', 'The description', 'multi-line'],
  ['processor', 'The processor', 'single-line'],
  ['graphics', 'The graphics', 'single-line'],
];

export function validateProductForm(values: ProductFormValues, now = new Date()): ProductFormErrors {
  const errors: ProductFormErrors = {};
  const thisYear = now.getFullYear();
  if (!values.productName.trim()) errors.productName = 'Enter the product name';
  else if (values.productName.trim().length > 120) errors.productName = 'Keep the name under 120 characters';
  if (values.photos.length === 0) errors.photos = 'Upload a photo of the product';
  else if (values.photos.length > MAX_PHOTOS) errors.photos = `Keep ${MAX_PHOTOS} photos at most`;
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
  Object.assign(errors, specErrors(values));
  for (const [key, label, kind] of TEXT_FIELDS) {
    const unclean = errors[key] ? null : uncleanTextMessage(String(values[key]).trim(), kind);
    if (unclean) errors[key] = `${label} ${unclean}`;
  }
  // Only the fields with a problem: callers test `Object.keys(errors)`.
  for (const key of Object.keys(errors) as (keyof ProductFormValues)[])
    if (errors[key] === undefined) delete errors[key];
  return errors;
}

const optionalNumber = (value: number | string) => (isBlank(value) ? null : Number(value));

/** The POST /add-products body; call only after validateProductForm found nothing. */
export function toCreateProduct(
  values: ProductFormValues,
  sellerEmail: string | null | undefined,
): CreateProduct {
  const batteryHealthPercent = optionalNumber(values.batteryHealthPercent);
  return {
    productName: values.productName.trim(),
    ...(sellerEmail ? { email: sellerEmail } : {}),
    price: Number(values.price),
    ...(values.originalPrice === '' ? {} : { originalPrice: Number(values.originalPrice) }),
    image: values.photos[0] ?? '',
    photos: values.photos,
    quality: values.quality,
    phone: values.phone.trim(),
    location: values.location.trim(),
    category: values.category,
    description: values.description.trim(),
    year: Number(values.year),
    specs: {
      processor: values.processor.trim(),
      ramGb: Number(values.ramGb),
      storageGb: Number(values.storageGb),
      storageType: values.storageType as StorageType,
      screenInches: Number(values.screenInches),
      resolution: values.resolution,
      graphics: values.graphics.trim(),
      batteryHealthPercent,
      batteryHealthSource:
        batteryHealthPercent === null ? null : (values.batteryHealthSource as BatteryHealthSource),
      os: values.os as OperatingSystem,
      warrantyMonths: optionalNumber(values.warrantyMonths),
    },
  };
}
