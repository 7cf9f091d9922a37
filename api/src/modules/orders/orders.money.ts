import {
  HANDOVER_WINDOW_MS,
  RECEIPT_WINDOW_MS,
  orderTransition,
  type FundsState,
  type OrderActor,
  type OrderEvent,
} from 'shared-contracts/order-lifecycle';
import type { NotificationKind } from 'shared-contracts/notifications';
import type { Database, Executor } from '../../db/index';
import type { PaymentRow, UserRow } from '../../db/schema/index';
import type { Config } from '../../config';
import type { PaymentGateway } from '../../payments/gateway';
import { owns } from '../../auth/access';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { fromCents } from '../../lib/money';
import { accounts, postEntry } from '../ledger/ledger.repository';
import { BOOKINGS_PAGE, reopenListingAfterRefund, type LifecycleDeps } from '../bookings/bookings.lifecycle';
import { notify } from '../notifications/notifications.service';
import { listingName } from '../products/products.repository';
import {
  insertRefund,
  lockOrder,
  lockRefund,
  ordersDue,
  refundsDue,
  setFunds,
  startHold,
  updateRefund,
} from './orders.repository';

/**
 * The money of a paid order (docs/product.md#money): every change of where it is goes through
 * here, asks shared-contracts/order-lifecycle.ts whether it may happen, and posts its ledger entry
 * in the same transaction as the state it records (docs/decisions/0043-double-entry-ledger.md).
 */

/** What the money needs besides the database: the clock, the outbox, the gateway and the fee. */
export interface MoneyDeps extends LifecycleDeps {
  gateway: PaymentGateway;
  config: Pick<Config, 'money'>;
}

/** The site's fee on a released amount, rounded down to the paisa: the seller never gets less than the rule says. */
export const feeOf = (paisa: number, basisPoints: number) => Math.floor((paisa * basisPoints) / 10_000);

const captureKey = (p: PaymentRow) => `capture:${p.transactionId}`;

async function tell(
  tx: Executor,
  deps: MoneyDeps,
  payment: PaymentRow,
  who: 'buyer' | 'seller',
  kind: NotificationKind,
  extra: { actorName?: string; price?: number; link?: string } = {},
) {
  await notify(tx, deps.mailer, {
    userId: who === 'buyer' ? payment.buyerId : payment.sellerId,
    kind,
    params: {
      productId: payment.productId,
      productName: await listingName(tx, payment.productId),
      ...(extra.actorName ? { actorName: extra.actorName } : {}),
      ...(extra.price !== undefined ? { price: extra.price } : {}),
    },
    link: extra.link ?? BOOKINGS_PAGE[who],
  });
}

/**
 * The gateway's confirmed word that the buyer paid, inside the confirmation's transaction with the
 * payment row locked: the money enters the ledger once (its key is the transaction id, so a
 * duplicate, a replay or a second replica posts nothing) and is held for the order. When the order
 * cannot be fulfilled (expired, failed, or its laptop sold to someone else meanwhile) the money
 * taken is refunded at once. Answers false when this capture was counted before.
 */
export async function captureConfirmedPayment(
  tx: Executor,
  deps: MoneyDeps,
  payment: PaymentRow,
  event: { reference: string; paymentReference?: string },
  outcome: { fulfilled: boolean; status: PaymentRow['status'] },
): Promise<boolean> {
  const now = deps.now();
  const posted = await postEntry(tx, {
    idempotencyKey: captureKey(payment),
    kind: 'capture',
    paymentId: payment.id,
    memo: outcome.fulfilled ? 'Paid; held until the handover' : 'Paid for an order that cannot be fulfilled',
    moves: [{ from: accounts.clearing, to: accounts.held(payment.id), amount: payment.amountCents }],
    at: now,
  });
  if (!posted) return false;
  await startHold(tx, payment.id, {
    status: outcome.status,
    funds: 'held',
    at: now,
    reference: event.reference,
    paymentReference: event.paymentReference ?? event.reference,
  });
  if (!outcome.fulfilled) {
    const held = { ...payment, funds: 'held' as const };
    await refundInFull(tx, deps, held, 'The order could not be fulfilled', { reopenListing: false });
  }
  return true;
}

/** Refunds the whole order: held → refunds pending, the refund row the worker sends, the buyer told. */
async function refundInFull(
  tx: Executor,
  deps: MoneyDeps,
  payment: PaymentRow,
  reason: string,
  { reopenListing }: { reopenListing: boolean },
) {
  const now = deps.now();
  const from = payment.funds as FundsState;
  await createRefund(tx, deps, payment, payment.amountCents, reason);
  const moved = await setFunds(tx, payment.id, from, { funds: 'refunded', at: now, refundedAt: now });
  if (!moved) throw conflict('This order changed meanwhile; reload and try again', 'order_state');
  if (reopenListing) await reopenListingAfterRefund(tx, deps, payment);
  await tell(tx, deps, payment, 'buyer', 'order-refunded', { price: fromCents(payment.amountCents) });
}

async function createRefund(
  tx: Executor,
  deps: MoneyDeps,
  payment: PaymentRow,
  amount: number,
  reason: string,
) {
  const refund = await insertRefund(tx, {
    id: newId(),
    paymentId: payment.id,
    amountCents: amount,
    reason,
    at: deps.now(),
  });
  if (!refund) throw conflict('This order has already been refunded', 'already_refunded');
  await postEntry(tx, {
    idempotencyKey: `refund:${refund.id}`,
    kind: 'refund',
    paymentId: payment.id,
    memo: reason,
    moves: [{ from: accounts.held(payment.id), to: accounts.refundsPending, amount }],
    at: deps.now(),
  });
}

/** Releases `amount` of the held money to the seller, less the site's fee; the rest (if any) was refunded. */
async function release(tx: Executor, deps: MoneyDeps, payment: PaymentRow, amount: number, memo: string) {
  const fee = feeOf(amount, deps.config.money.feeBasisPoints);
  await postEntry(tx, {
    idempotencyKey: `release:${payment.transactionId}`,
    kind: 'release',
    paymentId: payment.id,
    memo,
    moves: [
      { from: accounts.held(payment.id), to: accounts.available(payment.sellerId), amount: amount - fee },
      { from: accounts.held(payment.id), to: accounts.fees, amount: fee },
    ],
    at: deps.now(),
  });
  return { released: amount - fee, fee };
}

/**
 * Applies an order event that the lifecycle allowed, in the caller's transaction with the payment
 * row locked. The conditional update on the state the verdict was for makes the second of two
 * moves at once change nothing.
 */
export async function applyOrderEvent(
  tx: Executor,
  deps: MoneyDeps,
  payment: PaymentRow,
  event: OrderEvent,
  options: { actorName?: string; refundPaisa?: number; note?: string } = {},
): Promise<FundsState> {
  const from = payment.funds as FundsState;
  const actor: OrderActor =
    event === 'hand-over' || event === 'cancel'
      ? 'seller'
      : event === 'confirm' || event === 'dispute'
        ? 'buyer'
        : event.startsWith('resolve')
          ? 'operator'
          : 'system';
  const verdict = orderTransition(from, event, actor);
  if (!verdict.ok) throw conflict(verdict.message, 'order_state', { funds: from });
  const now = deps.now();
  const price = fromCents(payment.amountCents);
  switch (event) {
    case 'hand-over': {
      if (!(await setFunds(tx, payment.id, from, { funds: 'handed-over', at: now, handedOverAt: now })))
        throw conflict('This order changed meanwhile; reload and try again', 'order_state');
      await tell(tx, deps, payment, 'buyer', 'order-handed-over', { actorName: options.actorName });
      break;
    }
    case 'confirm':
    case 'auto-release':
    case 'resolve-release': {
      const memo =
        event === 'confirm'
          ? 'The buyer confirmed receipt'
          : event === 'auto-release'
            ? 'Released automatically after the receipt window'
            : `Dispute resolved: released. ${options.note ?? ''}`.trim();
      const { released, fee } = await release(tx, deps, payment, payment.amountCents, memo);
      if (
        !(await setFunds(tx, payment.id, from, {
          funds: 'released',
          at: now,
          releasedAt: now,
          releasedCents: released,
          feeCents: fee,
        }))
      )
        throw conflict('This order changed meanwhile; reload and try again', 'order_state');
      await tell(tx, deps, payment, 'seller', 'order-released', { price: fromCents(released) });
      if (event !== 'confirm') await tell(tx, deps, payment, 'buyer', 'order-released', { price });
      break;
    }
    case 'cancel':
    case 'handover-overdue':
    case 'resolve-refund': {
      const reason =
        event === 'cancel'
          ? 'The seller cancelled the order'
          : event === 'handover-overdue'
            ? 'Not handed over within 7 days'
            : `Dispute resolved: refunded in full. ${options.note ?? ''}`.trim();
      await refundInFull(tx, deps, payment, reason, { reopenListing: true });
      if (event !== 'cancel') await tell(tx, deps, payment, 'seller', 'order-refunded', { price });
      break;
    }
    case 'resolve-part': {
      const refund = options.refundPaisa ?? 0;
      if (!Number.isSafeInteger(refund) || refund <= 0 || refund >= payment.amountCents)
        throw badRequest(
          `A part refund is more than 0 and less than the order's ${price.toFixed(2)} taka`,
          'invalid_refund_amount',
        );
      const reason = `Dispute resolved: part refund. ${options.note ?? ''}`.trim();
      await createRefund(tx, deps, payment, refund, reason);
      const { released, fee } = await release(tx, deps, payment, payment.amountCents - refund, reason);
      if (
        !(await setFunds(tx, payment.id, from, {
          funds: 'part-refunded',
          at: now,
          releasedAt: now,
          refundedAt: now,
          releasedCents: released,
          feeCents: fee,
        }))
      )
        throw conflict('This order changed meanwhile; reload and try again', 'order_state');
      await tell(tx, deps, payment, 'buyer', 'order-refunded', { price: fromCents(refund) });
      await tell(tx, deps, payment, 'seller', 'order-released', { price: fromCents(released) });
      break;
    }
    case 'dispute':
      // Opened by openDispute (disputes.service.ts), which writes the dispute row first.
      if (!(await setFunds(tx, payment.id, from, { funds: 'disputed', at: now })))
        throw conflict('This order changed meanwhile; reload and try again', 'order_state');
      break;
  }
  return verdict.to;
}

/** Which side of the order the caller is, or 403 (an admin speaks for neither side here). */
export function sideOf(caller: UserRow, payment: PaymentRow): 'buyer' | 'seller' {
  if (owns(caller, { id: payment.buyerId })) return 'buyer';
  if (owns(caller, { id: payment.sellerId })) return 'seller';
  throw forbidden('Only the buyer or the seller of this order can change it', 'not_order_participant');
}

/**
 * A person's move on their order (POST /orders/{transactionId}/<move>): 404 for an unknown or
 * unpaid order, 403 for a stranger or the wrong side, 409 when the money's state does not allow it.
 */
export async function moveOrder(
  db: Database,
  deps: MoneyDeps,
  caller: UserRow,
  transactionId: number,
  move: 'hand-over' | 'confirm' | 'cancel',
) {
  return db.transaction(async (tx) => {
    const payment = await lockOrder(tx, transactionId);
    if (!payment?.funds)
      throw notFound(`No paid order with transaction id ${transactionId}`, 'order_not_found');
    const side = sideOf(caller, payment);
    const verdict = orderTransition(payment.funds, move, side);
    if (!verdict.ok) {
      if (verdict.reason === 'wrong-actor') throw forbidden(verdict.message, 'order_wrong_side');
      throw conflict(verdict.message, 'order_state', { funds: payment.funds });
    }
    return applyOrderEvent(tx, deps, payment, move, { actorName: caller.name });
  });
}

/**
 * The clock's part (every API process, once a sweep interval, and POST /test/clock): an order not
 * handed over within HANDOVER_WINDOW_MS is refunded, one handed over RECEIPT_WINDOW_MS ago with no
 * word from the buyer is released. Each order is re-read under its lock, so two processes sweeping
 * at once act on it once.
 */
export async function sweepOrders(db: Database, deps: MoneyDeps): Promise<number> {
  const now = deps.now().getTime();
  let acted = 0;
  for (const [state, window, event] of [
    ['held', HANDOVER_WINDOW_MS, 'handover-overdue'],
    ['handed-over', RECEIPT_WINDOW_MS, 'auto-release'],
  ] as const) {
    for (const { transactionId } of await ordersDue(db, state, new Date(now - window))) {
      acted += await db.transaction(async (tx) => {
        const payment = await lockOrder(tx, transactionId);
        if (payment?.funds !== state || !payment.fundsChangedAt) return 0;
        if (payment.fundsChangedAt.getTime() > now - window) return 0;
        await applyOrderEvent(tx, deps, payment, event);
        return 1;
      });
    }
  }
  return acted;
}

const REFUND_RETRY_MS = [5_000, 30_000, 120_000, 600_000, 3_600_000];
/** How often a refund the gateway accepted is asked about until it is final. */
export const REFUND_POLL_MS = 5_000;

/**
 * Sends the refunds the gateway has not accepted yet and polls the ones it has, until each is done
 * or failed. Outside any transaction: the gateway is called with no lock held, and each answer is
 * written under the refund's lock (our refund id is the gateway's idempotency key, so a refund sent
 * twice by two processes is made once). A done refund leaves the ledger's refunds pending for good.
 */
export async function processRefunds(
  db: Database,
  deps: MoneyDeps,
  /** Only this order's refund (a move's answer sends its own, not a backlog). */
  transactionId?: number,
): Promise<number> {
  let settled = 0;
  for (const { refund, payment } of await refundsDue(db, deps.now(), 50, transactionId)) {
    const now = deps.now();
    let gatewayRef = refund.gatewayRef;
    try {
      if (refund.status === 'requested') {
        const answer = await deps.gateway.refund({
          refundId: refund.id,
          transactionId: payment.transactionId,
          paymentReference:
            payment.gatewayPaymentRef ?? payment.gatewayReference ?? String(payment.transactionId),
          amountCents: refund.amountCents,
          reason: refund.reason,
        });
        // Written only if the refund is still unsent: another process that read it at the same
        // time may have sent it first and moved it on (pending, done), and this later answer (a
        // gateway refuses a refund it has already made) must not undo that.
        const recorded = await updateRefund(
          db,
          refund.id,
          {
            status: answer.status === 'done' ? 'pending' : answer.status,
            gatewayRef: answer.reference,
            attempts: refund.attempts + 1,
            nextAttemptAt: new Date(now.getTime() + (answer.status === 'done' ? 0 : REFUND_POLL_MS)),
            lastError: answer.status === 'failed' ? 'The gateway refused the refund' : null,
          },
          'requested',
        );
        if (!recorded || answer.status !== 'done') continue;
        // Polled below by the reference just given: the row read before the call had none.
        gatewayRef = answer.reference;
      }
      const status = await deps.gateway.refundStatus(gatewayRef ?? '');
      if (status === 'pending') {
        await updateRefund(db, refund.id, { nextAttemptAt: new Date(now.getTime() + REFUND_POLL_MS) });
        continue;
      }
      settled += await db.transaction(async (tx) => {
        const row = await lockRefund(tx, refund.id);
        if (row?.status !== 'pending' && row?.status !== 'requested') return 0;
        await updateRefund(tx, refund.id, {
          status,
          settledAt: status === 'done' ? now : null,
          lastError: status === 'failed' ? 'The gateway reported the refund failed' : null,
        });
        if (status !== 'done') return 0;
        await postEntry(tx, {
          idempotencyKey: `refund-settled:${refund.id}`,
          kind: 'refund-settled',
          paymentId: payment.id,
          memo: 'Refund completed by the gateway',
          moves: [{ from: accounts.refundsPending, to: accounts.refunded, amount: refund.amountCents }],
          at: now,
        });
        return 1;
      });
    } catch (err) {
      // The gateway is down or answered nonsense: try again later, a little later each time.
      const wait = REFUND_RETRY_MS[Math.min(refund.attempts, REFUND_RETRY_MS.length - 1)]!;
      await updateRefund(db, refund.id, {
        attempts: refund.attempts + 1,
        nextAttemptAt: new Date(now.getTime() + wait),
        lastError: err instanceof Error ? err.message.slice(0, 300) : String(err).slice(0, 300),
      });
    }
  }
  return settled;
}
