/**
 * Where the money of a paid order is (docs/product.md#money), as ONE table the API applies on
 * every route and the sweeps, and the web reads to show each state and the buttons it allows.
 * Zod-free, like booking-lifecycle.ts. An order is a payment the gateway confirmed; its booking
 * (if the buyer booked first) stays `paid`, and the money's own steps live here.
 *
 *   held ──hand-over (seller)──► handed-over ──confirm (buyer) / auto-release (clock, 3 days)──► released
 *    │ cancel (seller) ─────────► refunded          │ dispute (buyer) ► disputed
 *    │ handover-overdue (clock, 7 days) ► refunded   │
 *    └ dispute (buyer) ► disputed ──resolve-release (operator)──► released
 *                                 ──resolve-refund (operator)───► refunded
 *                                 ──resolve-part (operator)─────► part-refunded
 *
 * released, refunded and part-refunded are final: the money has left the hold.
 */
export const FundsStates = [
  'held',
  'handed-over',
  'disputed',
  'released',
  'refunded',
  'part-refunded',
] as const;
export type FundsState = (typeof FundsStates)[number];

export const OrderEvents = [
  'hand-over',
  'confirm',
  'cancel',
  'dispute',
  'auto-release',
  'handover-overdue',
  'resolve-release',
  'resolve-refund',
  'resolve-part',
] as const;
export type OrderEvent = (typeof OrderEvents)[number];

/** The moves a person makes through the API (POST /orders/{transactionId}/<move>). */
export const OrderMoves = ['hand-over', 'confirm', 'cancel'] as const satisfies readonly OrderEvent[];
export type OrderMove = (typeof OrderMoves)[number];

/** Who causes an event: the order's buyer or seller, an operator (admin), or the site's clock. */
export type OrderActor = 'buyer' | 'seller' | 'operator' | 'system';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A seller who has not handed over this long after the payment has the order refunded. */
export const HANDOVER_WINDOW_MS = 7 * DAY_MS;
/** A buyer who neither confirms nor complains this long after the handover has it released. */
export const RECEIPT_WINDOW_MS = 3 * DAY_MS;
/** A payment still pending this long after it started is asked about at the gateway, then expired. */
export const PAYMENT_WINDOW_MS = 30 * 60 * 1000;

interface Transition {
  to: FundsState;
  by: readonly OrderActor[];
}

const TRANSITIONS: Record<FundsState, Partial<Record<OrderEvent, Transition>>> = {
  held: {
    'hand-over': { to: 'handed-over', by: ['seller'] },
    cancel: { to: 'refunded', by: ['seller'] },
    dispute: { to: 'disputed', by: ['buyer'] },
    'handover-overdue': { to: 'refunded', by: ['system'] },
  },
  'handed-over': {
    confirm: { to: 'released', by: ['buyer'] },
    dispute: { to: 'disputed', by: ['buyer'] },
    'auto-release': { to: 'released', by: ['system'] },
  },
  disputed: {
    'resolve-release': { to: 'released', by: ['operator'] },
    'resolve-refund': { to: 'refunded', by: ['operator'] },
    'resolve-part': { to: 'part-refunded', by: ['operator'] },
  },
  released: {},
  refunded: {},
  'part-refunded': {},
};

const DONE: Record<FundsState, string> = {
  held: 'is waiting for the handover',
  'handed-over': 'has already been handed over',
  disputed: 'is under dispute',
  released: 'has already been released to the seller',
  refunded: 'has already been refunded',
  'part-refunded': 'has already been settled',
};

const VERB: Record<OrderEvent, string> = {
  'hand-over': 'marked as handed over',
  confirm: 'confirmed',
  cancel: 'cancelled',
  dispute: 'disputed',
  'auto-release': 'released',
  'handover-overdue': 'refunded',
  'resolve-release': 'released',
  'resolve-refund': 'refunded',
  'resolve-part': 'settled',
};

export type OrderTransitionResult =
  { ok: true; to: FundsState } | { ok: false; reason: 'wrong-state' | 'wrong-actor'; message: string };

/** What `event` by `actor` does to an order whose money is in `state`: the new state, or why not. */
export function orderTransition(
  state: FundsState,
  event: OrderEvent,
  actor: OrderActor,
): OrderTransitionResult {
  const transition = TRANSITIONS[state][event];
  if (!transition)
    return {
      ok: false,
      reason: 'wrong-state',
      message: `This order ${DONE[state]}, so it cannot be ${VERB[event]}`,
    };
  if (!transition.by.includes(actor)) {
    const who = transition.by.filter((b) => b !== 'system').join(' or ') || 'site';
    return { ok: false, reason: 'wrong-actor', message: `Only the ${who} can do that` };
  }
  return { ok: true, to: transition.to };
}

/** The events `actor` may cause on an order in `state`: the buttons a page shows. */
export function orderActions(state: FundsState, actor: OrderActor): OrderEvent[] {
  return OrderEvents.filter((event) => TRANSITIONS[state][event]?.by.includes(actor));
}

/** The states from which `event` can happen (for a conditional update in SQL). */
export function fundsStatesAllowing(event: OrderEvent): FundsState[] {
  return FundsStates.filter((state) => TRANSITIONS[state][event] !== undefined);
}

/** Whether the money is still in the hold: the open orders whose sum the held accounts equal. */
export const isHeld = (state: FundsState): boolean => ['held', 'handed-over', 'disputed'].includes(state);

/** When the clock acts on an order in `state` that entered it at `since`, or null when it never does. */
export function orderDeadline(state: FundsState, since: Date): Date | null {
  if (state === 'held') return new Date(since.getTime() + HANDOVER_WINDOW_MS);
  if (state === 'handed-over') return new Date(since.getTime() + RECEIPT_WINDOW_MS);
  return null;
}

/** How a badge shows each state: the same word and colour on every page. */
export const FUNDS_STATE_BADGE: Record<FundsState, { label: string; color: string }> = {
  held: { label: 'held', color: 'blue' },
  'handed-over': { label: 'handed over', color: 'teal' },
  disputed: { label: 'disputed', color: 'orange' },
  released: { label: 'released', color: 'green' },
  refunded: { label: 'refunded', color: 'gray' },
  'part-refunded': { label: 'part refunded', color: 'grape' },
};
