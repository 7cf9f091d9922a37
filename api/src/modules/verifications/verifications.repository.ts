import { and, count, desc, eq, ilike, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { resolveListQuery } from 'shared-contracts/pagination';
import {
  VerificationSorts,
  type SerialConflictKind,
  type VerificationState,
  type VerificationsQuery,
} from 'shared-contracts/verifications';
import type { Database, Executor } from '../../db/index';
import { categories, deviceVerifications, products, stolenSerials, users } from '../../db/schema/index';
import { pageWindow } from '../../lib/http';
import { containsPattern, orderByKeyThenId } from '../../lib/list-query';

/** Every read and write of device verifications and stolen serials, in SQL (pagination included). */

/** The listing a seller verifies, with its brand (the category's name), or null when removed. */
export async function findVerifiableListing(db: Executor, productId: string) {
  const [row] = await db
    .select({
      id: products.id,
      name: products.name,
      sellerId: products.sellerId,
      status: products.status,
      serialNumber: products.serialNumber,
      brand: categories.name,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(products.id, productId), isNull(products.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** The listing's latest submission, or null before the first. */
export async function latestVerificationOf(db: Executor, productId: string) {
  const [row] = await db
    .select({
      id: deviceVerifications.id,
      productId: deviceVerifications.productId,
      serial: deviceVerifications.serial,
      code: deviceVerifications.code,
      state: deviceVerifications.state,
      reason: deviceVerifications.reason,
      createdAt: deviceVerifications.createdAt,
      decidedAt: deviceVerifications.decidedAt,
    })
    .from(deviceVerifications)
    .where(eq(deviceVerifications.productId, productId))
    .orderBy(desc(deviceVerifications.createdAt), desc(deviceVerifications.id))
    .limit(1);
  return row ?? null;
}
export type SellerVerificationRow = NonNullable<Awaited<ReturnType<typeof latestVerificationOf>>>;

/** Why this serial cannot go on the listing now: reported stolen, on another active listing, or null. */
export async function serialConflictOf(
  tx: Executor,
  productId: string,
  serial: string,
): Promise<SerialConflictKind | null> {
  const [stolen] = await tx
    .select({ serial: stolenSerials.serial })
    .from(stolenSerials)
    .where(eq(stolenSerials.serial, serial))
    .limit(1);
  if (stolen) return 'reported-stolen';
  const [other] = await tx
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.serialNumber, serial),
        ne(products.id, productId),
        isNull(products.deletedAt),
        ne(products.status, 'sold'),
      ),
    )
    .limit(1);
  return other ? 'duplicate' : null;
}

export async function insertVerification(tx: Executor, row: typeof deviceVerifications.$inferInsert) {
  await tx.insert(deviceVerifications).values(row);
}

/** A new serial on the listing: it is no longer verified until an operator approves the new one. */
export async function setListingSerial(tx: Executor, productId: string, serial: string) {
  await tx
    .update(products)
    .set({ serialNumber: serial, verifiedAt: null, updatedAt: sql`now()` })
    .where(eq(products.id, productId));
}

export async function storeVerificationPhoto(tx: Executor, id: string, photo: Buffer) {
  await tx
    .update(deviceVerifications)
    .set({ photo, state: 'pending', updatedAt: sql`now()` })
    .where(and(eq(deviceVerifications.id, id), eq(deviceVerifications.state, 'awaiting-photo')));
}

/** The submission, locked for the rest of the transaction, with its listing's name; or null. */
export async function lockVerification(tx: Executor, id: string) {
  const [row] = await tx
    .select({
      id: deviceVerifications.id,
      productId: deviceVerifications.productId,
      sellerId: deviceVerifications.sellerId,
      serial: deviceVerifications.serial,
      state: deviceVerifications.state,
    })
    .from(deviceVerifications)
    .where(eq(deviceVerifications.id, id))
    .limit(1)
    .for('update');
  if (!row) return null;
  const [product] = await tx
    .select({ name: products.name, serialNumber: products.serialNumber })
    .from(products)
    .where(eq(products.id, row.productId))
    .limit(1);
  return {
    ...row,
    productName: product?.name ?? row.productId,
    listingSerial: product?.serialNumber ?? null,
  };
}

export async function decideVerification(
  tx: Executor,
  id: string,
  adminId: string,
  state: Extract<VerificationState, 'approved' | 'refused'>,
  reason: string | null,
) {
  await tx
    .update(deviceVerifications)
    .set({ state, reason, decidedBy: adminId, decidedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(deviceVerifications.id, id));
}

/** The badge: set on approval, cleared on refusal (the catalogue cache forgets the listing by trigger). */
export async function setListingVerified(tx: Executor, productId: string, verified: boolean) {
  await tx
    .update(products)
    .set({ verifiedAt: verified ? sql`now()` : null, updatedAt: sql`now()` })
    .where(eq(products.id, productId));
}

/** The verification photo's bytes (operators only), or null. */
export async function verificationPhoto(db: Executor, id: string) {
  const [row] = await db
    .select({ photo: deviceVerifications.photo })
    .from(deviceVerifications)
    .where(eq(deviceVerifications.id, id))
    .limit(1);
  return row?.photo ?? null;
}

/**
 * The operators' queue. The search (serial, listing name, seller's e-mail) is asked of each table
 * on its own trigram-indexed column, as Reported Items does (docs/decisions/0030-dashboard-list-queries.md).
 */
function verificationsWhere(db: Database, state: VerificationState | undefined, search: string | null) {
  const pattern = search ? containsPattern(search) : null;
  return and(
    state ? eq(deviceVerifications.state, state) : undefined,
    pattern
      ? or(
          ilike(deviceVerifications.serial, pattern),
          inArray(
            deviceVerifications.productId,
            db.select({ id: products.id }).from(products).where(ilike(products.name, pattern)),
          ),
          inArray(
            deviceVerifications.sellerId,
            db.select({ id: users.id }).from(users).where(ilike(users.email, pattern)),
          ),
        )
      : undefined,
  );
}

/** An item of the queue as the operators read it: the only read of the full serial with its code. */
function adminVerificationSelect(db: Database) {
  return db
    .select({
      id: deviceVerifications.id,
      productId: deviceVerifications.productId,
      productName: products.name,
      brand: categories.name,
      sellerEmail: users.email,
      serial: deviceVerifications.serial,
      code: deviceVerifications.code,
      state: deviceVerifications.state,
      conflict: deviceVerifications.conflict,
      hasPhoto: sql<boolean>`${deviceVerifications.photo} is not null`,
      reportedStolen: sql<boolean>`exists (select 1 from ${stolenSerials} where ${stolenSerials.serial} = ${deviceVerifications.serial})`,
      reason: deviceVerifications.reason,
      createdAt: deviceVerifications.createdAt,
      decidedAt: deviceVerifications.decidedAt,
    })
    .from(deviceVerifications)
    .innerJoin(products, eq(products.id, deviceVerifications.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(users, eq(users.id, deviceVerifications.sellerId));
}

/** The SQL of one page of Device verifications (built, not run: a test may EXPLAIN it). */
export function verificationsPageQuery(db: Database, query: VerificationsQuery) {
  const { sort, order, search } = resolveListQuery(VerificationSorts, query);
  const { limit, offset } = pageWindow(query);
  const sortColumns = { createdAt: deviceVerifications.createdAt, state: deviceVerifications.state } as const;
  return adminVerificationSelect(db)
    .where(verificationsWhere(db, query.state, search))
    .orderBy(...orderByKeyThenId(sortColumns[sort], deviceVerifications.id, order))
    .limit(limit)
    .offset(offset);
}
export type AdminVerificationRow = Awaited<ReturnType<typeof verificationsPageQuery>>[number];

export async function listVerifications(db: Database, query: VerificationsQuery) {
  const { search } = resolveListQuery(VerificationSorts, query);
  const rows = await verificationsPageQuery(db, query);
  const [total] = await db
    .select({ n: count() })
    .from(deviceVerifications)
    .where(verificationsWhere(db, query.state, search));
  return { rows, total: total?.n ?? 0 };
}

/** One item of the queue, as the list answers it (after a decision). */
export async function findAdminVerification(db: Database, id: string) {
  const [row] = await adminVerificationSelect(db).where(eq(deviceVerifications.id, id)).limit(1);
  return row ?? null;
}

/** A listing reported stolen: its serial (if it has one) goes on the stolen list, once. */
export async function markSerialStolen(tx: Executor, productId: string, reportId: string) {
  const [product] = await tx
    .select({ serial: products.serialNumber })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  if (!product?.serial) return;
  await tx
    .insert(stolenSerials)
    .values({ serial: product.serial, productId, reportId })
    .onConflictDoNothing();
}
