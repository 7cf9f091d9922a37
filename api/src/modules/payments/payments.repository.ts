import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { salesStatusesAllowing } from 'shared-contracts/sales-status';
import type { Database, Executor } from '../../db/index';
import { payments, products, users } from '../../db/schema/index';
import { notFound } from '../../lib/errors';

/** Every read and write of payments (and of the listing a confirmed payment sells), in SQL. */

export type NewPayment = Omit<typeof payments.$inferInsert, 'transactionId'> & { transactionId: number };

/** Inserts a pending payment; undefined when its transaction id is already taken. */
export async function insertPayment(db: Database, values: NewPayment) {
  const [inserted] = await db
    .insert(payments)
    .values(values)
    .onConflictDoNothing({ target: payments.transactionId })
    .returning({ transactionId: payments.transactionId });
  return inserted?.transactionId;
}

export async function setGatewayReference(db: Database, transactionId: number, reference: string) {
  await db
    .update(payments)
    .set({ gatewayReference: reference })
    .where(eq(payments.transactionId, transactionId));
}

/** A payment with its listing and buyer, or 404. */
export async function findPaymentWithParties(db: Database, transactionId: number) {
  const [row] = await db
    .select({ payment: payments, product: products, buyer: users })
    .from(payments)
    .innerJoin(products, eq(products.id, payments.productId))
    .innerJoin(users, eq(users.id, payments.buyerId))
    .where(eq(payments.transactionId, transactionId))
    .limit(1);
  if (!row) throw notFound(`No payment with transaction id ${transactionId}`, 'payment_not_found');
  return row;
}

/** The payment, locked for the rest of the transaction, or 404. */
export async function lockPayment(tx: Executor, transactionId: number) {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(eq(payments.transactionId, transactionId))
    .limit(1)
    .for('update');
  if (!payment) throw notFound(`No payment with transaction id ${transactionId}`, 'payment_not_found');
  return payment;
}

/**
 * Marks the listing sold if it still may be (one conditional update decides who bought it: of two
 * payments for one laptop confirmed at once, in two API processes, the second waits on the row
 * lock, then finds it sold). False when it was sold to someone else or withdrawn meanwhile.
 */
export async function markListingSold(tx: Executor, productId: string) {
  const sold = await tx
    .update(products)
    .set({ status: 'sold', updatedAt: sql`now()` })
    .where(
      and(
        eq(products.id, productId),
        inArray(products.status, salesStatusesAllowing('payment-confirmed')),
        isNull(products.deletedAt),
      ),
    )
    .returning({ id: products.id });
  return sold.length > 0;
}

export async function settlePayment(
  tx: Executor,
  paymentId: string,
  status: 'paid' | 'failed' | 'cancelled',
  reference: string,
) {
  await tx
    .update(payments)
    .set({
      status,
      gatewayReference: reference,
      updatedAt: sql`now()`,
      paidAt: status === 'paid' ? sql`now()` : null,
    })
    .where(eq(payments.id, paymentId));
}
