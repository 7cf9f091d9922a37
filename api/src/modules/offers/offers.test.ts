import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OFFER_TTL_MS } from 'shared-contracts/offer-lifecycle';
import { counterOfferSchemaFor, type Offer } from 'shared-contracts/offers';
import {
  addProduct,
  bearer,
  demoActor,
  payByCallback,
  queryRows,
  registerActor,
  startPayment,
  startTestApp,
  type Actor,
  type TestContext,
} from '../../test/harness';

let ctx: TestContext;
let seller: Actor;
let buyer: Actor;
let otherBuyer: Actor;
let admin: Actor;
beforeAll(async () => {
  // TEST_CLOCK registers POST /test/clock, whose offer sweep one test below runs.
  ctx = await startTestApp({ TEST_CLOCK: '1' });
  [seller, buyer, otherBuyer, admin] = await Promise.all([
    registerActor(ctx.app, 'seller', 'Sami Seller'),
    registerActor(ctx.app, 'buyer', 'Bina Buyer'),
    registerActor(ctx.app, 'buyer', 'Other Buyer'),
    demoActor(ctx.app, 'admin'),
  ]);
});
afterAll(async () => ctx?.close());
// The expiry tests move the app's clock; every other test runs on the real one.
afterEach(() => {
  ctx.app.deps.now = () => new Date();
});

const HOUR = 60 * 60 * 1000;
const moveClock = (ms: number) => {
  const shifted = Date.now() + ms;
  ctx.app.deps.now = () => new Date(shifted);
};

const offer = (actor: Actor | null, productId: string, amount: unknown, language?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/offers',
    headers: { ...bearer(actor), ...(language ? { 'accept-language': language } : {}) },
    payload: { productId, amount },
  });

const answer = (actor: Actor | null, id: string, move: string, amount?: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/offers/${id}/${move}`,
    headers: bearer(actor),
    ...(amount === undefined ? {} : { payload: { amount } }),
  });

async function madeOffer(actor: Actor, productId: string, amount: number): Promise<Offer> {
  const res = await offer(actor, productId, amount);
  if (res.statusCode !== 201) throw new Error(`offer: ${res.statusCode} ${res.body}`);
  return res.json();
}

const offerCount = async (productId: string) =>
  Number(
    (
      await queryRows<{ n: string }>(
        ctx,
        sql`select count(*) as n from offers where product_id = ${productId}`,
      )
    )[0]!.n,
  );

const noticesOf = (actor: Actor, kind: string) =>
  queryRows<{ params: { price?: number; productName?: string; productId?: string } }>(
    ctx,
    sql`select params from notifications where user_id = ${actor.id} and kind = ${kind} order by id`,
  );

async function threadOf(productId: string, buyerId: string) {
  return queryRows<{ body: string; sender_id: string }>(
    ctx,
    sql`select m.body, m.sender_id from messages m join conversations c on c.id = m.conversation_id
        where c.product_id = ${productId} and c.buyer_id = ${buyerId} order by m.id`,
  );
}

describe('making an offer', () => {
  it('refuses an offer on one’s own listing and writes nothing', async () => {
    const productId = await addProduct(ctx.app, seller, { price: 80000 });
    const res = await offer(seller, productId, 60000);
    // A seller is not a buyer: the route's access refuses before the rule does.
    expect(res.statusCode).toBe(403);
    const sellerBuyer = await registerActor(ctx.app, 'buyer', 'Self Dealer');
    const own = await addProduct(ctx.app, seller, { price: 80000 });
    // A buyer account owning the listing (the row's seller set to them) is refused by the rule.
    await ctx.database.db.execute(sql`update products set seller_id = ${sellerBuyer.id} where id = ${own}`);
    const refused = await offer(sellerBuyer, own, 60000);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: 'own_listing',
      message: 'You cannot make an offer on your own listing',
    });
    expect(await offerCount(own)).toBe(0);
  });

  it('refuses an offer under half the asking price, naming the exact minimum, in both languages', async () => {
    const productId = await addProduct(ctx.app, seller, { price: 89999 });
    const res = await offer(buyer, productId, 44999);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'offer_too_low',
      message: 'An offer must be at least half the asking price: ৳45,000',
    });
    const bangla = await offer(buyer, productId, 100, 'bn');
    expect(bangla.json().message).toBe('প্রস্তাবিত দাম চাওয়া দামের অন্তত অর্ধেক হতে হবে: ৳৪৫,০০০');
    expect(await offerCount(productId)).toBe(0);
    // Exactly half (rounded up to whole taka) is taken.
    expect((await offer(buyer, productId, 45000)).statusCode).toBe(201);
  });

  it('refuses an amount above the asking price and amounts that are not whole positive taka', async () => {
    const productId = await addProduct(ctx.app, seller, { price: 50000 });
    const above = await offer(buyer, productId, 50001);
    expect(above.statusCode).toBe(400);
    expect(above.json().error).toBe('offer_above_price');
    for (const amount of [0, -5, 30000.5, '30000', null, 1e12]) {
      const res = await offer(buyer, productId, amount);
      expect(res.statusCode, String(amount)).toBe(400);
      expect(res.json().message).toMatch(/amount/);
    }
    const unknown = await offer(buyer, 'no-such-listing', 30000);
    expect(unknown.statusCode).toBe(404);
    expect(await offerCount(productId)).toBe(0);
  });

  it('takes an offer, tells the seller in the bell and the conversation, and refuses a second open one', async () => {
    const productId = await addProduct(ctx.app, seller, { price: 60000 });
    const made = await madeOffer(buyer, productId, 45000);
    expect(made).toMatchObject({
      productId,
      amount: 45000,
      counterAmount: null,
      agreedAmount: null,
      state: 'pending',
      buyerName: 'Bina Buyer',
      sellerName: 'Sami Seller',
      askingPrice: 60000,
      actions: [],
    });
    expect(Date.parse(made.expiresAt) - Date.parse(made.createdAt)).toBe(OFFER_TTL_MS);
    expect((await noticesOf(seller, 'offer-made')).at(-1)?.params).toMatchObject({ price: 45000 });
    expect(await threadOf(productId, buyer.id)).toEqual([
      { body: 'I offer ৳45,000 for this laptop.', sender_id: buyer.id },
    ]);

    const second = await offer(buyer, productId, 50000);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      error: 'offer_exists',
      message: 'You already have an open offer on this laptop',
    });
    expect(await offerCount(productId)).toBe(1);
    // Another buyer may bargain for the same laptop.
    expect((await offer(otherBuyer, productId, 46000)).statusCode).toBe(201);
  });

  it('keeps one open offer when two arrive at once', async () => {
    const productId = await addProduct(ctx.app, seller, { price: 70000 });
    const answers = await Promise.all([offer(buyer, productId, 40000), offer(buyer, productId, 41000)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await offerCount(productId)).toBe(1);
  });
});

describe('answering an offer', () => {
  it('counters within the bounds, then the buyer accepts the counter-offer', async () => {
    const productId = await addProduct(ctx.app, seller, { price: 60000 });
    const made = await madeOffer(buyer, productId, 40000);
    for (const amount of [39999, 60001]) {
      const res = await answer(seller, made._id, 'counter', amount);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: 'counter_out_of_range',
        message:
          "A counter-offer must be from the buyer's offer of ৳40,000 up to the asking price of ৳60,000",
      });
    }
    expect((await answer(seller, made._id, 'counter')).statusCode).toBe(400);
    // Only the seller answers an offer; the buyer, another buyer and an admin are refused.
    expect((await answer(buyer, made._id, 'counter', 50000)).statusCode).toBe(403);
    expect((await answer(otherBuyer, made._id, 'accept')).json().error).toBe('not_offer_participant');
    expect((await answer(admin, made._id, 'accept')).statusCode).toBe(403);

    const countered = await answer(seller, made._id, 'counter', 52000);
    expect(countered.statusCode).toBe(200);
    expect(countered.json()).toMatchObject({ state: 'countered', counterAmount: 52000, actions: [] });
    expect((await noticesOf(buyer, 'offer-countered')).at(-1)?.params).toMatchObject({ price: 52000 });

    // The seller cannot take back their own counter-offer by accepting it.
    const wrongSide = await answer(seller, made._id, 'accept');
    expect(wrongSide.statusCode).toBe(403);
    expect(wrongSide.json().message).toBe('Only the buyer can do that');

    const accepted = await answer(buyer, made._id, 'accept');
    expect(accepted.json()).toMatchObject({ state: 'accepted', agreedAmount: 52000 });
    expect((await noticesOf(seller, 'offer-accepted')).at(-1)?.params).toMatchObject({ price: 52000 });
    expect((await threadOf(productId, buyer.id)).map((m) => m.body)).toEqual([
      'I offer ৳40,000 for this laptop.',
      'I can sell it for ৳52,000.',
      'I accept ৳52,000.',
    ]);
    const again = await answer(buyer, made._id, 'accept');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This offer has already been accepted, so it cannot be accepted');
  });

  it('lets the seller decline, after which the buyer may offer again', async () => {
    const productId = await addProduct(ctx.app, seller, { price: 60000 });
    const made = await madeOffer(buyer, productId, 40000);
    expect((await answer(seller, made._id, 'decline')).json()).toMatchObject({ state: 'declined' });
    expect(await noticesOf(buyer, 'offer-declined')).not.toHaveLength(0);
    expect((await offer(buyer, productId, 42000)).statusCode).toBe(201);
  });

  it('refuses to accept an expired offer and tells the buyer it expired', async () => {
    const productId = await addProduct(ctx.app, seller, { price: 60000 });
    const made = await madeOffer(buyer, productId, 40000);
    moveClock(OFFER_TTL_MS + HOUR);
    const late = await answer(seller, made._id, 'accept');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({
      error: 'offer_state',
      message: 'This offer has expired, so it cannot be accepted',
    });
    const [row] = await queryRows<{ state: string; agreed_cents: number | null }>(
      ctx,
      sql`select state, agreed_cents from offers where id = ${made._id}`,
    );
    expect(row).toEqual({ state: 'expired', agreed_cents: null });
    // The sweep expires every overdue offer (earlier tests' too); this one's buyer is told once.
    const told = await noticesOf(buyer, 'offer-expired');
    expect(told.filter((n) => n.params.productId === productId)).toHaveLength(1);
    // A counter-offer left unanswered expires too, and its seller hears of it.
    const other = await madeOffer(otherBuyer, productId, 41000);
    await answer(seller, other._id, 'counter', 55000);
    moveClock(2 * OFFER_TTL_MS + 2 * HOUR);
    expect((await answer(otherBuyer, other._id, 'accept')).json().error).toBe('offer_state');
    expect((await noticesOf(seller, 'offer-expired')).length).toBeGreaterThan(0);
  });

  it('keeps a counter-offer within the shared rule: from the buyer’s offer to the asking price', () => {
    const rule = counterOfferSchemaFor(40000, 60000);
    expect(rule.safeParse({ amount: 39999 }).success).toBe(false);
    expect(rule.safeParse({ amount: 60001 }).success).toBe(false);
    expect(rule.safeParse({ amount: 50000.5 }).success).toBe(false);
    expect(rule.safeParse({ amount: 40000 }).success).toBe(true);
    // An asking price lowered under twice the offer still keeps the half-price floor.
    expect(counterOfferSchemaFor(20000, 60000).safeParse({ amount: 29999 }).success).toBe(false);
  });
});

describe('a listing removed', () => {
  it('closes its open offers and tells their buyers, leaving finished ones as they were', async () => {
    const productId = await addProduct(ctx.app, seller, { price: 60000 });
    const open = await madeOffer(buyer, productId, 40000);
    const declined = await madeOffer(otherBuyer, productId, 41000);
    await answer(seller, declined._id, 'decline');
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/add-products/${productId}`,
      headers: bearer(seller),
    });
    expect(removed.statusCode).toBe(200);
    const rows = await queryRows<{ id: string; state: string }>(
      ctx,
      sql`select id, state from offers where product_id = ${productId} order by created_at`,
    );
    expect(rows).toEqual([
      { id: open._id, state: 'closed' },
      { id: declined._id, state: 'declined' },
    ]);
    const told = await noticesOf(buyer, 'offer-withdrawn');
    expect(told.filter((n) => n.params.productId === productId)).toHaveLength(1);
    expect(
      (await noticesOf(otherBuyer, 'offer-withdrawn')).filter((n) => n.params.productId === productId),
    ).toEqual([]);
    // Closed means over: nobody can accept it any more.
    const late = await answer(seller, open._id, 'accept');
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe('offer_state');
  });
});

describe('the test clock', () => {
  it('runs the offer expiry sweep when it moves past 48 hours', async () => {
    const productId = await addProduct(ctx.app, seller, { price: 60000 });
    const made = await madeOffer(buyer, productId, 40000);
    const moved = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/test/clock',
      payload: { advanceMs: OFFER_TTL_MS + HOUR },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().swept.offers).toBeGreaterThanOrEqual(1);
    const [row] = await queryRows<{ state: string }>(
      ctx,
      sql`select state from offers where id = ${made._id}`,
    );
    expect(row!.state).toBe('expired');
  });
});

describe('the agreed price', () => {
  it('is the price of the buyer’s online payment, and the sale closes the other open offers', async () => {
    const productId = await addProduct(ctx.app, seller, { price: 60000 });
    const mine = await madeOffer(buyer, productId, 45000);
    const theirs = await madeOffer(otherBuyer, productId, 44000);
    await answer(seller, mine._id, 'counter', 50000);
    await answer(buyer, mine._id, 'accept');

    // Another buyer still pays the asking price.
    const { transactionId: theirPayment } = await startPayment(ctx.app, otherBuyer, productId);
    const transactionId = await payByCallback(ctx.app, buyer, productId);
    const amounts = await queryRows<{ transaction_id: number; amount_cents: number }>(
      ctx,
      sql`select transaction_id, amount_cents from payments where product_id = ${productId} order by created_at`,
    );
    expect(amounts.find((p) => Number(p.transaction_id) === transactionId)?.amount_cents).toBe(5_000_000);
    expect(amounts.find((p) => Number(p.transaction_id) === theirPayment)?.amount_cents).toBe(6_000_000);

    const states = await queryRows<{ id: string; state: string }>(
      ctx,
      sql`select id, state from offers where product_id = ${productId}`,
    );
    expect(Object.fromEntries(states.map((s) => [s.id, s.state]))).toEqual({
      [mine._id]: 'completed',
      [theirs._id]: 'closed',
    });
    expect((await noticesOf(otherBuyer, 'offer-closed')).at(-1)?.params).toMatchObject({ productId });
    expect((await noticesOf(seller, 'payment-received')).at(-1)?.params).toMatchObject({ price: 50000 });
    // A sold laptop takes no new offer.
    expect((await offer(otherBuyer, productId, 50000)).json().error).toBe('product_sold');
  });

  it('is the price of a booking made while it holds, which keeps it after the offer lapses', async () => {
    const productId = await addProduct(ctx.app, seller, { price: 60000 });
    const made = await madeOffer(buyer, productId, 48000);
    await answer(seller, made._id, 'accept');
    const booked = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/bookings',
      headers: bearer(buyer),
      payload: { productId, phone: '01711222333', place: 'Banani 11' },
    });
    expect(booked.statusCode).toBe(201);
    const myOrders = await ctx.app.inject({ method: 'GET', url: '/api/v1/bookings', headers: bearer(buyer) });
    expect(
      (myOrders.json() as { productId: string; price: number }[]).find((b) => b.productId === productId)
        ?.price,
    ).toBe(48000);
    const myBuyers = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/my-buyers',
      headers: bearer(seller),
    });
    expect(
      (myBuyers.json() as { productId: string; price: number }[]).find((b) => b.productId === productId)
        ?.price,
    ).toBe(48000);

    // The acceptance lapses after 48 hours; the open booking keeps the agreed price for its payment.
    moveClock(OFFER_TTL_MS + HOUR);
    const { transactionId } = await startPayment(ctx.app, buyer, productId);
    const [payment] = await queryRows<{ amount_cents: number }>(
      ctx,
      sql`select amount_cents from payments where transaction_id = ${transactionId}`,
    );
    expect(payment?.amount_cents).toBe(4_800_000);
  });

  it('holds only 48 hours without a booking: then the asking price applies again', async () => {
    const productId = await addProduct(ctx.app, seller, { price: 60000 });
    const made = await madeOffer(buyer, productId, 48000);
    await answer(seller, made._id, 'accept');
    moveClock(OFFER_TTL_MS + HOUR);
    const { transactionId } = await startPayment(ctx.app, buyer, productId);
    const [payment] = await queryRows<{ amount_cents: number }>(
      ctx,
      sql`select amount_cents from payments where transaction_id = ${transactionId}`,
    );
    expect(payment?.amount_cents).toBe(6_000_000);
  });
});

describe('the lists', () => {
  it('pages and searches My offers and Offers on my listings on the server, each with its own moves', async () => {
    const listSeller = await registerActor(ctx.app, 'seller', 'List Seller');
    const listBuyer = await registerActor(ctx.app, 'buyer', 'List Buyer');
    const ids: string[] = [];
    for (const name of ['Alpha ThinkPad', 'Beta Latitude', 'Gamma ThinkPad']) {
      const productId = await addProduct(ctx.app, listSeller, { price: 40000, productName: name });
      ids.push((await madeOffer(listBuyer, productId, 30000))._id);
    }
    const mine = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/offers?limit=2&q=thinkpad',
      headers: bearer(listBuyer),
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['x-total-count']).toBe('2');
    expect((mine.json() as Offer[]).map((o) => o.actions)).toEqual([[], []]);

    const received = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/offers/received?sort=amount&page=2&limit=2',
      headers: bearer(listSeller),
    });
    expect(received.headers['x-total-count']).toBe('3');
    expect((received.json() as Offer[])[0]?.actions).toEqual(['accept', 'decline', 'counter']);

    const declined = await answer(listSeller, ids[0]!, 'decline');
    expect(declined.statusCode).toBe(200);
    const filtered = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/offers?state=declined',
      headers: bearer(listBuyer),
    });
    expect((filtered.json() as Offer[]).map((o) => o._id)).toEqual([ids[0]]);

    // A buyer has no listings to be offered on; a bad query names its field.
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/offers/received', headers: bearer(listBuyer) }))
        .statusCode,
    ).toBe(403);
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/offers?state=open',
      headers: bearer(listBuyer),
    });
    expect(bad.statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/offers' })).statusCode).toBe(401);
  });

  it('answers the buyer’s latest offer on a listing with its minimum, for the details page', async () => {
    const productId = await addProduct(ctx.app, seller, { price: 75001 });
    const none = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/offers/mine?productId=${productId}`,
      headers: bearer(otherBuyer),
    });
    expect(none.json()).toEqual({ offer: null, minimum: 37501 });
    await madeOffer(otherBuyer, productId, 40000);
    const some = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/offers/mine?productId=${productId}`,
      headers: bearer(otherBuyer),
    });
    expect(some.json()).toMatchObject({ offer: { amount: 40000, state: 'pending' }, minimum: 37501 });
  });
});
