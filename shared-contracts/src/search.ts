import { z } from './zod';
import { singleLineText } from './text';
import { CategoryIdSchema } from './categories';
import {
  Conditions,
  CpuLines,
  MAX_SEARCH_QUERY_LENGTH,
  SEARCH_PAGE_SIZE,
  SearchSorts,
  SPEC_LIMITS,
  StorageTypes,
} from './listing-vocabulary';
import { MAX_PRICE, MIN_YEAR, ProductSchema } from './products';

/** `a,b` or repeated `?x=a&x=b` → ['a', 'b'] (query strings carry lists both ways). */
const listOf = <T extends [string, ...string[]]>(values: T) =>
  z
    .preprocess(
      (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
      z.array(z.enum(values)).max(values.length),
    )
    .optional();

const boundedInt = (min: number, max: number) => z.coerce.number().int().min(min).max(max).optional();

/**
 * GET /search. Every parameter is optional; unknown values are a 400 with the field named
 * (docs/product.md#search). The cursor is opaque: the API signs what it hands out.
 */
export const SearchQuerySchema = z
  .object({
    q: singleLineText()
      .max(MAX_SEARCH_QUERY_LENGTH, `search text is at most ${MAX_SEARCH_QUERY_LENGTH} characters`)
      .optional(),
    category: CategoryIdSchema.optional(),
    minPrice: z.coerce.number().min(0).max(MAX_PRICE).optional(),
    maxPrice: z.coerce.number().min(0).max(MAX_PRICE).optional(),
    condition: listOf([...Conditions]),
    minRam: boundedInt(SPEC_LIMITS.ramGb.min, SPEC_LIMITS.ramGb.max),
    minStorage: boundedInt(SPEC_LIMITS.storageGb.min, SPEC_LIMITS.storageGb.max),
    storageType: z.enum(StorageTypes).optional(),
    cpu: listOf([...CpuLines]),
    minScreen: z.coerce
      .number()
      .min(SPEC_LIMITS.screenInches.min)
      .max(SPEC_LIMITS.screenInches.max)
      .optional(),
    maxScreen: z.coerce
      .number()
      .min(SPEC_LIMITS.screenInches.min)
      .max(SPEC_LIMITS.screenInches.max)
      .optional(),
    minYear: boundedInt(MIN_YEAR, 9999),
    maxYear: boundedInt(MIN_YEAR, 9999),
    location: singleLineText().trim().max(60).optional(),
    /** 'available only' is on unless the buyer turns it off (`available=false`). */
    available: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    /** "Verified devices only": listings an operator verified (docs/product.md#verified-devices). */
    verified: z
      .enum(['true', 'false'])
      .optional()
      .transform((v) => v === 'true'),
    sort: z.enum(SearchSorts).optional(),
    cursor: singleLineText().max(400).optional(),
    limit: z.coerce.number().int().min(1).max(48).default(SEARCH_PAGE_SIZE),
  })
  .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
    message: 'minPrice is above maxPrice',
    path: ['minPrice'],
  })
  .refine((q) => q.minYear === undefined || q.maxYear === undefined || q.minYear <= q.maxYear, {
    message: 'minYear is after maxYear',
    path: ['minYear'],
  })
  .refine((q) => q.minScreen === undefined || q.maxScreen === undefined || q.minScreen <= q.maxScreen, {
    message: 'minScreen is above maxScreen',
    path: ['minScreen'],
  });
export type SearchQuery = z.infer<typeof SearchQuerySchema>;
export type SearchQueryInput = z.input<typeof SearchQuerySchema>;

const FacetSchema = z.array(z.object({ value: z.string(), count: z.number().int() }));

export const SearchResultSchema = z.object({
  items: z.array(ProductSchema),
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  total: z.number().int(),
  /** True when `total` is the planner's estimate (large result sets), shown as 'about N'. */
  totalIsEstimate: z.boolean(),
  sort: z.enum(SearchSorts),
  /** Counts per value of a few filters, when they are cheap to count (null otherwise). */
  facets: z
    .object({ category: FacetSchema, condition: FacetSchema, cpu: FacetSchema, ram: FacetSchema })
    .nullable(),
  /** With no result: the active filters whose removal would find something, most results first. */
  relax: z.array(z.object({ filter: z.string(), total: z.number().int() })),
  /** When the words as typed found nothing and similar words did: those words ('thinkpad'). */
  correctedQuery: z.string().nullable(),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;
