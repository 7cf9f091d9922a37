import { describeUncleanCharacter, findUncleanCharacter, type TextKind } from 'shared-contracts/clean-text';
import {
  CreateProductSchema,
  MIN_YEAR,
  type CreateProduct,
  type Product,
  type Quality,
} from 'shared-contracts/products';
import {
  BatteryHealthSources,
  Conditions,
  RAM_CHOICES_GB,
  RESOLUTION_CHOICES,
  SPEC_LIMITS,
  STORAGE_CHOICES_GB,
  type BatteryHealthSource,
  type OperatingSystem,
  type StorageType,
} from 'shared-contracts/listing-vocabulary';
import { schemaErrors, type FieldMessages } from 'web-kit/form-validation';
import type { DashboardMessageKey, Translate } from '@/shared/i18n';

// The form's rules are the API's (CreateProductSchema with its SpecsInputSchema, through web-kit's
// adapter; docs/decisions/0034-forms-through-mantine-form.md), checked in the browser so the seller
// sees every problem at once, beside its field. The form adds only what its own fields narrow:
// the selects offer a subset of what the API takes, the year is checked against the given date,
// and which of the battery pair is missing is said on the missing one. The page is loaded lazily,
// so the schemas' zod comes with it, not with the dashboard's first load.
export const QUALITIES: Quality[] = [...Conditions];
export { MIN_YEAR };

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

const isBlank = (value: number | string) => value === '' || value === undefined;
const optionalNumber = (value: number | string) => (isBlank(value) ? null : Number(value));
/** A number field as the schema reads it: left out while empty, so the message says it is missing. */
const numberOrMissing = (value: number | string) => (isBlank(value) ? undefined : Number(value));

const oneOf = <T extends string | number>(choices: readonly T[], value: string) =>
  choices.some((choice) => String(choice) === value);

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
 * The trimmed text with each character the clean-text rule refuses stood in for by a plain one:
 * the schema then answers the field's other rules (missing, too short, too long) first, and the
 * unclean character is named afterwards in the page's language (uncleanTextError), so the first message is the one a person fixes first.
 */
function withoutUnclean(value: string, kind: TextKind): string {
  let text = value.trim();
  for (let found = findUncleanCharacter(text, kind); found; found = findUncleanCharacter(text, kind))
    text = `${text.slice(0, found.index)}x${text.slice(found.index + 1)}`;
  return text;
}

/** The payload the schema checks: the POST body, with the text made clean (see withoutUnclean). */
function validationPayload(values: ProductFormValues) {
  const text = Object.fromEntries(
    TEXT_FIELDS.map(([key, kind]) => [key, withoutUnclean(values[key], kind)]),
  ) as Record<(typeof TEXT_FIELDS)[number][0], string>;
  return {
    productName: text.productName,
    price: numberOrMissing(values.price),
    originalPrice: numberOrMissing(values.originalPrice),
    image: values.photos[0] ?? '',
    photos: values.photos,
    quality: values.quality,
    phone: text.phone,
    showContact: values.showContact,
    location: text.location,
    category: values.category,
    description: text.description,
    year: numberOrMissing(values.year),
    specs: {
      processor: text.processor,
      ramGb: numberOrMissing(values.ramGb),
      storageGb: numberOrMissing(values.storageGb),
      storageType: values.storageType,
      screenInches: numberOrMissing(values.screenInches),
      resolution: values.resolution,
      graphics: text.graphics,
      batteryHealthPercent: optionalNumber(values.batteryHealthPercent),
      batteryHealthSource: values.batteryHealthSource || null,
      os: values.os,
      warrantyMonths: optionalNumber(values.warrantyMonths),
    },
  };
}

type Key = DashboardMessageKey;
const range = (key: Key): FieldMessages<Key> => ({ required: key, invalid: key });
const priceMessages = (name: 'price' | 'originalPrice'): FieldMessages<Key> => ({
  required: 'products.errors.price',
  tooShort: `products.errors.${name}Positive`,
  tooLong: `products.errors.${name}Max`,
  invalid: `products.errors.${name}Decimals`,
});
const textMessages = (required: Key, long: Key, short?: Key): FieldMessages<Key> => ({
  required,
  tooShort: short ?? required,
  tooLong: long,
  invalid: required,
});

/** Each payload field's texts (docs/decisions/0034-forms-through-mantine-form.md). */
const MESSAGES: Partial<Record<string, FieldMessages<Key>>> = {
  productName: textMessages('products.errors.productName', 'products.errors.productNameLong'),
  photos: {
    required: 'products.errors.photos',
    tooLong: 'products.errors.photosTooMany',
    invalid: 'products.errors.photos',
  },
  price: priceMessages('price'),
  originalPrice: priceMessages('originalPrice'),
  quality: 'products.errors.quality',
  phone: { required: 'products.errors.phone', invalid: 'products.errors.phoneFormat' },
  location: textMessages('products.errors.location', 'products.errors.locationLong'),
  category: 'products.errors.category',
  description: textMessages('products.errors.description', 'products.errors.descriptionLong'),
  year: { required: 'products.errors.year', invalid: 'products.errors.yearRange' },
  'specs.processor': textMessages(
    'products.errors.processor',
    'products.errors.processorLong',
    'products.errors.processorShort',
  ),
  'specs.ramGb': 'products.errors.ram',
  'specs.storageGb': 'products.errors.storageSize',
  'specs.storageType': 'products.errors.storageType',
  'specs.screenInches': { required: 'products.errors.screen', invalid: 'products.errors.screenRange' },
  'specs.resolution': 'products.errors.resolution',
  'specs.graphics': textMessages(
    'products.errors.graphics',
    'products.errors.graphicsLong',
    'products.errors.graphicsShort',
  ),
  'specs.batteryHealthPercent': range('products.errors.batteryRange'),
  'specs.os': 'products.errors.os',
  'specs.warrantyMonths': range('products.errors.warrantyRange'),
};

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
  const thisYear = now.getFullYear();
  const { screenInches: screen, batteryHealthPercent: battery, warrantyMonths: warranty } = SPEC_LIMITS;
  // The bounds a range message names, whichever of its rules the value broke.
  const bounds: Partial<Record<Key, Record<string, number>>> = {
    'products.errors.yearRange': { min: MIN_YEAR, max: thisYear },
    'products.errors.screenRange': screen,
    'products.errors.batteryRange': battery,
    'products.errors.warrantyRange': warranty,
  };
  const found = schemaErrors(CreateProductSchema, values, {
    payload: validationPayload,
    messages: MESSAGES,
    t: (key: Key, given) => t(key, { ...given, ...bounds[key] }),
  });
  const errors: ProductFormErrors = {};
  for (const [path, message] of Object.entries(found)) {
    // The cover (`image`) is the first photo and each photo an upload of this site: the photos
    // field says what the seller can fix; a photo the API still refuses is its answer on submit.
    if (path === 'image' || /^photos\.\d+$/.test(path)) continue;
    errors[path.replace(/^specs\./, '') as keyof ProductFormValues] = message;
  }
  // The API checks the year against its own clock; the form against the date it is given.
  if (!errors.year && !isBlank(values.year) && Number(values.year) > thisYear)
    errors.year = t('products.errors.yearRange', { min: MIN_YEAR, max: thisYear });
  // The selects offer the usual sizes, a subset of what the API takes.
  if (!errors.ramGb && !oneOf(RAM_CHOICES_GB, values.ramGb)) errors.ramGb = t('products.errors.ram');
  if (!errors.storageGb && !oneOf(STORAGE_CHOICES_GB, values.storageGb))
    errors.storageGb = t('products.errors.storageSize');
  if (!errors.resolution && !oneOf(RESOLUTION_CHOICES, values.resolution))
    errors.resolution = t('products.errors.resolution');
  // The figure and how it was read go together (docs/product.md#laptop-specs). The schema's rule
  // for the pair runs only once the other specs parse and names the source either way; the form
  // says it at once, on the one that is missing.
  delete errors.batteryHealthSource;
  const hasPercent = !isBlank(values.batteryHealthPercent);
  const hasSource = oneOf(BatteryHealthSources, values.batteryHealthSource);
  if (hasPercent && !hasSource) errors.batteryHealthSource = t('products.errors.batterySource');
  if (!hasPercent && hasSource) errors.batteryHealthPercent = t('products.errors.batteryMissing');
  for (const [key, kind] of TEXT_FIELDS) {
    const unclean = errors[key] ? null : uncleanTextError(key, values[key].trim(), kind, t);
    if (unclean) errors[key] = unclean;
  }
  return errors;
}

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

const inChoices = <T extends string | number>(choices: readonly T[], value: number | null) =>
  value !== null && choices.some((choice) => String(choice) === String(value)) ? String(value) : '';

/**
 * The form for completing a listing's specs (docs/product.md#laptop-specs): the listing's own
 * fields, so the same validation runs, and its specs as read from the title and description (or
 * the seller's, when already confirmed), each unknown one left for the seller to choose.
 */
export function productFormFrom(product: Product): ProductFormValues {
  const specs = product.specs;
  const read = product.specsRead;
  return {
    ...emptyProductForm(product.category),
    productName: product.productName,
    photos: product.photos,
    price: product.price,
    originalPrice: product.original ?? '',
    quality: product.quality,
    phone: product.phone ?? '',
    showContact: product.showContact,
    location: product.location,
    description: product.description,
    year: product.year,
    processor: specs?.processor ?? read?.processor ?? '',
    ramGb: inChoices(RAM_CHOICES_GB, specs?.ramGb ?? read?.ramGb ?? null),
    storageGb: inChoices(STORAGE_CHOICES_GB, specs?.storageGb ?? read?.storageGb ?? null),
    storageType: specs?.storageType ?? read?.storageType ?? '',
    screenInches: specs?.screenInches ?? read?.screenInches ?? '',
    resolution: specs?.resolution ?? '',
    graphics: specs?.graphics ?? '',
    batteryHealthPercent: specs?.batteryHealthPercent ?? '',
    batteryHealthSource: specs?.batteryHealthSource ?? '',
    os: specs?.os ?? '',
    warrantyMonths: specs?.warrantyMonths ?? '',
  };
}

/** The spec fields of the form, the only ones the Complete the specs page shows and reports. */
export const SPEC_FIELDS = [
  'processor',
  'ramGb',
  'storageGb',
  'storageType',
  'screenInches',
  'resolution',
  'graphics',
  'batteryHealthPercent',
  'batteryHealthSource',
  'os',
  'warrantyMonths',
] as const satisfies readonly (keyof ProductFormValues)[];
