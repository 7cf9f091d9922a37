import { describeUncleanCharacter, type TextKind } from 'shared-contracts/clean-text';
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
import type { Translate } from '@/shared/i18n';

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
  /** Whether phone and e-mail show on the listing (docs/product.md#contact-details-on-a-listing). */
  showContact: boolean;
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
  showContact: true,
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

function priceError(
  value: number | string,
  name: 'price' | 'originalPrice',
  required: boolean,
  t: Translate,
): string | undefined {
  if (isBlank(value)) return required ? t('products.errors.price') : undefined;
  const n = asNumber(value);
  if (!Number.isFinite(n) || n <= 0) return t(`products.errors.${name}Positive`);
  if (n > MAX_PRICE) return t(`products.errors.${name}Max`, { max: MAX_PRICE });
  if (!hasDecimalsAtMost(n, 2)) return t(`products.errors.${name}Decimals`);
  return undefined;
}

function specTextError(value: string, name: 'processor' | 'graphics', t: Translate): string | undefined {
  const text = value.trim();
  if (!text) return t(`products.errors.${name}`);
  const { min, max } = SPEC_LIMITS.specText;
  if (text.length < min) return t(`products.errors.${name}Short`, { min });
  if (text.length > max) return t(`products.errors.${name}Long`, { max });
  return undefined;
}

const oneOf = <T extends string | number>(choices: readonly T[], value: string) =>
  choices.some((choice) => String(choice) === value);

function specErrors(values: ProductFormValues, t: Translate): ProductFormErrors {
  const errors: ProductFormErrors = {};
  const { screenInches: screen, batteryHealthPercent: battery, warrantyMonths: warranty } = SPEC_LIMITS;
  errors.processor = specTextError(values.processor, 'processor', t);
  if (!oneOf(RAM_CHOICES_GB, values.ramGb)) errors.ramGb = t('products.errors.ram');
  if (!oneOf(STORAGE_CHOICES_GB, values.storageGb)) errors.storageGb = t('products.errors.storageSize');
  if (!oneOf(StorageTypes, values.storageType)) errors.storageType = t('products.errors.storageType');
  const inches = asNumber(values.screenInches);
  if (isBlank(values.screenInches)) errors.screenInches = t('products.errors.screen');
  else if (!(inches >= screen.min && inches <= screen.max) || !hasDecimalsAtMost(inches, 1))
    errors.screenInches = t('products.errors.screenRange', screen);
  if (!oneOf(RESOLUTION_CHOICES, values.resolution)) errors.resolution = t('products.errors.resolution');
  errors.graphics = specTextError(values.graphics, 'graphics', t);
  const hasPercent = !isBlank(values.batteryHealthPercent);
  if (hasPercent && !isWholeIn(asNumber(values.batteryHealthPercent), battery))
    errors.batteryHealthPercent = t('products.errors.batteryRange', battery);
  // The figure and how it was read go together (docs/product.md#laptop-specs).
  const hasSource = oneOf(BatteryHealthSources, values.batteryHealthSource);
  if (hasPercent && !hasSource) errors.batteryHealthSource = t('products.errors.batterySource');
  if (!hasPercent && hasSource) errors.batteryHealthPercent = t('products.errors.batteryMissing');
  if (!oneOf(OperatingSystems, values.os)) errors.os = t('products.errors.os');
  if (!isBlank(values.warrantyMonths) && !isWholeIn(asNumber(values.warrantyMonths), warranty))
    errors.warrantyMonths = t('products.errors.warrantyRange', warranty);
  return errors;
}

/** The fields under the clean-text rule of the contracts (docs/product.md#text-fields). */
const TEXT_FIELDS = [
  ['productName', 'single-line'],
  ['phone', 'single-line'],
  ['location', 'single-line'],
  ['description', 'multi-line'],
  ['processor', 'single-line'],
  ['graphics', 'single-line'],
] as const satisfies readonly (readonly [keyof ProductFormValues, TextKind])[];

/**
 * The API's own sentence for unclean text (shared-contracts/clean-text's uncleanTextMessage, after
 * the field's name), in the page's language: the cases describeUncleanCharacter tells apart.
 */
export function uncleanTextError(
  field: (typeof TEXT_FIELDS)[number][0],
  value: string,
  kind: TextKind,
  t: Translate,
): string | null {
  const found = describeUncleanCharacter(value, kind);
  if (!found) return null;
  return t('products.errors.unclean', {
    field: t(`products.errors.uncleanFields.${field}`),
    what: t(`products.errors.uncleanWhat.${found.what}`, { code: found.codePoint }),
    position: found.position,
  });
}

/** Every problem of the form, each in the page's language (`t`), keyed by its field. */
export function validateProductForm(
  values: ProductFormValues,
  t: Translate,
  now = new Date(),
): ProductFormErrors {
  const errors: ProductFormErrors = {};
  const thisYear = now.getFullYear();
  const maxText = 120;
  if (!values.productName.trim()) errors.productName = t('products.errors.productName');
  else if (values.productName.trim().length > maxText)
    errors.productName = t('products.errors.productNameLong', { max: maxText });
  if (values.photos.length === 0) errors.photos = t('products.errors.photos');
  else if (values.photos.length > MAX_PHOTOS)
    errors.photos = t('products.errors.photosTooMany', { max: MAX_PHOTOS });
  const price = priceError(values.price, 'price', true, t);
  if (price) errors.price = price;
  const original = priceError(values.originalPrice, 'originalPrice', false, t);
  if (original) errors.originalPrice = original;
  if (!QUALITIES.includes(values.quality)) errors.quality = t('products.errors.quality');
  if (!values.phone.trim()) errors.phone = t('products.errors.phone');
  else if (!PHONE.test(values.phone.trim())) errors.phone = t('products.errors.phoneFormat');
  if (!values.location.trim()) errors.location = t('products.errors.location');
  else if (values.location.trim().length > maxText)
    errors.location = t('products.errors.locationLong', { max: maxText });
  if (!values.category) errors.category = t('products.errors.category');
  const maxDescription = 2000;
  if (!values.description.trim()) errors.description = t('products.errors.description');
  else if (values.description.trim().length > maxDescription)
    errors.description = t('products.errors.descriptionLong', { max: maxDescription });
  const year = asNumber(values.year);
  if (values.year === '') errors.year = t('products.errors.year');
  else if (!Number.isInteger(year) || year < MIN_YEAR || year > thisYear)
    errors.year = t('products.errors.yearRange', { min: MIN_YEAR, max: thisYear });
  Object.assign(errors, specErrors(values, t));
  for (const [key, kind] of TEXT_FIELDS) {
    const unclean = errors[key] ? null : uncleanTextError(key, String(values[key]).trim(), kind, t);
    if (unclean) errors[key] = unclean;
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
    showContact: values.showContact,
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
