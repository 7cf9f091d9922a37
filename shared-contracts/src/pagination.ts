import { z } from 'zod';
import { singleLineText } from './text';

/**
 * List endpoints answer plain arrays (as the spec's client expects) but are always bounded.
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

/** Ids are opaque strings (UUIDs for rows the API creates, '01'… for categories). */
export const IdSchema = singleLineText().trim().min(1).max(64);
export const IdParamsSchema = z.object({ id: IdSchema });
export type IdParams = z.infer<typeof IdParamsSchema>;
