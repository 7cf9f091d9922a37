import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  BOOKING_REQUEST_TTL_MS,
  BookingStates,
  bookingTransition,
  type BookingState,
} from 'shared-contracts/booking-lifecycle';
import { BookingMoves, type BookingMove } from 'shared-contracts/bookings';
import type { SandboxGateway } from '../../payments/sandbox';
import {
  addProduct,
  bearer,
  demoActor,
  queryRows,
  registerActor,
  startPayment,
  startTestApp,
  type Actor,
  type TestContext,
} from '../../test/harness';

let ctx: TestContext;
let seller: Actor;
let otherSeller: Actor;
let buyer: Actor;
let otherBuyer: Actor;
let thirdBuyer: Actor;
let admin: Actor;
beforeAll(async () => {
  ctx = await startTestApp();
  [seller, otherSeller, buyer, otherBuyer, thirdBuyer, admin] = await Promise.all([
    registerActor(ctx.app, 'seller', 'Sami Seller'),
    registerActor(ctx.app, 'seller', 'Other Seller'),
    registerActor(ctx.app, 'buyer', 'Bina Buyer'),
    registerActor(ctx.app, 'buyer', 'Other Buyer'),
    registerActor(ctx.app, 'buyer', 'Third Buyer'),
    demoActor(ctx.app, 'admin'),
  ]);
});
afterAll(async () => ctx?.close());
// The expiry tests move the app's clock; every other test runs on the real one.
afterEach(() => {
  ctx.app.deps.now = () => new Date();
});

async function book(actor: Actor, productId: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/bookings',
    headers: bearer(actor),
    payload: { productId, phone: '01711222333', place: 'Banani 11' },
  });
  if (res.statusCode !== 201) throw new Error(`book: ${res.statusCode} ${res.body}`);
  return (res.json() as { insertedId: string }).insertedId;
}

const move = (actor: Actor | null, id: string, event: BookingMove, language?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/bookings/${id}/${event}`,
    headers: { ...bearer(actor), ...(language ? { 'accept-language': language } : {}) },
  });

async function bookingRow(id: string) {
  const [row] = await queryRows<{ state: BookingState; paid: boolean; state_changed_at: string }>(
    ctx,
    sql`select state, paid, state_changed_at from bookings where id = ${id}`,
  );
  return row;
}

async function listingStatus(productId: string) {
  const [row] = await queryRows<{ status: string }>(
    ctx,
    sql`select status from products where id = ${productId}`,
  );
  return row?.status;
}

/** The notifications a user got about one booking, oldest first. */
const noticesOf = async (actor: Actor, bookingId: string) =>
  (
    await queryRows<{ kind: string }>(
      ctx,
      sql`select kind from notifications where user_id = ${actor.id} and params->>'bookingId' = ${bookingId} order by id`,
    )
  ).map((n) => n.kind);

/** A fresh laptop of the seller's and the buyer's request for it. */
async function requested(by: Actor = buyer, of: Actor = seller) {
  const productId = await addProduct(ctx.app, of);
  return { productId, id: await book(by, productId) };
}

async function accepted(by: Actor = buyer) {
  const booking = await requested(by);
  expect((await move(seller, booking.id, 'accept')).statusCode).toBe(200);
  return booking;
}

describe('booking lifecycle: allowed moves', () => {
  it('a request leaves the laptop available and tells the seller (bell and e-mail)', async () => {
    const { productId, id } = await requested();
    expect(await bookingRow(id)).toMatchObject({ state: 'requested', paid: false });
    expect(await listingStatus(productId)).toBe('available');
    expect(await noticesOf(seller, id)).toEqual(['booking-requested']);
    const [mail] = await queryRows<{ subject: string; to_address: string }>(
      ctx,
      sql`select subject, to_address from email_outbox where kind = 'notification:booking-requested' and to_address = ${seller.email}`,
    );
    expect(mail?.subject).toMatch(/Bina Buyer asked to book/);
    // Others may still ask for it.
    await book(otherBuyer, productId);
  });

  it('the seller accepts: booked, the buyer is told, and the answer lists the seller’s next moves', async () => {
    const { productId, id } = await requested();
    const res = await move(seller, id, 'accept');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      _id: id,
      state: 'accepted',
      actions: ['cancel', 'complete'],
      status: 'booked',
    });
    expect(await listingStatus(productId)).toBe('booked');
    expect(await noticesOf(buyer, id)).toEqual(['booking-accepted']);
    // A booked laptop still takes requests (in case the accepted one falls through).
    const second = await book(otherBuyer, productId);
    expect(await bookingRow(second)).toMatchObject({ state: 'requested' });
    expect(await listingStatus(productId)).toBe('booked');
  });

  it('the seller declines a request: the laptop stays available, the buyer is told', async () => {
    const { productId, id } = await requested();
    const res = await move(seller, id, 'decline');
    expect(res.json()).toMatchObject({ state: 'declined', actions: [], status: 'available' });
    expect(await noticesOf(buyer, id)).toEqual(['booking-declined']);
    expect(await listingStatus(productId)).toBe('available');
  });

  it('the buyer cancels a request: the seller is told', async () => {
    const { id } = await requested();
    expect((await move(buyer, id, 'cancel')).json()).toMatchObject({ state: 'cancelled', actions: [] });
    expect(await noticesOf(seller, id)).toEqual(['booking-requested', 'booking-cancelled']);
  });

  it('after an expired or withdrawn request the buyer may ask again; after a decline or while open not', async () => {
    const { id, productId } = await requested();
    const again = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/bookings',
        headers: bearer(buyer),
        payload: { productId, phone: '01711222333', place: 'Banani 11' },
      });
    expect((await again()).json()).toMatchObject({ error: 'already_booked' });
    expect((await move(buyer, id, 'cancel')).statusCode).toBe(200);
    const second = await again();
    expect(second.statusCode).toBe(201);
    expect((await move(seller, second.json().insertedId, 'decline')).statusCode).toBe(200);
    expect((await again()).statusCode).toBe(409);
  });

  it('either side cancels an accepted booking: the laptop is available again', async () => {
    for (const side of [buyer, seller]) {
      const { productId, id } = await accepted();
      expect(await listingStatus(productId)).toBe('booked');
      expect((await move(side, id, 'cancel')).json()).toMatchObject({
        state: 'cancelled',
        status: 'available',
      });
      expect(await listingStatus(productId)).toBe('available');
      const told = side === buyer ? seller : buyer;
      expect(await noticesOf(told, id)).toContain('booking-cancelled');
    }
  });

  it('the seller marks an accepted booking handed over: completed, the laptop is sold', async () => {
    const { productId, id } = await accepted();
    const res = await move(seller, id, 'complete');
    expect(res.json()).toEqual({ _id: id, state: 'completed', actions: [], status: 'sold' });
    expect(await noticesOf(buyer, id)).toEqual(['booking-accepted', 'booking-completed']);
    // Sold: no new request, no payment.
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/bookings',
      headers: bearer(thirdBuyer),
      payload: { productId, phone: '01711222333', place: 'Banani' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'product_sold' });
    const pay = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payment/init',
      headers: bearer(thirdBuyer),
      payload: { _id: productId },
    });
    expect(pay.statusCode).toBe(409);
  });
});

describe('booking lifecycle: refused moves change nothing', () => {
  async function expectRefused(
    res: Awaited<ReturnType<typeof move>>,
    status: number,
    error: string,
    booking: { id: string; productId: string },
    before: { state: BookingState; listing: string },
  ) {
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ error });
    expect(await bookingRow(booking.id)).toMatchObject({ state: before.state });
    expect(await listingStatus(booking.productId)).toBe(before.listing);
  }

  it('the wrong side: the buyer cannot accept, decline or complete; the seller cannot cancel a request', async () => {
    const request = await requested();
    const unchanged = { state: 'requested' as const, listing: 'available' };
    for (const event of ['accept', 'decline'] as const) {
      const res = await move(buyer, request.id, event);
      await expectRefused(res, 403, 'booking_wrong_side', request, unchanged);
      expect(res.json().message).toBe('Only the seller can do that');
    }
    const sellerCancel = await move(seller, request.id, 'cancel');
    await expectRefused(sellerCancel, 403, 'booking_wrong_side', request, unchanged);
    expect(sellerCancel.json().message).toBe('Only the buyer can do that');

    const deal = await accepted();
    const complete = await move(buyer, deal.id, 'complete');
    await expectRefused(complete, 403, 'booking_wrong_side', deal, { state: 'accepted', listing: 'booked' });
  });

  it('someone else’s booking: another buyer, another seller and an admin may not move it', async () => {
    const request = await requested();
    for (const stranger of [otherBuyer, otherSeller, admin]) {
      for (const event of BookingMoves) {
        const res = await move(stranger, request.id, event);
        await expectRefused(res, 403, 'not_booking_participant', request, {
          state: 'requested',
          listing: 'available',
        });
        expect(res.json().message).toBe('Only the buyer or the seller of this booking can change it');
      }
    }
    // …though the admin may read the buyer's orders, without actions.
    const orders = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/bookings?email=${buyer.email}`,
      headers: bearer(admin),
    });
    const row = (orders.json() as { _id: string; actions: string[] }[]).find((b) => b._id === request.id);
    expect(row?.actions).toEqual([]);
  });

  it('the wrong state: 409 with the lifecycle’s sentence (and its Bangla)', async () => {
    const declined = await requested();
    await move(seller, declined.id, 'decline');
    const res = await move(seller, declined.id, 'accept');
    await expectRefused(res, 409, 'booking_state', declined, { state: 'declined', listing: 'available' });
    expect(res.json().message).toBe('This booking has been declined, so it cannot be accepted');
    const bangla = await move(seller, declined.id, 'accept', 'bn');
    expect(bangla.json().message).toBe('এই বুকিংটি প্রত্যাখ্যান করা হয়েছে, তাই এটি আর গ্রহণ করা যায় না');

    const waiting = await requested();
    const early = await move(seller, waiting.id, 'complete');
    await expectRefused(early, 409, 'booking_state', waiting, { state: 'requested', listing: 'available' });
    expect(early.json().message).toBe(
      'This booking is still waiting for the seller, so it cannot be marked as handed over',
    );
  });

  it('every move by each side from every state answers what the lifecycle table says', async () => {
    // One booking per state, put there directly, then every move tried by both sides.
    for (const state of BookingStates) {
      for (const event of BookingMoves) {
        for (const [side, actor] of [
          ['buyer', buyer],
          ['seller', seller],
        ] as const) {
          const booking = await requested(buyer);
          await queryRows(
            ctx,
            sql`update bookings set state = ${state}, paid = ${state === 'paid'} where id = ${booking.id}`,
          );
          const listingBefore = await listingStatus(booking.productId);
          const verdict = bookingTransition(state, event, side);
          const res = await move(actor, booking.id, event);
          const what = `${event} by the ${side} from ${state}`;
          if (verdict.ok) {
            expect(`${what} → ${res.statusCode}`).toBe(`${what} → 200`);
            expect((await bookingRow(booking.id))?.state).toBe(verdict.to);
          } else {
            expect(`${what} → ${res.statusCode}`).toBe(
              `${what} → ${verdict.reason === 'wrong-actor' ? 403 : 409}`,
            );
            expect(res.json().message).toBe(verdict.message);
            expect((await bookingRow(booking.id))?.state).toBe(state);
            expect(await listingStatus(booking.productId)).toBe(listingBefore);
          }
        }
      }
    }
  }, 120_000);

  it('an unknown booking is 404; a visitor is 401', async () => {
    const res = await move(seller, 'no-such-booking', 'accept');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'booking_not_found' });
    const { id } = await requested();
    expect((await move(null, id, 'cancel')).statusCode).toBe(401);
    expect((await bookingRow(id))?.state).toBe('requested');
  });

  it('two moves at once: exactly one wins, the other gets the 409 of the state it finds', async () => {
    const { productId, id } = await requested();
    const answers = await Promise.all([move(seller, id, 'accept'), move(seller, id, 'accept')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await noticesOf(buyer, id)).toEqual(['booking-accepted']);
    expect(await listingStatus(productId)).toBe('booked');

    // Accept and decline at once (two tabs): one answer stands, the other is refused.
    const race = await requested();
    const [accept, decline] = await Promise.all([
      move(seller, race.id, 'accept'),
      move(seller, race.id, 'decline'),
    ]);
    expect([accept.statusCode, decline.statusCode].sort()).toEqual([200, 409]);
    const final = (await bookingRow(race.id))?.state;
    expect(final).toBe(accept.statusCode === 200 ? 'accepted' : 'declined');
    expect(await listingStatus(race.productId)).toBe(accept.statusCode === 200 ? 'booked' : 'available');
    expect(await noticesOf(buyer, race.id)).toHaveLength(1);
  });
});

describe('booking lifecycle: a payment', () => {
  const gateway = () => ctx.app.deps.gateway as SandboxGateway;
  async function pay(actor: Actor, productId: string) {
    const { transactionId } = await startPayment(ctx.app, actor, productId);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/payment/sandbox/${transactionId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        outcome: 'paid',
        pageToken: gateway().pageToken(transactionId),
      }).toString(),
    });
    expect(res.statusCode).toBe(303);
  }

  it('makes the payer’s booking paid, sells the laptop, cancels the other open bookings and tells everyone', async () => {
    const { productId, id: payerBooking } = await requested(buyer);
    const acceptedOther = await book(otherBuyer, productId);
    await move(seller, acceptedOther, 'accept');
    const waitingThird = await book(thirdBuyer, productId);
    expect(await listingStatus(productId)).toBe('booked');

    await pay(buyer, productId);
    expect(await bookingRow(payerBooking)).toMatchObject({ state: 'paid', paid: true });
    expect(await bookingRow(acceptedOther)).toMatchObject({ state: 'cancelled', paid: false });
    expect(await bookingRow(waitingThird)).toMatchObject({ state: 'cancelled' });
    expect(await listingStatus(productId)).toBe('sold');
    expect(await noticesOf(otherBuyer, acceptedOther)).toEqual(['booking-accepted', 'booking-cancelled']);
    expect(await noticesOf(thirdBuyer, waitingThird)).toEqual(['booking-cancelled']);
    expect(await noticesOf(seller, payerBooking)).toEqual(['booking-requested', 'payment-received']);

    // The buyer's My Orders and the seller's My Buyers show the states, with no moves left.
    const orders = (
      await ctx.app.inject({ method: 'GET', url: '/api/v1/bookings', headers: bearer(buyer) })
    ).json() as { _id: string; state: string; actions: string[]; paid: boolean; status: string }[];
    expect(orders.find((o) => o._id === payerBooking)).toMatchObject({
      state: 'paid',
      paid: true,
      actions: [],
      status: 'sold',
    });
    const buyers = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/my-buyers?state=cancelled',
        headers: bearer(seller),
      })
    ).json() as { _id: string; state: string; actions: string[] }[];
    expect(buyers.map((b) => b._id)).toEqual(expect.arrayContaining([acceptedOther, waitingThird]));
    expect(buyers.every((b) => b.state === 'cancelled' && b.actions.length === 0)).toBe(true);
  });

  it('My Buyers lists each booking’s state with the seller’s moves, and filters by state', async () => {
    const { id } = await requested(buyer);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/my-buyers?state=requested',
      headers: bearer(seller),
    });
    const rows = res.json() as { _id: string; state: string; actions: string[]; kind: string }[];
    expect(rows.find((r) => r._id === id)).toMatchObject({
      state: 'requested',
      actions: ['accept', 'decline'],
    });
    expect(rows.every((r) => r.state === 'requested')).toBe(true);
    expect(Number(res.headers['x-total-count'])).toBe(rows.length);
    const payments = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/my-buyers?kind=payment&state=requested',
      headers: bearer(seller),
    });
    expect(payments.json()).toEqual([]);
  });
});

// Last: moving the clock expires every open request of this file's database.
describe('booking lifecycle: a request expires after three days', () => {
  it('expires on the next read once three days have passed, tells the buyer, and can then not be accepted', async () => {
    const { productId, id } = await requested();
    const start = Date.now();
    ctx.app.deps.now = () => new Date(start + BOOKING_REQUEST_TTL_MS - 60_000);
    let orders = (
      await ctx.app.inject({ method: 'GET', url: '/api/v1/bookings', headers: bearer(buyer) })
    ).json();
    expect(orders.find((o: { _id: string }) => o._id === id)).toMatchObject({ state: 'requested' });

    ctx.app.deps.now = () => new Date(start + BOOKING_REQUEST_TTL_MS + 1_000);
    orders = (
      await ctx.app.inject({ method: 'GET', url: '/api/v1/bookings', headers: bearer(buyer) })
    ).json();
    expect(orders.find((o: { _id: string }) => o._id === id)).toMatchObject({
      state: 'expired',
      actions: [],
    });
    expect(await noticesOf(buyer, id)).toEqual(['booking-expired']);
    expect(await listingStatus(productId)).toBe('available');

    // A second read (or another API process sweeping) tells nobody twice.
    await ctx.app.inject({ method: 'GET', url: '/api/v1/my-buyers', headers: bearer(seller) });
    expect(await noticesOf(buyer, id)).toEqual(['booking-expired']);

    const late = await move(seller, id, 'accept');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This booking has expired, so it cannot be accepted');
  });

  it('an answer just before the deadline wins; a move at the deadline finds it expired', async () => {
    const early = await requested();
    const late = await requested();
    const start = Date.now();
    ctx.app.deps.now = () => new Date(start + BOOKING_REQUEST_TTL_MS - 5_000);
    expect((await move(seller, early.id, 'accept')).statusCode).toBe(200);
    ctx.app.deps.now = () => new Date(start + BOOKING_REQUEST_TTL_MS + 5_000);
    const res = await move(seller, late.id, 'decline');
    expect(res.statusCode).toBe(409);
    expect((await bookingRow(late.id))?.state).toBe('expired');
    // Only requests expire: the accepted booking is untouched by the clock.
    expect((await bookingRow(early.id))?.state).toBe('accepted');
  });
});
