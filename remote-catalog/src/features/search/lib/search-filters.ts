import {
  Conditions,
  CpuLines,
  MAX_SEARCH_QUERY_LENGTH,
  SearchSorts,
  SPEC_LIMITS,
  StorageTypes,
  type Condition,
  type CpuLine,
  type SearchSort,
  type StorageType,
} from 'shared-contracts/listing-vocabulary';

/**
 * What a buyer searched and filtered by, as it lives in the page's URL (docs/product.md#search):
 * the URL is the only state, so a link, a reload and Back/Forward all give the same results.
 * Values arrive from anywhere (a pasted link, an old bookmark): each is checked here against the
 * rules the API applies (shared-contracts/search SearchQuerySchema) and a value the API would
 * refuse is dropped, so a bad link shows results with fewer filters instead of an error.
 */
export interface SearchFilters {
  q?: string;
  category?: string;
  minPrice?: number;
  maxPrice?: number;
  condition: Condition[];
  minRam?: number;
  minStorage?: number;
  storageType?: StorageType;
  cpu: CpuLine[];
  minScreen?: number;
  maxScreen?: number;
  minYear?: number;
  maxYear?: number;
  location?: string;
  /** 'Available only' is on unless the URL says `available=false`. */
  available: boolean;
  /** "Verified devices only" (docs/product.md#verified-devices); off unless the URL says `verified=true`. */
  verified?: true;
  sort?: SearchSort;
}

export type FilterName = Exclude<keyof SearchFilters, 'sort'>;

export const EMPTY_FILTERS: SearchFilters = { condition: [], cpu: [], available: true };

// The contracts' bounds (shared-contracts/products MAX_PRICE, MIN_YEAR) live in a module that
// loads zod, which the catalog keeps out of its pages (docs/decisions/0016-first-load-budget.md);
// search-filters.test.ts fails if these drift from them.
export const PRICE_LIMIT = 1_000_000;
export const FIRST_YEAR = 1990;
const LAST_YEAR = 9999;
export const MAX_LOCATION_LENGTH = 60;

/** The order parameters are written in: one filter state, one URL, one cache key. */
const PARAM_ORDER = [
  'q',
  'category',
  'minPrice',
  'maxPrice',
  'condition',
  'minRam',
  'minStorage',
  'storageType',
  'cpu',
  'minScreen',
  'maxScreen',
  'minYear',
  'maxYear',
  'location',
  'available',
  'verified',
  'sort',
] as const satisfies ReadonlyArray<keyof SearchFilters>;

function numberIn(raw: string | null, min: number, max: number, integer: boolean): number | undefined {
  if (raw === null || raw.trim() === '') return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max) return undefined;
  if (integer && !Number.isInteger(value)) return undefined;
  return value;
}

function oneOf<T extends string>(values: readonly T[], raw: string | null): T | undefined {
  return values.find((v) => v === raw);
}

/** `a,b` and repeated `x=a&x=b` both count; unknown values and repeats are dropped. */
function listOf<T extends string>(values: readonly T[], params: URLSearchParams, name: string): T[] {
  const given = new Set(params.getAll(name).flatMap((v) => v.split(',')));
  return values.filter((v) => given.has(v));
}

function text(raw: string | null, maxLength: number): string | undefined {
  // Control characters (NUL among them, which the API refuses) are never part of what a buyer meant.
  const value = raw
    // eslint-disable-next-line no-control-regex
    ?.replace(/[\u0000-\u001f\u007f]/g, ' ')
    .trim()
    .replace(/\s+/g, ' ')
    .slice(0, maxLength)
    .trim();
  return value ? value : undefined;
}

/** A range whose ends cross is dropped whole: the buyer's intent cannot be guessed from it. */
function range(min: number | undefined, max: number | undefined): [number | undefined, number | undefined] {
  return min !== undefined && max !== undefined && min > max ? [undefined, undefined] : [min, max];
}

export function parseSearchFilters(params: URLSearchParams): SearchFilters {
  const [minPrice, maxPrice] = range(
    numberIn(params.get('minPrice'), 0, PRICE_LIMIT, false),
    numberIn(params.get('maxPrice'), 0, PRICE_LIMIT, false),
  );
  const screen = SPEC_LIMITS.screenInches;
  const [minScreen, maxScreen] = range(
    numberIn(params.get('minScreen'), screen.min, screen.max, false),
    numberIn(params.get('maxScreen'), screen.min, screen.max, false),
  );
  const [minYear, maxYear] = range(
    numberIn(params.get('minYear'), FIRST_YEAR, LAST_YEAR, true),
    numberIn(params.get('maxYear'), FIRST_YEAR, LAST_YEAR, true),
  );
  const category = params.get('category') ?? '';
  return {
    q: text(params.get('q'), MAX_SEARCH_QUERY_LENGTH),
    category: /^\d{2,4}$/.test(category) ? category : undefined,
    minPrice,
    maxPrice,
    condition: listOf(Conditions, params, 'condition'),
    minRam: numberIn(params.get('minRam'), SPEC_LIMITS.ramGb.min, SPEC_LIMITS.ramGb.max, true),
    minStorage: numberIn(
      params.get('minStorage'),
      SPEC_LIMITS.storageGb.min,
      SPEC_LIMITS.storageGb.max,
      true,
    ),
    storageType: oneOf(StorageTypes, params.get('storageType')),
    cpu: listOf(CpuLines, params, 'cpu'),
    minScreen,
    maxScreen,
    minYear,
    maxYear,
    location: text(params.get('location'), MAX_LOCATION_LENGTH),
    available: params.get('available') !== 'false',
    verified: params.get('verified') === 'true' ? true : undefined,
    sort: oneOf(SearchSorts, params.get('sort')),
  };
}

/** The URL form of a filter state, without defaults, in one fixed order. */
export function serializeSearchFilters(
  filters: SearchFilters,
  omit: readonly FilterName[] = [],
): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of PARAM_ORDER) {
    if ((omit as readonly string[]).includes(name)) continue;
    const value = filters[name];
    if (name === 'available') {
      if (value === false) params.set(name, 'false');
    } else if (Array.isArray(value)) {
      if (value.length) params.set(name, value.join(','));
    } else if (value !== undefined && value !== '') {
      params.set(name, String(value));
    }
  }
  return params;
}

/** Filters the buyer set (the text and the sort are not filters; 'Available only' counts when off). */
export function countActiveFilters(filters: SearchFilters, fixed: readonly FilterName[] = []): number {
  // The text and the sort are not filters; 'Available only' is counted below, when it is off.
  const names = PARAM_ORDER.filter((name) => name !== 'q' && name !== 'sort' && name !== 'available');
  const set = names.filter((name) => {
    if ((fixed as readonly string[]).includes(name)) return false;
    const value = filters[name];
    return Array.isArray(value) ? value.length > 0 : value !== undefined;
  });
  return set.length + (filters.available ? 0 : 1);
}

/** The state without one filter: what the empty state's "Remove the … filter" buttons do. */
export function withoutFilter(filters: SearchFilters, name: FilterName): SearchFilters {
  return { ...filters, [name]: EMPTY_FILTERS[name] } as SearchFilters;
}

/** The names `relax` uses in the API's answer are the URL's names; anything else is ignored. */
export function isFilterName(name: string): name is FilterName {
  return name !== 'sort' && (PARAM_ORDER as readonly string[]).includes(name);
}
