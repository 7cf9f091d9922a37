import type { Payout, PayoutMethod, PayoutMethodInput } from 'shared-contracts/money';
import type { Database } from '../../db/index';
import type { UserRow } from '../../db/schema/index';
import type { Mailer } from '../../email/mailer';
import { conflict, isUniqueViolation, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { adminActor, recordAudit } from '../../services/audit';
import { accounts, postEntry } from '../ledger/ledger.repository';
import { notify } from '../notifications/notifications.service';
import {
  findOpenPayout,
  findPayoutMethod,
  insertPayout,
  lockAvailableBalance,
  lockPayout,
  settlePayout,
  upsertPayoutMethod,
} from './payouts.repository';
import { toPayout, toPayoutMethod } from './payouts.wire';

/**
 * Payouts (docs/product.md#money): a seller asks for their whole available balance to be sent to
 * their payout method; an operator transfers it and marks it paid, or marks it failed and the
 * money returns to the balance. Every move is a ledger entry in the transaction of the state
 * change it records.
 */

/** "Tk 500" or "Tk 320.50": an amount in the words of a refusal or an e-mail. */
export const takaWords = (paisa: number) =>
  `Tk ${(paisa / 100).toLocaleString('en-US', { minimumFractionDigits: paisa % 100 === 0 ? 0 : 2 })}`;

const alreadyRequested = () =>
  conflict(
    'You already have a payout waiting to be sent; you can request the next one when it is paid',
    'payout_already_requested',
  );

export const payoutMethodMissing = (status: 404 | 409) => {
  const message = 'Add a payout method (bKash, Nagad, Rocket or a bank account) first';
  return status === 404
    ? notFound(message, 'payout_method_missing')
    : conflict(message, 'payout_method_missing');
};

/** The caller's payout method, masked; 404 payout_method_missing when they have none. */
export async function payoutMethodOf(db: Database, userId: string): Promise<PayoutMethod> {
  const method = await findPayoutMethod(db, userId);
  if (!method) throw payoutMethodMissing(404);
  return toPayoutMethod(method);
}

/** PUT /payout-method: the input was validated by its schema; the earlier method is replaced. */
export async function savePayoutMethod(
  db: Database,
  user: UserRow,
  input: PayoutMethodInput,
): Promise<PayoutMethod> {
  return toPayoutMethod(await upsertPayoutMethod(db, user.id, input));
}

/**
 * POST /payouts: the seller's whole available balance, moved to payouts-pending with a copy of
 * their method, in one transaction. Refused (409) while another payout is open, below the minimum,
 * or without a method. Two requests at once queue on the balance's lock; when the seller has no
 * ledger row to lock, the unique index payouts_one_open_per_seller refuses the second.
 */
export async function requestPayout(db: Database, minimumPaisa: number, seller: UserRow): Promise<Payout> {
  try {
    return await db.transaction(async (tx) => {
      const available = await lockAvailableBalance(tx, seller.id);
      if (await findOpenPayout(tx, seller.id)) throw alreadyRequested();
      if (available <= 0 || available < minimumPaisa)
        throw conflict(
          `The minimum payout is ${takaWords(minimumPaisa)}; your available balance is ${takaWords(available)}`,
          'payout_below_minimum',
          { minimum: minimumPaisa / 100, available: available / 100 },
        );
      const method = await findPayoutMethod(tx, seller.id);
      if (!method) throw payoutMethodMissing(409);
      const id = newId();
      const payout = await insertPayout(tx, { id, sellerId: seller.id, amountCents: available, method });
      await postEntry(tx, {
        idempotencyKey: `payout:${id}`,
        kind: 'payout-requested',
        payoutId: id,
        memo: `Payout requested to ${toPayoutMethod(method).masked}`,
        moves: [
          { from: accounts.available(seller.id), to: accounts.payoutPending(seller.id), amount: available },
        ],
      });
      return toPayout({ payout, sellerName: seller.name });
    });
  } catch (err) {
    if (isUniqueViolation(err, 'payouts_one_open_per_seller')) throw alreadyRequested();
    throw err;
  }
}

export type PayoutOutcome = { state: 'paid'; reference: string } | { state: 'failed'; reason: string };

/**
 * An operator settles a requested payout: paid (the money leaves as paid out) or failed (it goes
 * back to the seller's available balance). Only from 'requested', under the row's lock, so a
 * second marking, or paid after failed, is a 409 that changes nothing. The audit row and the
 * seller's notification commit with it.
 */
export async function settleRequestedPayout(
  db: Database,
  mailer: Mailer,
  admin: UserRow,
  id: string,
  outcome: PayoutOutcome,
): Promise<Payout> {
  return db.transaction(async (tx) => {
    const found = await lockPayout(tx, id);
    if (!found) throw notFound(`No payout with id ${id}`, 'payout_not_found');
    const { payout, sellerName, sellerEmail } = found;
    const settledAlready = () =>
      conflict(`This payout has already been marked ${payout.state}`, 'payout_settled', {
        state: payout.state,
      });
    if (payout.state !== 'requested') throw settledAlready();
    const settled = await settlePayout(
      tx,
      id,
      outcome.state === 'paid'
        ? { state: 'paid', reference: outcome.reference, settledBy: admin.id }
        : { state: 'failed', failureReason: outcome.reason, settledBy: admin.id },
    );
    if (!settled) throw settledAlready();
    const pending = accounts.payoutPending(payout.sellerId);
    const posted = await postEntry(
      tx,
      outcome.state === 'paid'
        ? {
            idempotencyKey: `payout-paid:${id}`,
            kind: 'payout-paid',
            payoutId: id,
            memo: `Payout sent, reference ${outcome.reference}`,
            moves: [{ from: pending, to: accounts.paidOut, amount: payout.amountCents }],
          }
        : {
            idempotencyKey: `payout-failed:${id}`,
            kind: 'payout-failed',
            payoutId: id,
            memo: `Payout failed (${outcome.reason}); the money is back in the balance`,
            moves: [{ from: pending, to: accounts.available(payout.sellerId), amount: payout.amountCents }],
          },
    );
    // The key is the payout's own, posted only here and only once it left 'requested'.
    if (!posted) throw settledAlready();
    await recordAudit(tx, adminActor(admin), {
      action: outcome.state === 'paid' ? 'payout.paid' : 'payout.failed',
      targetType: 'payout',
      targetId: id,
      targetLabel: `${sellerEmail || sellerName} · ${takaWords(payout.amountCents)}`,
      before: { state: 'requested', amountPaisa: payout.amountCents },
      after:
        outcome.state === 'paid'
          ? { state: 'paid', reference: outcome.reference }
          : { state: 'failed', reason: outcome.reason },
    });
    await notify(tx, mailer, {
      userId: payout.sellerId,
      kind: outcome.state === 'paid' ? 'payout-paid' : 'payout-failed',
      params: { price: payout.amountCents / 100 },
      link: '/dashboard/payouts',
    });
    return toPayout({ payout: settled, sellerName });
  });
}
