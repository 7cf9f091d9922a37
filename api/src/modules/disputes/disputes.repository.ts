import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/index';
import { disputes, payments, type DisputeRow } from '../../db/schema/index';

/** Every read and write of disputes, in SQL. */

export async function insertDispute(tx: Executor, values: typeof disputes.$inferInsert) {
  const [row] = await tx
    .insert(disputes)
    .values(values)
    .onConflictDoNothing({ target: disputes.paymentId })
    .returning();
  return row;
}

export async function findDispute(db: Executor, id: string) {
  const [row] = await db
    .select({ dispute: disputes, transactionId: payments.transactionId })
    .from(disputes)
    .innerJoin(payments, eq(payments.id, disputes.paymentId))
    .where(eq(disputes.id, id))
    .limit(1);
  return row;
}

export async function lockDispute(tx: Executor, id: string): Promise<DisputeRow | undefined> {
  const [row] = await tx.select().from(disputes).where(eq(disputes.id, id)).limit(1).for('update');
  return row;
}

export const MAX_DISPUTES_LISTED = 200;

/** The operators' queue: open disputes oldest first (the longest waiting on top), resolved ones newest first. */
export async function listDisputes(db: Executor, state: 'open' | 'resolved') {
  return db
    .select({ id: disputes.id })
    .from(disputes)
    .where(eq(disputes.state, state))
    .orderBy(state === 'open' ? asc(disputes.openedAt) : desc(disputes.resolvedAt), asc(disputes.id))
    .limit(MAX_DISPUTES_LISTED);
}

export async function closeDispute(
  tx: Executor,
  id: string,
  values: {
    outcome: 'release' | 'refund' | 'part-refund';
    refundCents: number | null;
    note: string;
    resolvedBy: string;
    at: Date;
  },
) {
  const rows = await tx
    .update(disputes)
    .set({
      state: 'resolved',
      outcome: values.outcome,
      refundCents: values.refundCents,
      note: values.note,
      resolvedBy: values.resolvedBy,
      resolvedAt: values.at,
    })
    .where(and(eq(disputes.id, id), eq(disputes.state, 'open')))
    .returning({ id: disputes.id });
  return rows.length > 0;
}

/** Disputes waiting for an operator (disputes_state_opened_idx). */
export async function countOpenDisputes(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(disputes).where(eq(disputes.state, 'open'));
  return row?.n ?? 0;
}
