import { sql, type SQL } from 'drizzle-orm';
import { EXACT_TOTAL_LIMIT } from 'shared-contracts/listing-vocabulary';
import type { Database } from '../db/index';

/** A list's total: exact up to a bound, above it the planner's estimate, which pages label 'about'. */
export interface BoundedTotal {
  total: number;
  totalIsEstimate: boolean;
}

/**
 * Counts the rows `rows` (a `select 1 from … where …`) returns, exactly up to `bound` and no
 * further, so the cost stays that of reading `bound` index entries at any catalogue size. Above
 * the bound the total is the planner's row estimate, rounded to two significant figures ('about
 * 98,000', not a precision the planner does not have) and never below the bound.
 */
export async function boundedTotal(
  db: Database,
  rows: SQL,
  bound = EXACT_TOTAL_LIMIT,
): Promise<BoundedTotal> {
  const counted = await db.execute(
    sql`select count(*)::int as n from (${rows} limit ${bound + 1}) as bounded`,
  );
  const exact = Number((counted as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  if (exact <= bound) return { total: exact, totalIsEstimate: false };
  const plan = await db.execute(sql`explain (format json) ${rows}`);
  const json = (plan as unknown as { rows: Record<string, unknown>[] }).rows[0]?.['QUERY PLAN'];
  const parsed = (typeof json === 'string' ? JSON.parse(json) : json) as [{ Plan: { 'Plan Rows': number } }];
  const estimate = Math.round(parsed[0].Plan['Plan Rows']);
  const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(estimate, 1))) - 1);
  return { total: Math.max(Math.round(estimate / magnitude) * magnitude, bound + 1), totalIsEstimate: true };
}
