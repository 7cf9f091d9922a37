/**
 * An offer's life, from the buyer's price to a deal (docs/product.md#offers), as ONE table the API
 * applies on every move and the web reads to show each state and the buttons it allows. Zod-free,
 * like booking-lifecycle.ts, so a browser chunk can read it without zod.
 *
 *   pending ──accept (seller)──► accepted ──listing sold to this buyer──► completed
 *      │ counter (seller) ► countered ──accept (buyer)──► accepted
 *      │                      │ decline (buyer) ► declined
 *      │ decline (seller) ► declined
 *   pending / countered / accepted ──48 hours after the last move (clock)──► expired
 *   pending / countered / accepted ──listing sold to someone else──► closed
 *
 * declined, expired, closed and completed are final.
 */
export const OfferStates = [
  'pending',
  'countered',
  'accepted',
  'declined',
  'expired',
  'closed',
  'completed',
] as const;
export type OfferState = (typeof OfferStates)[number];

/** The moves a person makes through the API (POST /offers/{id}/<move>). */
export const OfferMoves = ['accept', 'decline', 'counter'] as const;
export type OfferMove = (typeof OfferMoves)[number];

export type OfferActor = 'buyer' | 'seller';

/**
 * The states that hold a buyer's one live offer on a listing (a unique partial index, migration
 * 0024): waiting for an answer, or accepted and still holding its price.
 */
export const LiveOfferStates = ['pending', 'countered', 'accepted'] as const satisfies readonly OfferState[];

/** The states waiting for someone's answer. */
export const OpenOfferStates = ['pending', 'countered'] as const satisfies readonly OfferState[];

/**
 * An offer or a counter-offer waits 48 hours for its answer; an accepted offer holds its price for
 * 48 hours from the acceptance.
 */
export const OFFER_TTL_MS = 48 * 60 * 60 * 1000;

/** An offer is at least half the asking price, rounded up to whole taka. */
export const minimumOfferTaka = (askingPrice: number) => Math.ceil(Math.round(askingPrice * 100) / 200);

const TRANSITIONS: Record<OfferState, Partial<Record<OfferMove, { to: OfferState; by: OfferActor }>>> = {
  pending: {
    accept: { to: 'accepted', by: 'seller' },
    decline: { to: 'declined', by: 'seller' },
    counter: { to: 'countered', by: 'seller' },
  },
  countered: {
    accept: { to: 'accepted', by: 'buyer' },
    decline: { to: 'declined', by: 'buyer' },
  },
  accepted: {},
  declined: {},
  expired: {},
  closed: {},
  completed: {},
};

const STATE_WORDS: Record<OfferState, string> = {
  pending: 'is waiting for the seller',
  countered: 'has a counter-offer waiting for the buyer',
  accepted: 'has already been accepted',
  declined: 'has been declined',
  expired: 'has expired',
  closed: 'was closed when the laptop was sold',
  completed: 'ended in a sale',
};

export type OfferVerdict =
  { ok: true; to: OfferState } | { ok: false; reason: 'wrong-actor' | 'wrong-state'; message: string };

/** Whether `actor` may make `move` on an offer in `state`, and where it leads. */
export function offerTransition(state: OfferState, move: OfferMove, actor: OfferActor): OfferVerdict {
  const transition = TRANSITIONS[state][move];
  if (!transition) return { ok: false, reason: 'wrong-state', message: offerStateMessage(state, move) };
  if (transition.by !== actor)
    return {
      ok: false,
      reason: 'wrong-actor',
      message: transition.by === 'seller' ? 'Only the seller can do that' : 'Only the buyer can do that',
    };
  return { ok: true, to: transition.to };
}

/** The refusal of a move the state does not allow ("This offer has expired, so it cannot be accepted"). */
export const offerStateMessage = (state: OfferState, move: OfferMove) =>
  `This offer ${STATE_WORDS[state]}, so it cannot be ${move === 'counter' ? 'countered' : `${move}ed`}`;

/** The moves `actor` may make on an offer in `state`: the buttons a list shows. */
export const offerActions = (state: OfferState, actor: OfferActor): OfferMove[] =>
  OfferMoves.filter((move) => TRANSITIONS[state][move]?.by === actor);
