import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/index';
import type { UserRow } from '../../db/schema/index';
import { isAdmin, owns } from '../../auth/access';
import { forbidden, notFound } from '../../lib/errors';
import { reconcilePendingPayments } from '../payments/payments.service';
import { processRefunds, sweepOrders, type MoneyDeps } from './orders.money';
import { findOrder, listOrders } from './orders.repository';
import { toOrder } from './orders.wire';

/** My Orders (`as` buyer) or the money part of My Buyers (`as` seller). */
export async function ordersOf(db: Database, caller: UserRow, as: 'buyer' | 'seller', publicApiUrl: string) {
  const rows = await listOrders(db, as, caller.id);
  return rows.map((row) => toOrder(row, as, publicApiUrl));
}

/** One order, for its buyer, its seller or an admin; 404 for an unknown or unpaid one. */
export async function orderOf(db: Database, caller: UserRow, transactionId: number, publicApiUrl: string) {
  const row = await findOrder(db, transactionId);
  if (!row?.payment.funds)
    throw notFound(`No paid order with transaction id ${transactionId}`, 'order_not_found');
  const reader = owns(caller, { id: row.payment.buyerId })
    ? 'buyer'
    : owns(caller, { id: row.payment.sellerId })
      ? 'seller'
      : isAdmin(caller)
        ? 'operator'
        : null;
  if (!reader) throw forbidden('This is not your order', 'not_order_participant');
  return toOrder(row, reader, publicApiUrl);
}

/**
 * One round of the money's background work: the clock's releases and refunds, refunds at the
 * gateway, and the reconciliation of payments still pending. Each part is safe to run in several
 * processes at once; a failure of one does not stop the others.
 */
export async function runMoneySweeps(
  db: Database,
  deps: MoneyDeps,
  log?: (err: unknown, what: string) => void,
) {
  const parts = [
    ['orders', () => sweepOrders(db, deps)],
    ['reconciliation', () => reconcilePendingPayments(db, deps)],
    ['refunds', () => processRefunds(db, deps)],
  ] as const;
  const done: Record<string, number> = {};
  for (const [name, run] of parts) {
    try {
      done[name] = await run();
    } catch (err) {
      log?.(err, `money sweep: ${name} failed`);
    }
  }
  return done;
}

/**
 * Sends an order's new refund to the gateway now, after the move committed and before the answer, so the
 * page shows the refund on its way; the sweep retries whatever fails. Nothing keeps writing after
 * the answer.
 */
export async function sendRefundsNow(app: FastifyInstance, transactionId: number) {
  await processRefunds(app.deps.db, app.deps, transactionId).catch((err: unknown) =>
    app.log.warn({ err }, 'refunds failed'),
  );
}
