import type { ApiPage } from 'runtime-kernel';

/**
 * One page of a list the API answers whole (the money queues: disputes, payouts, the sellers of
 * the money totals), in the shape DataTable reads from a server-paged list, so both kinds of list
 * look and behave the same.
 */
export function clientPage<T>(rows: readonly T[], page: number, pageSize: number): ApiPage<T> {
  const start = (page - 1) * pageSize;
  return { rows: rows.slice(start, start + pageSize), total: rows.length };
}
