import { and, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { resolveListQuery } from 'shared-contracts/pagination';
import { ReportSorts, type ReportStatus, type ReportsQuery } from 'shared-contracts/reports';
import type { Database, Executor } from '../../db/index';
import { products, reports, users } from '../../db/schema/index';
import { pageWindow } from '../../lib/http';
import { containsPattern, orderByKeyThenId } from '../../lib/list-query';

/**
 * Every read and write of reports, in SQL (pagination included), and the reads and the removal
 * of the reported listing that resolving a report needs.
 */

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

export type ReportSqlRow = Awaited<ReturnType<typeof reportsPageQuery>>[number];

/** Whether a listing with this id is not removed (what a buyer may report). */
export async function reportableListingExists(db: Executor, productId: string) {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    // A held or refused listing is reported like one that does not exist.
    .where(
      and(
        eq(products.id, productId),
        sql`${products.deletedAt} is null`,
        sql`${products.reviewState} = 'published'`,
      ),
    )
    .limit(1);
  return product !== undefined;
}

/** The reporter's open report of the listing, if any (one open report each). */
export async function findOpenReport(db: Executor, productId: string, reporterId: string) {
  const [open] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(
      and(eq(reports.productId, productId), eq(reports.reporterId, reporterId), eq(reports.status, 'open')),
    )
    .limit(1);
  return open ?? null;
}

export async function insertReport(db: Executor, row: typeof reports.$inferInsert) {
  await db.insert(reports).values(row);
}

/** The report, locked for the rest of the transaction, or null. */
export async function lockReport(tx: Executor, id: string) {
  const [report] = await tx.select().from(reports).where(eq(reports.id, id)).limit(1).for('update');
  return report ?? null;
}

/** The reported listing's name (removed or not), for the audit log. */
export async function reportedListingName(tx: Executor, productId: string) {
  const [product] = await tx
    .select({ name: products.name })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  return product?.name ?? null;
}

export async function dismissReport(tx: Executor, id: string, adminId: string) {
  await tx
    .update(reports)
    .set({ status: 'dismissed', resolvedAt: sql`now()`, resolvedBy: adminId })
    .where(eq(reports.id, id));
}

/**
 * Removes the reported listing (soft delete; an earlier removal keeps its time) and settles every
 * open report of it: the removal answers them all.
 */
export async function removeReportedListing(tx: Executor, productId: string, adminId: string) {
  await tx
    .update(products)
    .set({ deletedAt: sql`coalesce(${products.deletedAt}, now())`, updatedAt: sql`now()` })
    .where(eq(products.id, productId));
  await tx
    .update(reports)
    .set({ status: 'removed', resolvedAt: sql`now()`, resolvedBy: adminId })
    .where(and(eq(reports.productId, productId), eq(reports.status, 'open')));
}
