import type { Dispute, OpenDispute, ResolveDispute } from 'shared-contracts/money';
import { orderTransition, type OrderEvent } from 'shared-contracts/order-lifecycle';
import type { Database } from '../../db/index';
import type { UserRow } from '../../db/schema/index';
import { isAdmin, owns } from '../../auth/access';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { adminActor, recordAudit } from '../../services/audit';
import { notify } from '../notifications/notifications.service';
import { applyOrderEvent, sideOf, type MoneyDeps } from '../orders/orders.money';
import { conversationOf, findOrder, lockOrder } from '../orders/orders.repository';
import { toOrder } from '../orders/orders.wire';
import { closeDispute, findDispute, insertDispute, listDisputes, lockDispute } from './disputes.repository';

/**
 * Disputes (docs/product.md#money): while the money is held, the buyer can say something went
 * wrong; the funds stay held until an operator resolves it by releasing them, refunding them in
 * full, or refunding a part and releasing the rest. Every resolution is audited.
 */

const disputePage = (id: string) => `/dashboard/disputes/${id}`;

/** The buyer opens a dispute on their order: 403 for anyone else, 409 once the money has left the hold. */
export async function openDispute(
  db: Database,
  deps: MoneyDeps,
  caller: UserRow,
  transactionId: number,
  body: OpenDispute,
): Promise<string> {
  return db.transaction(async (tx) => {
    const payment = await lockOrder(tx, transactionId);
    if (!payment?.funds)
      throw notFound(`No paid order with transaction id ${transactionId}`, 'order_not_found');
    const side = sideOf(caller, payment);
    const verdict = orderTransition(payment.funds, 'dispute', side);
    if (!verdict.ok) {
      if (verdict.reason === 'wrong-actor') throw forbidden(verdict.message, 'order_wrong_side');
      throw conflict(verdict.message, 'order_state', { funds: payment.funds });
    }
    const id = newId();
    const inserted = await insertDispute(tx, {
      id,
      paymentId: payment.id,
      buyerId: payment.buyerId,
      sellerId: payment.sellerId,
      reason: body.reason,
      text: body.text,
      photos: body.photos,
      openedAt: deps.now(),
    });
    if (!inserted) throw conflict('This order already has a dispute', 'dispute_exists');
    await applyOrderEvent(tx, deps, payment, 'dispute');
    await notify(tx, deps.mailer, {
      userId: payment.sellerId,
      kind: 'order-disputed',
      params: {
        productId: payment.productId,
        productName: (await findOrder(tx, transactionId))?.productName,
        actorName: caller.name,
      },
      link: disputePage(id),
    });
    return id;
  });
}

/** A dispute as its buyer, its seller or an operator sees it; null when there is no such dispute. */
export async function disputeView(
  db: Database,
  caller: UserRow,
  id: string,
  publicApiUrl: string,
): Promise<Dispute | null> {
  const found = await findDispute(db, id);
  if (!found) return null;
  const { dispute } = found;
  const reader = owns(caller, { id: dispute.buyerId })
    ? 'buyer'
    : owns(caller, { id: dispute.sellerId })
      ? 'seller'
      : isAdmin(caller)
        ? 'operator'
        : null;
  if (!reader) throw forbidden('This is not your dispute', 'not_dispute_participant');
  const order = await findOrder(db, found.transactionId);
  if (!order) return null;
  return {
    _id: dispute.id,
    order: toOrder(order, reader, publicApiUrl),
    reason: dispute.reason,
    text: dispute.text,
    photos: dispute.photos,
    state: dispute.state,
    openedAt: dispute.openedAt.toISOString(),
    outcome: dispute.outcome,
    refundPaisa: dispute.refundCents,
    note: dispute.note,
    resolvedAt: dispute.resolvedAt?.toISOString() ?? null,
    conversationId: await conversationOf(db, order.payment),
  };
}

export async function disputeQueue(
  db: Database,
  caller: UserRow,
  state: 'open' | 'resolved',
  publicApiUrl: string,
) {
  const ids = await listDisputes(db, state);
  const views = await Promise.all(ids.map(({ id }) => disputeView(db, caller, id, publicApiUrl)));
  return views.filter((v): v is Dispute => v !== null);
}

const EVENT: Record<ResolveDispute['outcome'], OrderEvent> = {
  release: 'resolve-release',
  refund: 'resolve-refund',
  'part-refund': 'resolve-part',
};

/**
 * An operator resolves an open dispute: the money moves as decided, the dispute closes, the audit
 * log records who decided what and why, and both people are told. A second resolution gets 409.
 */
export async function resolveDispute(
  db: Database,
  deps: MoneyDeps,
  operator: UserRow,
  id: string,
  body: ResolveDispute,
) {
  return db.transaction(async (tx) => {
    const found = await findDispute(tx, id);
    if (!found) throw notFound(`No dispute with id ${id}`, 'dispute_not_found');
    // The order first, then the dispute: the order the buyer's dispute took them in.
    const payment = await lockOrder(tx, found.transactionId);
    const dispute = await lockDispute(tx, id);
    if (!payment || !dispute) throw notFound(`No dispute with id ${id}`, 'dispute_not_found');
    if (dispute.state !== 'open')
      throw conflict('This dispute has already been resolved', 'dispute_resolved');
    const funds = await applyOrderEvent(tx, deps, payment, EVENT[body.outcome], {
      refundPaisa: body.refundPaisa,
      note: body.note,
    });
    const refundCents =
      body.outcome === 'refund'
        ? payment.amountCents
        : body.outcome === 'part-refund'
          ? body.refundPaisa!
          : null;
    await closeDispute(tx, id, {
      outcome: body.outcome,
      refundCents,
      note: body.note,
      resolvedBy: operator.id,
      at: deps.now(),
    });
    const order = await findOrder(tx, found.transactionId);
    await recordAudit(tx, adminActor(operator), {
      action: `dispute.${body.outcome}`,
      targetType: 'dispute',
      targetId: id,
      targetLabel: order?.productName ?? id,
      before: { funds: 'disputed', amountPaisa: payment.amountCents },
      after: { funds, refundPaisa: refundCents ?? 0, note: body.note },
    });
    for (const userId of [payment.buyerId, payment.sellerId])
      await notify(tx, deps.mailer, {
        userId,
        kind: 'dispute-resolved',
        params: { productId: payment.productId, productName: order?.productName },
        link: disputePage(id),
      });
    return found.transactionId;
  });
}
