import { z } from './zod';
import { SalesStatuses } from './sales-status';
import { multiLineText, singleLineText, withCleanText } from './text';
import { IdSchema, KeysetPageQuerySchema, listQuerySchema } from './pagination';
import { ListingImageUrlSchema } from './images';
import {
  BatteryHealthSources,
  Conditions,
  CpuLines,
  MAX_PHOTOS,
  OperatingSystems,
  SPEC_LIMITS,
  StorageTypes,
} from './listing-vocabulary';

/**
 * Money: the database stores integer cents (price_cents). On the wire `price` (and `resale`,
 * `original`) is a number of currency units with at most two decimals, as the original client shows it
 * (e.g. 899.99). The API converts with Math.round(price * 100) on input and cents / 100 on output.
 */
export const MAX_PRICE = 1_000_000;
export const PriceSchema = z
  .number()
  .positive()
  .max(MAX_PRICE)
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'price has at most two decimals')
  .meta({ multipleOf: 0.01 }); // the refine above, as the OpenAPI document shows it

/**
 * A number given as a JSON number or, as the original client posts its form values, as a string of
 * digits ('899.99', '2019'). Anything else ('12abc', '1e3', ' ', '-5') is refused naming the
 * field; the number then passes the same rules either way. The transform sits after the union,
 * not in a branch, so the OpenAPI generator renders both shapes (anyOf number | string).
 */
const numberOrDigits = <T extends z.ZodType<number, number>>(schema: T, digits: RegExp, example: string) =>
  z
    .union([
      schema,
      singleLineText().trim().max(20).regex(digits, `must be a number written in digits, e.g. ${example}`),
    ])
    .transform((value) => Number(value))
    .pipe(schema);

/** `price` on input: a JSON number, or the same number as a string of digits (the original client's form). */
export const PriceInputSchema = numberOrDigits(PriceSchema, /^\d+(\.\d+)?$/, '899.99').describe(
  'Currency units: a number (899.99) or the same in digits as a string ("899.99")',
);

export const Qualities = Conditions;
export const QualitySchema = z.enum(Qualities);
export type Quality = z.infer<typeof QualitySchema>;

export { SalesStatuses, type SalesStatus } from './sales-status';
export const SalesStatusSchema = z.enum(SalesStatuses);

export const PhoneSchema = singleLineText()
  .trim()
  .regex(/^\+?[0-9][0-9 ()-]{4,24}$/, 'phone is 5–25 digits, spaces, dashes or parentheses');

/** Only http(s) URLs: no javascript: or data: links end up in an <img src>. */
export const HttpUrlSchema = withCleanText(z.url({ protocol: /^https?$/ }).max(2048), 'single-line');

export const MIN_YEAR = 1990;
export const YearSchema = z
  .number()
  .int()
  .min(MIN_YEAR)
  .refine((y) => y <= new Date().getFullYear(), 'year cannot be in the future')
  // The OpenAPI document turns this into `maximum: <this year>` (api/src/plugins/openapi.ts).
  .meta({ 'x-maximum': 'current-year' });

/** `year` on input: a JSON integer, or the same as a string of digits (the original client's form posts '2019'). */
export const YearInputSchema = numberOrDigits(YearSchema, /^\d+$/, '2019').describe(
  'Purchase year, not in the future: a number (2019) or the same in digits as a string ("2019")',
);

/**
 * A category as a product body names it: its id ('03', as the category list answers it) or its
 * name ('Lenovo', any case), since the original client's form sends the option it shows. The API resolves it
 * and refuses an unknown one with a 400 naming the field.
 */
export const CategoryRefSchema = singleLineText()
  .trim()
  .min(1)
  .max(60)
  .describe("The category's id ('03') or its name ('Lenovo', any case)");

const intIn = (limits: { min: number; max: number }) => z.number().int().min(limits.min).max(limits.max);

/**
 * A laptop's specs as the seller gives them (docs/product.md#laptop-specs). The processor is free
 * text; the API derives its normalised family and line (normaliseCpu) and returns both.
 */
export const SpecsInputSchema = z
  .object({
    processor: singleLineText().trim().min(SPEC_LIMITS.specText.min).max(SPEC_LIMITS.specText.max),
    ramGb: intIn(SPEC_LIMITS.ramGb),
    storageGb: intIn(SPEC_LIMITS.storageGb),
    storageType: z.enum(StorageTypes),
    screenInches: z
      .number()
      .min(SPEC_LIMITS.screenInches.min)
      .max(SPEC_LIMITS.screenInches.max)
      .refine((v) => Math.abs(Math.round(v * 10) - v * 10) < 1e-6, 'screen size has at most one decimal')
      .meta({ multipleOf: 0.1 }),
    resolution: singleLineText()
      .trim()
      .regex(/^[1-9][0-9]{2,3}x[1-9][0-9]{2,3}$/, 'resolution is width x height in pixels, e.g. 1920x1080'),
    graphics: singleLineText().trim().min(SPEC_LIMITS.specText.min).max(SPEC_LIMITS.specText.max),
    batteryHealthPercent: intIn(SPEC_LIMITS.batteryHealthPercent).nullable().default(null),
    batteryHealthSource: z.enum(BatteryHealthSources).nullable().default(null),
    os: z.enum(OperatingSystems),
    warrantyMonths: intIn(SPEC_LIMITS.warrantyMonths).nullable().default(null),
  })
  .refine((s) => (s.batteryHealthPercent === null) === (s.batteryHealthSource === null), {
    message: 'battery health and how it was read go together',
    path: ['batteryHealthSource'],
  });
export type SpecsInput = z.input<typeof SpecsInputSchema>;

export const SpecsSchema = z.object({
  processor: z.string(),
  cpuFamily: z.string().describe("Normalised family, e.g. 'Intel Core i5 11th gen'"),
  cpuLine: z.enum(CpuLines),
  ramGb: z.number().int(),
  storageGb: z.number().int(),
  storageType: z.enum(StorageTypes),
  screenInches: z.number(),
  resolution: z.string(),
  graphics: z.string(),
  batteryHealthPercent: z.number().int().nullable(),
  batteryHealthSource: z.enum(BatteryHealthSources).nullable(),
  os: z.enum(OperatingSystems),
  warrantyMonths: z.number().int().nullable(),
});
export type Specs = z.infer<typeof SpecsSchema>;

/**
 * What the API read from the name and description of a listing posted without specs: any of it
 * may be unknown (null), none of it is confirmed by the seller (docs/product.md#laptop-specs).
 */
export const ReadSpecsSchema = z.object({
  processor: z.string().nullable(),
  cpuFamily: z.string().nullable(),
  cpuLine: z.enum(CpuLines).nullable(),
  ramGb: z.number().int().nullable(),
  storageGb: z.number().int().nullable(),
  storageType: z.enum(StorageTypes).nullable(),
  screenInches: z.number().nullable(),
});
export type ReadSpecs = z.infer<typeof ReadSpecsSchema>;

/**
 * A seller's reviews in short (docs/product.md#reviews-and-seller-pages): the average to one
 * decimal, null when there are none yet.
 */
export const SellerRatingSchema = z.object({
  average: z.number().min(1).max(5).nullable(),
  count: z.number().int().nonnegative(),
});
export type SellerRating = z.infer<typeof SellerRatingSchema>;

/** A product as every read endpoint returns it (details, category list, recent, adverts, my products). */
export const ProductSchema = z.object({
  _id: z.string(),
  productName: z.string(),
  email: z
    .string()
    .nullable()
    .describe(
      'Seller e-mail; null when the seller chose not to show contact details (showContact false) and the reader is not the seller or an admin',
    ),
  sellerName: z.string(),
  price: z.number().describe('Resale price in currency units'),
  image: z.string(),
  quality: QualitySchema,
  phone: z.string().nullable().describe('Seller phone; null under the same rule as email'),
  location: z.string(),
  category: z.string().describe('Category id'),
  categoryName: z.string(),
  description: z.string(),
  year: z.number().int().describe('Purchase year'),
  // Category-list fields, derived from the product:
  resale: z.number().describe('Same as price'),
  original: z.number().nullable().describe('Original (new) price, when the seller gave one'),
  useYear: z.number().int().describe('Years of use: current year minus purchase year'),
  rating: z
    .number()
    .int()
    .nullable()
    .describe("The spec's stored rating (demo data); pages show the seller's real rating, seller.rating"),
  status: SalesStatusSchema.describe('Real sales status'),
  advertised: z.boolean(),
  createdAt: z.string(),
  // Additions to the original client's shape (docs/product.md#laptop-specs):
  specs: SpecsSchema.nullable().describe(
    'The seller’s specs; null for listings created before specs existed and while specsConfirmed is false',
  ),
  specsConfirmed: z
    .boolean()
    .describe('False when the listing was posted without specs and the seller has not completed them yet'),
  specsRead: ReadSpecsSchema.nullable().describe(
    'While specsConfirmed is false: what the API read from the name and description (unknowns null); null otherwise',
  ),
  photos: z.array(z.string()).describe('Every photo, the cover (same as image) first'),
  seller: z
    .object({ _id: z.string(), name: z.string(), rating: SellerRatingSchema })
    .describe("The seller's public page is /sellers/{_id}; the rating is their reviews'"),
  showContact: z
    .boolean()
    .describe(
      'Whether the seller shows phone and e-mail on the listing (docs/product.md#contact-details-on-a-listing)',
    ),
  /**
   * Set when an operator approved the device verification (docs/product.md#verified-devices): when;
   * never the serial. A comment, not a `.describe()`: this schema is in every catalogue page's
   * first load, and the text would be too (e2e/byte-budget.ts).
   */
  verifiedDevice: z.object({ checkedAt: z.string() }).nullable(),
});
export type Product = z.infer<typeof ProductSchema>;
export const ProductListSchema = z.array(ProductSchema);

/**
 * A row of My Products: the product and where it stands with the operators
 * (docs/product.md#moderation). Its own schema, so catalogue pages do not carry these fields.
 */
export const MyProductSchema = ProductSchema.extend({
  reviewState: z.enum(['published', 'pending', 'refused']),
  /** The operator's reason on a refused listing. */
  refusalReason: z.string().nullable(),
});
export type MyProduct = z.infer<typeof MyProductSchema>;
export const MyProductListSchema = z.array(MyProductSchema);

/** Advertised item: the product's fields (with the product's `_id`) plus the advert id. */
export const AdvertisedProductSchema = ProductSchema.extend({ advertId: z.string() });
export type AdvertisedProduct = z.infer<typeof AdvertisedProductSchema>;
export const AdvertisedProductListSchema = z.array(AdvertisedProductSchema);

/**
 * POST /add-products. `email` (the original client sends the seller's e-mail) is accepted and ignored:
 * the seller is the signed-in user. `price`, `originalPrice` and `year` may be numbers or digit
 * strings and `category` an id or a name, as the original client's form sends them (api/README.md,
 * compatibility table). Without `specs` the listing is posted with specs read from its name and
 * description, marked unconfirmed; an image on another site is imported (docs/product.md#photos).
 */
export const CreateProductSchema = z
  .object({
    productName: singleLineText().trim().min(1).max(120),
    email: singleLineText().max(320).optional(),
    price: PriceInputSchema,
    originalPrice: PriceInputSchema.optional(),
    image: ListingImageUrlSchema,
    quality: QualitySchema,
    phone: PhoneSchema,
    location: singleLineText().trim().min(1).max(120),
    category: CategoryRefSchema,
    description: multiLineText().trim().min(1).max(2000),
    year: YearInputSchema,
    /** Without it the specs are read from the name and description and shown as unconfirmed. */
    specs: SpecsInputSchema.optional(),
    /** Every photo in order, the cover first (it must be `image`); without it the cover is the only one. */
    photos: z.array(ListingImageUrlSchema).min(1).max(MAX_PHOTOS).optional(),
    /** Show the seller's phone and e-mail on the listing; on unless the seller turns it off. */
    showContact: z.boolean().optional(),
  })
  .refine((p) => p.photos === undefined || p.photos[0] === p.image, {
    message: 'the first photo is the cover and must be the same as image',
    path: ['photos'],
  });
export type CreateProduct = z.infer<typeof CreateProductSchema>;

/** GET /add-products (My Products): newest first; `q` matches the product name; `status` filters. */
export const SellerProductSorts = { createdAt: 'desc', name: 'asc', price: 'asc', status: 'asc' } as const;
export const SellerProductsQuerySchema = listQuerySchema(SellerProductSorts, {
  email: z.email().max(320).optional(),
  status: SalesStatusSchema.optional(),
});
export type SellerProductsQuery = z.infer<typeof SellerProductsQuerySchema>;

export const RecentProductsQuerySchema = KeysetPageQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(100).default(8),
});

export const ProductIdParamsSchema = z.object({ id: IdSchema });

/**
 * PATCH /add-products/:id: the seller changes a listing's price, whether their phone and e-mail
 * show (docs/product.md#contact-details-on-a-listing), or gives its specs, which confirms them
 * (docs/product.md#laptop-specs). At least one of the three.
 */
export const UpdateProductSchema = z
  .object({
    price: PriceInputSchema.optional(),
    showContact: z.boolean().optional(),
    specs: SpecsInputSchema.optional(),
  })
  .refine((b) => b.price !== undefined || b.showContact !== undefined || b.specs !== undefined, {
    message: 'give a price, showContact or specs',
  });
export type UpdateProduct = z.infer<typeof UpdateProductSchema>;

export const UpdateProductResultSchema = z.object({
  acknowledged: z.boolean(),
  price: z.number(),
  showContact: z.boolean(),
  specsConfirmed: z.boolean(),
});
export type UpdateProductResult = z.infer<typeof UpdateProductResultSchema>;
