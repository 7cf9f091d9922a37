import { z } from './zod';
import { singleLineText } from './text';

/**
 * List endpoints answer plain arrays (as the original client expects) but are always bounded.
 * `page` starts at 1; `limit` defaults to DEFAULT_PAGE_SIZE and is capped at MAX_PAGE_SIZE.
 * The total is sent in the `X-Total-Count` response header.
 */
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

export const PaginationQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type PaginationQuery = z.infer<typeof PaginationQuerySchema>;

export const TOTAL_COUNT_HEADER = 'x-total-count';
/**
 * RFC 8288 `Link: <…?cursor=…>; rel="next"` on the newest-first lists: the next page by keyset, so a
 * client that follows it never sees a row twice or misses one while listings are added.
 */
export const LINK_HEADER = 'link';
/** What a list answer carries besides its body (the response cache keeps them with it). */
export const LIST_HEADERS = [TOTAL_COUNT_HEADER, LINK_HEADER] as const;

/** `page` and `limit`, or the `cursor` a `Link: rel="next"` handed out (then `page` is ignored). */
export const KeysetPageQuerySchema = PaginationQuerySchema.extend({
  cursor: singleLineText().max(200).optional(),
});
export type KeysetPageQuery = z.infer<typeof KeysetPageQuerySchema>;

/** Ids are opaque strings (UUIDs for rows the API creates, '01'… for categories). */
export const IdSchema = singleLineText().trim().min(1).max(64);
export const IdParamsSchema = z.object({ id: IdSchema });
export type IdParams = z.infer<typeof IdParamsSchema>;

export const SortOrders = ['asc', 'desc'] as const;
export type SortOrder = (typeof SortOrders)[number];
export const MAX_SEARCH_LENGTH = 100;

/**
 * A dashboard list's sortable keys, each with the order it takes when `order` is not given
 * (newest first for dates, A→Z for text, cheapest first for prices). The first key is the
 * list's default sort.
 */
export type ListSorts = Readonly<Record<string, SortOrder>>;
type SortKey<S extends ListSorts> = Extract<keyof S, string>;

/**
 * The query string of every dashboard list (docs/decisions/0030-dashboard-list-queries.md):
 * `page`, `limit`, `sort` (one of the list's keys), `order` (asc | desc), `q` (a search, trimmed,
 * one line, at most 100 characters; empty means none), then the list's own filters. One helper
 * for every list, so each answers a bad `sort`, `order` or `q` with the same 400 naming the field.
 */
export function listQuerySchema<const S extends ListSorts, F extends z.ZodRawShape = Record<never, never>>(
  sorts: S,
  filters?: F,
) {
  const keys = Object.keys(sorts) as [SortKey<S>, ...SortKey<S>[]];
  const base = PaginationQuerySchema.extend({
    sort: z
      .enum(keys)
      .default(keys[0] as never)
      .describe(`Sort key; default ${keys[0]}. Ties are broken by id, so pages never repeat or skip a row.`),
    order: z
      .enum(SortOrders)
      .optional()
      .describe(`Sort direction; default per key: ${keys.map((k) => `${k} ${sorts[k]}`).join(', ')}`),
    q: singleLineText()
      .trim()
      .max(MAX_SEARCH_LENGTH)
      .optional()
      .describe('Case-insensitive substring search on the server; empty means no search'),
  });
  return base.extend((filters ?? {}) as F);
}

export interface ListQuery<K extends string = string> extends PaginationQuery {
  sort: K;
  order?: SortOrder;
  q?: string;
}

/** The sort, its direction (the key's default when `order` is absent) and the search, or none. */
export function resolveListQuery<S extends ListSorts>(sorts: S, query: ListQuery<SortKey<S>>) {
  const q = query.q?.trim();
  return {
    sort: query.sort,
    order: query.order ?? sorts[query.sort] ?? 'asc',
    search: q ? q : null,
  };
}

/** Booleans in a query string are the words `true` and `false`, nothing else. */
export const QueryBooleanSchema = z.enum(['true', 'false']);
export const queryBoolean = (value: 'true' | 'false' | undefined) =>
  value === undefined ? undefined : value === 'true';
