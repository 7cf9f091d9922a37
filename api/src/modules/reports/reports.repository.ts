import { and, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { resolveListQuery } from 'shared-contracts/pagination';
import { ReportSorts, type ReportStatus, type ReportsQuery } from 'shared-contracts/reports';
import type { Database } from '../../db/index';
import { products, reports, users } from '../../db/schema/index';
import { pageWindow } from '../../lib/http';
import { containsPattern, orderByKeyThenId } from '../../lib/list-query';

export interface ReportsFilter {
  status?: ReportStatus;
  search?: string | null;
}

/**
 * Reported Items. The search (product name, reporter's or seller's e-mail) is asked of each table
 * in a sub-select on its own column, where the pg_trgm indexes serve it; an OR over the joined
 * columns could only be checked row by row after the join.
 */
function reportsWhere(db: Database, { status, search }: ReportsFilter) {
  const pattern = search ? containsPattern(search) : null;
  const seller = alias(users, 'searched_seller');
  return and(
    status ? eq(reports.status, status) : undefined,
    pattern
      ? or(
          inArray(
            reports.productId,
            db.select({ id: products.id }).from(products).where(ilike(products.name, pattern)),
          ),
          inArray(
            reports.reporterId,
            db.select({ id: users.id }).from(users).where(ilike(users.email, pattern)),
          ),
          inArray(
            reports.productId,
            db
              .select({ id: products.id })
              .from(products)
              .innerJoin(seller, eq(seller.id, products.sellerId))
              .where(ilike(seller.email, pattern)),
          ),
        )
      : undefined,
  );
}

/** The SQL of one page of Reported Items (built, not run: the EXPLAIN test reads it). */
export function reportsPageQuery(db: Database, query: ReportsQuery) {
  const { sort, order, search } = resolveListQuery(ReportSorts, query);
  const { limit, offset } = pageWindow(query);
  const reporter = alias(users, 'reporter');
  const seller = alias(users, 'seller');
  const sortColumns = {
    createdAt: reports.createdAt,
    productName: sql`lower(${products.name})`,
    status: reports.status,
  } as const;
  return db
    .select({ report: reports, product: products, reporter, seller })
    .from(reports)
    .innerJoin(products, eq(products.id, reports.productId))
    .innerJoin(reporter, eq(reporter.id, reports.reporterId))
    .innerJoin(seller, eq(seller.id, products.sellerId))
    .where(reportsWhere(db, { status: query.status, search }))
    .orderBy(...orderByKeyThenId(sortColumns[sort], reports.id, order))
    .limit(limit)
    .offset(offset);
}

/** The reports (of a status, matching a search): the list's total and the admin's summary card. */
export async function countReports(db: Database, filter: ReportsFilter = {}) {
  const [row] = await db.select({ n: count() }).from(reports).where(reportsWhere(db, filter));
  return row?.n ?? 0;
}

export async function listReports(db: Database, query: ReportsQuery) {
  const rows = await reportsPageQuery(db, query);
  const { search } = resolveListQuery(ReportSorts, query);
  return { rows, total: await countReports(db, { status: query.status, search }) };
}
