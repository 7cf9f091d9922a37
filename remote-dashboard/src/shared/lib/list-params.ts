// The state of a server-paged dashboard list (docs/product.md, "Dashboard lists"): page, sort,
// order, search text and filters. It lives in the URL so reload, Back and a shared link give the
// same view; these pure functions read and write it, the hook in hooks/use-list-params does so
// through React Router. The sort keys and filters of each list are the API's list contract,
// copied into each list's api file rather than imported so this remote does not bundle zod.

export type SortOrder = 'asc' | 'desc';

/** 'all' is every row: the filter is left out of the API request. */
export const ALL = 'all';

export interface ListSpec {
  /** Sortable column keys of the API with the order each starts in (dates desc, text asc); the first is the default. */
  sorts: Readonly<Record<string, SortOrder>>;
  /** Filter name → the values the API takes; `initial` is the value with nothing in the URL (default 'all'). */
  filters?: Readonly<Record<string, { values: readonly string[]; initial?: string }>>;
  /** Rows per page (the API allows 1..100). */
  pageSize: number;
}

export interface ListParams {
  page: number;
  sort: string;
  order: SortOrder;
  q: string;
  /** Every filter of the ListSpec, each a value of its list or 'all'. */
  filters: Record<string, string>;
}

/** The API's limit on search text (single line, at most 100 characters). */
export const MAX_SEARCH_LENGTH = 100;

export const defaultSort = (spec: ListSpec) => Object.keys(spec.sorts)[0]!;

/** Search text as the API takes it: one line, trimmed, at most 100 characters. */
export const cleanSearch = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, MAX_SEARCH_LENGTH);

/** Reads the list's state from a URL; anything unknown or malformed falls back to the default. */
export function parseListParams(spec: ListSpec, search: URLSearchParams): ListParams {
  const pageText = search.get('page') ?? '';
  const page = /^[1-9]\d{0,5}$/.test(pageText) ? Number(pageText) : 1;
  const askedSort = search.get('sort') ?? '';
  const sort = Object.hasOwn(spec.sorts, askedSort) ? askedSort : defaultSort(spec);
  const askedOrder = search.get('order');
  const order: SortOrder = askedOrder === 'asc' || askedOrder === 'desc' ? askedOrder : spec.sorts[sort]!;
  const filters: Record<string, string> = {};
  for (const [name, filter] of Object.entries(spec.filters ?? {})) {
    const value = search.get(name) ?? '';
    filters[name] = value === ALL || filter.values.includes(value) ? value : (filter.initial ?? ALL);
  }
  return { page, sort, order, q: cleanSearch(search.get('q') ?? ''), filters };
}

/**
 * Writes the state into a URL's search params, leaving out what equals the default so a plain
 * link (`/dashboard/users/all-buyer`) is the first page in the default order. Other params of the
 * URL are kept.
 */
export function writeListParams(
  spec: ListSpec,
  params: ListParams,
  into = new URLSearchParams(),
): URLSearchParams {
  // Other params first, then the list's in one fixed order, so one view has one URL.
  const own = new Set(['page', 'sort', 'order', 'q', ...Object.keys(spec.filters ?? {})]);
  const out = new URLSearchParams([...into].filter(([name]) => !own.has(name)));
  const set = (name: string, value: string | null) => {
    if (value !== null) out.append(name, value);
  };
  set('page', params.page > 1 ? String(params.page) : null);
  const isDefaultSort = params.sort === defaultSort(spec) && params.order === spec.sorts[params.sort];
  set('sort', isDefaultSort ? null : params.sort);
  set('order', isDefaultSort ? null : params.order);
  set('q', params.q ? params.q : null);
  for (const [name, filter] of Object.entries(spec.filters ?? {})) {
    const value = params.filters[name] ?? ALL;
    set(name, value === (filter.initial ?? ALL) ? null : value);
  }
  return out;
}

/** The API request's query string for this state (the list contract: page, limit, sort, order, q, filters). */
export function apiListQuery(spec: ListSpec, params: ListParams, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams({
    ...extra,
    page: String(params.page),
    limit: String(spec.pageSize),
    sort: params.sort,
    order: params.order,
  });
  if (params.q) query.set('q', params.q);
  for (const [name, value] of Object.entries(params.filters)) if (value !== ALL) query.set(name, value);
  return query.toString();
}
