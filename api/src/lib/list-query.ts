import { asc, desc, ilike, or, type AnyColumn, type SQL } from 'drizzle-orm';
import type { SortOrder } from 'shared-contracts/pagination';

/**
 * SQL pieces every dashboard list shares (docs/decisions/0030-dashboard-list-queries.md).
 */

/** ORDER BY the key, then the id in the same direction: a total order, so pages never repeat or
 * skip a row, and one index (key, id) serves both directions. */
export function orderByKeyThenId(key: AnyColumn | SQL, id: AnyColumn | SQL, order: SortOrder): SQL[] {
  const by = order === 'asc' ? asc : desc;
  return [by(key), by(id)];
}

/** `%text%` with LIKE's own characters escaped, so `50%` or `a_b` match literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Case-insensitive substring search over columns: `col ILIKE '%q%' OR …`, which the pg_trgm GIN
 * indexes (gin_trgm_ops) serve. Undefined when there is no search.
 */
export function containsAny(search: string | null, columns: (AnyColumn | SQL)[]): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return or(...columns.map((c) => ilike(c, pattern)));
}

/** The total of a count(*) query (PostgreSQL answers bigint as a string through `execute`). */
export const countOf = (rows: { n: number | string }[]) => Number(rows[0]?.n ?? 0);

/** The rows of `db.execute` (both drivers answer `{ rows }`). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
