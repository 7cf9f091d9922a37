import { aliasedTable, and, asc, desc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { FundsState } from 'shared-contracts/order-lifecycle';
import type { Database, Executor } from '../../db/index';
import {
  conversations,
  disputes,
  payments,
  products,
  refunds,
  users,
  type PaymentRow,
  type RefundRow,
} from '../../db/schema/index';

/** Every read and write of orders (paid payments and their money), their refunds and disputes, in SQL. */

const buyer = aliasedTable(users, 'buyer');
const seller = aliasedTable(users, 'seller');

/** An order with what its pages show: the listing, both people, its refund and its dispute. */
export function orderQuery(db: Executor) {
  return db
    .select({
      payment: payments,
      productName: products.name,
      imageUrl: products.imageUrl,
      buyerName: buyer.name,
      sellerName: seller.name,
      refund: refunds,
      disputeId: disputes.id,
    })
    .from(payments)
    .innerJoin(products, eq(products.id, payments.productId))
    .innerJoin(buyer, eq(buyer.id, payments.buyerId))
    .innerJoin(seller, eq(seller.id, payments.sellerId))
    .leftJoin(refunds, eq(refunds.paymentId, payments.id))
    .leftJoin(disputes, eq(disputes.paymentId, payments.id));
}
export type OrderView = Awaited<ReturnType<ReturnType<typeof orderQuery>['execute']>>[number];

export const MAX_ORDERS_LISTED = 200;

/** The buyer's orders or the seller's sales whose payment counted, newest first. */
export async function listOrders(db: Database, role: 'buyer' | 'seller', userId: string) {
  return orderQuery(db)
    .where(
      and(eq(role === 'buyer' ? payments.buyerId : payments.sellerId, userId), isNotNull(payments.funds)),
    )
    .orderBy(desc(payments.paidAt), desc(payments.id))
    .limit(MAX_ORDERS_LISTED);
}

export async function findOrder(db: Executor, transactionId: number): Promise<OrderView | undefined> {
  const [row] = await orderQuery(db).where(eq(payments.transactionId, transactionId)).limit(1);
  return row;
}

/** The order's payment row, locked for the rest of the transaction. */
export async function lockOrder(tx: Executor, transactionId: number): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(eq(payments.transactionId, transactionId))
    .limit(1)
    .for('update');
  return row;
}

export interface FundsChange {
  funds: FundsState;
  at: Date;
  handedOverAt?: Date;
  releasedAt?: Date;
  refundedAt?: Date;
  releasedCents?: number;
  feeCents?: number;
}

/** Moves the order's money from `from` to a new state; false when it was not in `from` any more. */
export async function setFunds(tx: Executor, paymentId: string, from: FundsState, change: FundsChange) {
  const moved = await tx
    .update(payments)
    .set({
      funds: change.funds,
      fundsChangedAt: change.at,
      ...(change.handedOverAt ? { handedOverAt: change.handedOverAt } : {}),
      ...(change.releasedAt ? { releasedAt: change.releasedAt } : {}),
      ...(change.refundedAt ? { refundedAt: change.refundedAt } : {}),
      ...(change.releasedCents !== undefined ? { releasedCents: change.releasedCents } : {}),
      ...(change.feeCents !== undefined ? { feeCents: change.feeCents } : {}),
      updatedAt: change.at,
    })
    .where(and(eq(payments.id, paymentId), eq(payments.funds, from)))
    .returning({ id: payments.id });
  return moved.length > 0;
}

/** Payments whose money became an order: held from now on (the capture). */
export async function startHold(
  tx: Executor,
  paymentId: string,
  values: {
    status: PaymentRow['status'];
    funds: FundsState;
    at: Date;
    reference: string;
    paymentReference: string | null;
  },
) {
  await tx
    .update(payments)
    .set({
      status: values.status,
      funds: values.funds,
      fundsChangedAt: values.at,
      gatewayReference: values.reference,
      gatewayPaymentRef: values.paymentReference,
      // When the money arrived, also for an order that is refunded at once.
      paidAt: values.at,
      updatedAt: values.at,
    })
    .where(eq(payments.id, paymentId));
}

/** A refund to send through the gateway; undefined when the order already has one. */
export async function insertRefund(
  tx: Executor,
  values: { id: string; paymentId: string; amountCents: number; reason: string; at: Date },
): Promise<RefundRow | undefined> {
  const [row] = await tx
    .insert(refunds)
    .values({ ...values, createdAt: values.at, nextAttemptAt: values.at })
    .onConflictDoNothing({ target: refunds.paymentId })
    .returning();
  return row;
}

/** Refunds the gateway has yet to accept or finish, due for an attempt by `now`. */
export async function refundsDue(db: Database, now: Date, limit = 50, transactionId?: number) {
  return db
    .select({ refund: refunds, payment: payments })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(
      and(
        inArray(refunds.status, ['requested', 'pending']),
        lte(refunds.nextAttemptAt, now),
        transactionId === undefined ? undefined : eq(payments.transactionId, transactionId),
      ),
    )
    .orderBy(asc(refunds.nextAttemptAt))
    .limit(limit);
}

/** The refund's row, locked; with its status still one the caller expects. */
export async function lockRefund(tx: Executor, refundId: string) {
  const [row] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).limit(1).for('update');
  return row;
}

/**
 * Changes a refund; with `from`, only while its status is still that one (false when another
 * process has moved it on meanwhile, and nothing is written).
 */
export async function updateRefund(
  tx: Executor,
  refundId: string,
  patch: Partial<typeof refunds.$inferInsert>,
  from?: RefundRow['status'],
): Promise<boolean> {
  const moved = await tx
    .update(refunds)
    .set(patch)
    .where(from ? and(eq(refunds.id, refundId), eq(refunds.status, from)) : eq(refunds.id, refundId))
    .returning({ id: refunds.id });
  return moved.length > 0;
}

/** Orders the clock acts on: held past the handover window, or handed over past the receipt window. */
export async function ordersDue(
  db: Database,
  state: 'held' | 'handed-over',
  changedBefore: Date,
  limit = 100,
) {
  return db
    .select({ transactionId: payments.transactionId })
    .from(payments)
    .where(and(eq(payments.funds, state), lte(payments.fundsChangedAt, changedBefore)))
    .orderBy(asc(payments.fundsChangedAt))
    .limit(limit);
}

/** Payments still pending that started before `cutoff`: the reconciliation asks the gateway about them. */
export async function pendingPaymentsDue(db: Database, cutoff: Date, limit = 100) {
  return db
    .select({ transactionId: payments.transactionId, amountCents: payments.amountCents })
    .from(payments)
    .where(and(eq(payments.status, 'pending'), lte(payments.createdAt, cutoff)))
    .orderBy(asc(payments.createdAt))
    .limit(limit);
}

/** Expires a payment still pending; false when its confirmation came meanwhile. */
export async function expirePayment(tx: Executor, paymentId: string, at: Date) {
  const rows = await tx
    .update(payments)
    .set({ status: 'expired', updatedAt: at })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
    .returning({ id: payments.id });
  return rows.length > 0;
}

/** The conversation between an order's buyer and seller about its laptop, if they have one. */
export async function conversationOf(db: Executor, payment: PaymentRow) {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        eq(conversations.productId, payment.productId),
        eq(conversations.buyerId, payment.buyerId),
        eq(conversations.sellerId, payment.sellerId),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/**
 * A refunded order no longer sells its laptop: the listing is for sale again (its bookings then
 * decide between available and booked, bookings.lifecycle.ts refreshListingStatus).
 */
export async function returnListingToSale(tx: Executor, productId: string, at: Date) {
  await tx
    .update(products)
    .set({ status: 'available', updatedAt: at })
    .where(and(eq(products.id, productId), eq(products.status, 'sold')));
}
