import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addProduct,
  bearer,
  queryRows,
  registerActor,
  payOnline,
  startTestApp,
  type Actor,
  type TestContext,
} from '../../test/harness';

let ctx: TestContext;
let seller: Actor;
let otherSeller: Actor;
let buyer: Actor;
let otherBuyer: Actor;
beforeAll(async () => {
  ctx = await startTestApp();
  [seller, otherSeller, buyer, otherBuyer] = await Promise.all([
    registerActor(ctx.app, 'seller', 'Rahim Seller'),
    registerActor(ctx.app, 'seller', 'Other Seller'),
    registerActor(ctx.app, 'buyer', 'Karim Buyer'),
    registerActor(ctx.app, 'buyer', 'Other Buyer'),
  ]);
});
afterAll(async () => ctx?.close());

const inject = (method: 'GET' | 'POST', url: string, actor?: Actor | null, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(actor), ...(payload ? { payload } : {}) });

const paidDeal = (who: Actor, productId: string) => payOnline(ctx.app, who, productId);

const notificationsOf = (actor: Actor) =>
  queryRows<{ kind: string; params: Record<string, unknown>; link: string }>(
    ctx,
    sql`select kind, params, link from notifications where user_id = ${actor.id} order by id`,
  );

describe('reviews', () => {
  it('a booking counts as a finished deal once the seller marks it handed over, not before', async () => {
    const handing = await registerActor(ctx.app, 'seller', 'Handing Seller');
    const productId = await addProduct(ctx.app, handing, { productName: 'Handed-over Latitude' });
    const booked = await inject('POST', '/bookings', otherBuyer, {
      productId,
      phone: '01711222333',
      place: 'Mirpur 10',
    });
    const bookingId = booked.json().insertedId as string;
    const review = () => inject('POST', '/reviews', otherBuyer, { productId, rating: 4 });
    expect((await review()).statusCode).toBe(403);
    expect((await inject('POST', `/bookings/${bookingId}/accept`, handing)).statusCode).toBe(200);
    expect((await review()).statusCode).toBe(403);
    expect((await inject('POST', `/bookings/${bookingId}/complete`, handing)).statusCode).toBe(200);
    expect((await review()).statusCode).toBe(201);
    expect((await review()).json()).toMatchObject({ error: 'already_reviewed' });
  });

  it('after a paid deal the buyer reviews once; the seller answers once; rating, pages and bells follow', async () => {
    const productId = await addProduct(ctx.app, seller, { productName: 'Reviewed ThinkPad' });
    const available = await addProduct(ctx.app, seller, { productName: 'Still for sale' });

    // No finished deal yet: refused, nothing written.
    const early = await inject('POST', '/reviews', buyer, { productId, rating: 5 });
    expect(early.statusCode).toBe(403);
    expect(early.json().error).toBe('review_not_allowed');

    // Before any review: the cards say so with a null average.
    const before = (await inject('GET', `/details/${available}`)).json();
    expect(before.seller).toEqual({
      _id: seller.id,
      name: 'Rahim Seller',
      rating: { average: null, count: 0 },
    });

    await paidDeal(buyer, productId);
    const pending = (await inject('GET', '/reviews/pending', buyer)).json() as { productId: string }[];
    expect(pending).toEqual([
      expect.objectContaining({
        productId,
        productName: 'Reviewed ThinkPad',
        sellerId: seller.id,
        sellerName: 'Rahim Seller',
      }),
    ]);
    // Another buyer did not finish this deal.
    expect((await inject('POST', '/reviews', otherBuyer, { productId, rating: 1 })).statusCode).toBe(403);

    const created = await inject('POST', '/reviews', buyer, {
      productId,
      rating: 4,
      text: '  Good laptop, on time  ',
    });
    expect(created.statusCode).toBe(201);
    const reviewId = created.json().insertedId as string;
    const again = await inject('POST', '/reviews', buyer, { productId, rating: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error: 'already_reviewed',
      message: 'You have already reviewed this deal',
    });
    expect((await inject('GET', '/reviews/pending', buyer)).json()).toEqual([]);

    // The seller's real average reaches the cards (the cache was emptied by the POST).
    const details = (await inject('GET', `/details/${available}`)).json();
    expect(details.seller.rating).toEqual({ average: 4, count: 1 });
    const recent = (await inject('GET', '/recent-product?limit=50')).json() as {
      _id: string;
      seller: unknown;
    }[];
    expect(recent.find((p) => p._id === available)?.seller).toMatchObject({
      rating: { average: 4, count: 1 },
    });

    // The payment told the seller first; the review is the latest news.
    const received = (await notificationsOf(seller)).at(-1);
    expect(received).toMatchObject({
      kind: 'review-received',
      params: { productId, rating: 4, actorName: 'Karim Buyer' },
      link: '/dashboard/reviews',
    });

    // The public page: no e-mail, no phone; only available listings.
    const page = await inject('GET', `/sellers/${seller.id}`);
    expect(page.statusCode).toBe(200);
    const profile = page.json();
    expect(profile).toMatchObject({ _id: seller.id, name: 'Rahim Seller', rating: { average: 4, count: 1 } });
    expect(JSON.stringify({ ...profile, listings: null })).not.toContain(seller.email);
    expect(profile.listings.items.map((p: { _id: string }) => p._id)).toContain(available);
    expect(profile.listings.items.map((p: { _id: string }) => p._id)).not.toContain(productId);

    // Answer: not the buyer, not another seller; the seller once.
    expect((await inject('POST', `/reviews/${reviewId}/answer`, buyer, { text: 'Hi' })).statusCode).toBe(403);
    const stranger = await inject('POST', `/reviews/${reviewId}/answer`, otherSeller, { text: 'Hi' });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().error).toBe('not_review_seller');
    expect(
      (await inject('POST', `/reviews/${reviewId}/answer`, seller, { text: 'Thank you!' })).statusCode,
    ).toBe(200);
    const twice = await inject('POST', `/reviews/${reviewId}/answer`, seller, { text: 'Again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('already_answered');
    expect((await inject('POST', '/reviews/unknown/answer', seller, { text: 'x' })).statusCode).toBe(404);
    expect((await notificationsOf(buyer)).map((n) => n.kind)).toContain('review-answered');

    const listed = await inject('GET', `/sellers/${seller.id}/reviews`);
    expect(listed.headers['x-total-count']).toBe('1');
    expect(listed.json()).toEqual([
      expect.objectContaining({
        _id: reviewId,
        rating: 4,
        text: 'Good laptop, on time',
        answer: 'Thank you!',
        answeredAt: expect.any(String),
        buyerName: 'Karim Buyer',
        productName: 'Reviewed ThinkPad',
      }),
    ]);
    expect((await inject('GET', '/reviews/given', buyer)).json()).toHaveLength(1);
    expect((await inject('GET', '/reviews/received', seller)).json()).toHaveLength(1);
    expect((await inject('GET', '/reviews/received', otherSeller)).json()).toHaveLength(0);
  });

  it('keeps the seller aggregate exact and refuses bad input, strangers and unknown sellers', async () => {
    const a = await addProduct(ctx.app, otherSeller);
    const b = await addProduct(ctx.app, otherSeller);
    await paidDeal(buyer, a);
    await paidDeal(otherBuyer, b);
    for (const bad of [
      { productId: a, rating: 0 },
      { productId: a, rating: 6 },
      { productId: a, rating: 4.5 },
      { productId: a, rating: 3, text: 'x'.repeat(1001) },
    ])
      expect((await inject('POST', '/reviews', buyer, bad)).statusCode).toBe(400);
    expect((await inject('POST', '/reviews', null, { productId: a, rating: 3 })).statusCode).toBe(401);
    expect((await inject('POST', '/reviews', otherSeller, { productId: a, rating: 3 })).statusCode).toBe(403);
    // Two simultaneous first reviews of one deal: one wins.
    const both = await Promise.all([
      inject('POST', '/reviews', buyer, { productId: a, rating: 1 }),
      inject('POST', '/reviews', buyer, { productId: a, rating: 1 }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(
      (await inject('POST', '/reviews', otherBuyer, { productId: b, rating: 2, text: '   ' })).statusCode,
    ).toBe(201);
    const [row] = await queryRows<{ count: number; sum: number }>(
      ctx,
      sql`select count, sum from seller_ratings where seller_id = ${otherSeller.id}`,
    );
    expect(row).toEqual({ count: 2, sum: 3 });
    expect((await inject('GET', `/sellers/${otherSeller.id}`)).json().rating).toEqual({
      average: 1.5,
      count: 2,
    });
    const [empty] = (await inject('GET', `/sellers/${otherSeller.id}/reviews?limit=1`)).json() as {
      text: string | null;
    }[];
    expect(empty?.text).toBeNull();
    expect((await inject('GET', `/sellers/${buyer.id}`)).statusCode).toBe(404);
    expect((await inject('GET', '/sellers/nobody')).statusCode).toBe(404);
    expect((await inject('GET', '/reviews/pending', seller)).statusCode).toBe(403);
  });
});
