import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addProduct,
  addProductAwaitingReview,
  bearer,
  demoActor,
  multipart,
  registerActor,
  payByCallback,
  payOnline,
  startPayment,
  startTestApp,
  validProduct,
  type Actor,
  type TestContext,
} from './test/harness';
import { creditSeller, requestPayout, setWallet } from './test/money';

/**
 * Every route × {anonymous, buyer, seller, another seller, admin} → the exact status.
 * Each cell prepares its own resources, so one actor's success never changes another's answer.
 */
type ActorName = 'anonymous' | 'buyer' | 'seller' | 'otherSeller' | 'admin';
const actorNames: ActorName[] = ['anonymous', 'buyer', 'seller', 'otherSeller', 'admin'];

let ctx: TestContext;
let actors: Record<Exclude<ActorName, 'anonymous'>, Actor>;
let png: Buffer;

beforeAll(async () => {
  ctx = await startTestApp();
  const [buyer, seller, otherSeller, admin] = await Promise.all([
    registerActor(ctx.app, 'buyer'),
    registerActor(ctx.app, 'seller'),
    registerActor(ctx.app, 'seller', 'Other seller'),
    demoActor(ctx.app, 'admin'),
  ]);
  actors = { buyer, seller, otherSeller, admin };
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer();
});
afterAll(async () => ctx?.close());

interface Req {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}
type Row = [string, (actor: Actor | null) => Promise<Req>, Record<ActorName, number>];

const all = (s: number): Record<ActorName, number> => ({
  anonymous: s,
  buyer: s,
  seller: s,
  otherSeller: s,
  admin: s,
});
const signedIn = (s: number): Record<ActorName, number> => ({ ...all(s), anonymous: 401 });
const adminOnly = (s: number): Record<ActorName, number> => ({
  anonymous: 401,
  buyer: 403,
  seller: 403,
  otherSeller: 403,
  admin: s,
});

const product = () => addProduct(ctx.app, actors.seller);
const get = (url: string) => async (): Promise<Req> => ({ method: 'GET', url });

/** A fresh booking by the buyer of one of the seller's laptops, requested or accepted. */
async function bookingOf(state: 'requested' | 'accepted') {
  const booked = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/bookings',
    headers: bearer(actors.buyer),
    payload: { productId: await product(), phone: '+880 1711 111111', place: 'Dhanmondi 27' },
  });
  const { insertedId } = booked.json() as { insertedId: string };
  if (state === 'accepted') {
    const accepted = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/bookings/${insertedId}/accept`,
      headers: bearer(actors.seller),
    });
    if (accepted.statusCode !== 200) throw new Error(`accept: ${accepted.body}`);
  }
  return insertedId;
}

/** A fresh offer by the buyer on one of the seller's laptops, pending or countered by the seller. */
async function offerOf(state: 'pending' | 'countered') {
  const made = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/offers',
    headers: bearer(actors.buyer),
    payload: { productId: await product(), amount: 200 },
  });
  const { _id } = made.json() as { _id: string };
  if (state === 'countered') {
    const countered = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/offers/${_id}/counter`,
      headers: bearer(actors.seller),
      payload: { amount: 300 },
    });
    if (countered.statusCode !== 200) throw new Error(`counter: ${countered.body}`);
  }
  return _id;
}

/** A listing of the seller's that the buyer paid for: a finished deal, reviewable once. */
async function paidProduct() {
  const id = await product();
  await payOnline(ctx.app, actors.buyer, id);
  return id;
}

/** An order the buyer paid for one of the seller's laptops (its money held), handed over if asked. */
async function paidOrder(handedOver = false) {
  const transactionId = await payByCallback(ctx.app, actors.buyer, await product());
  if (handedOver) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${transactionId}/hand-over`,
      headers: bearer(actors.seller),
    });
    if (res.statusCode !== 200) throw new Error(`hand-over: ${res.body}`);
  }
  return transactionId;
}

const PROBLEM = { reason: 'damaged', text: 'The screen arrived cracked in one corner.', photos: [] };

/** An open dispute of the buyer's about a handed-over order. */
async function openDispute() {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/orders/${await paidOrder(true)}/dispute`,
    headers: bearer(actors.buyer),
    payload: PROBLEM,
  });
  if (res.statusCode !== 201) throw new Error(`dispute: ${res.body}`);
  return (res.json() as { _id: string })._id;
}

/** A requested payout of a new seller's whole balance, for an operator to settle. */
async function payoutToSettle() {
  const seller = await registerActor(ctx.app, 'seller', 'Payout seller');
  await setWallet(ctx.app, seller);
  await creditSeller(ctx.app, seller, actors.buyer, 500);
  return requestPayout(ctx.app, seller);
}

const rows: Row[] = [
  ['GET /health', get('/api/v1/health'), all(200)],
  ['GET /health/live', get('/api/v1/health/live'), all(200)],
  ['GET /health/ready', get('/api/v1/health/ready'), all(200)],
  ['GET /category', get('/api/v1/category'), all(200)],
  ['GET /category/products/:id', get('/api/v1/category/products/01'), all(200)],
  ['GET /details/:id', async () => ({ method: 'GET', url: `/api/v1/details/${await product()}` }), all(200)],
  ['GET /recent-product', get('/api/v1/recent-product'), all(200)],
  ['GET /get-advertise', get('/api/v1/get-advertise'), all(200)],
  ['GET /blogs', get('/api/v1/blogs'), all(200)],
  ['GET /openapi.json', get('/api/v1/openapi.json'), all(200)],
  [
    'GET /users/:email (the seller’s profile)',
    async () => ({ method: 'GET', url: `/api/v1/users/${actors.seller.email}` }),
    { anonymous: 401, buyer: 403, seller: 200, otherSeller: 403, admin: 200 },
  ],
  [
    'PATCH /users/:email (own language)',
    async (a) => ({
      method: 'PATCH',
      url: `/api/v1/users/${a?.email ?? 'nobody@example.test'}`,
      payload: { language: 'en' },
    }),
    signedIn(200),
  ],
  [
    'PATCH /users/:email (the seller’s language: the seller only, not even an admin)',
    async () => ({
      method: 'PATCH',
      url: `/api/v1/users/${actors.seller.email}`,
      payload: { language: 'en' },
    }),
    { anonymous: 401, buyer: 403, seller: 200, otherSeller: 403, admin: 403 },
  ],
  [
    'POST /users (own e-mail, upsert)',
    async (a) => ({
      method: 'POST',
      url: '/api/v1/users',
      payload: { name: 'Same Name', email: a?.email ?? 'nobody@example.test', role: 'buyer' },
    }),
    signedIn(200),
  ],
  [
    'GET /jwt?email=own (only verified e-mails get a token)',
    async (a) => ({ method: 'GET', url: `/api/v1/jwt?email=${a?.email ?? 'nobody@example.test'}` }),
    { anonymous: 401, buyer: 403, seller: 403, otherSeller: 403, admin: 200 },
  ],
  [
    'POST /bookings',
    async () => ({
      method: 'POST',
      url: '/api/v1/bookings',
      payload: { productId: await product(), phone: '+880 1711 111111', place: 'Dhanmondi 27' },
    }),
    { anonymous: 401, buyer: 201, seller: 403, otherSeller: 403, admin: 403 },
  ],
  [
    'GET /bookings?email=buyer',
    async () => ({ method: 'GET', url: `/api/v1/bookings?email=${actors.buyer.email}` }),
    { anonymous: 401, buyer: 200, seller: 403, otherSeller: 403, admin: 200 },
  ],
  // The booking lifecycle: only the booking's own buyer or seller, and only the side the table
  // gives the move (docs/product.md#booking-lifecycle); an admin reads bookings but does not act.
  [
    'POST /bookings/:id/accept (a request)',
    async () => ({ method: 'POST', url: `/api/v1/bookings/${await bookingOf('requested')}/accept` }),
    { anonymous: 401, buyer: 403, seller: 200, otherSeller: 403, admin: 403 },
  ],
  [
    'POST /bookings/:id/decline (a request)',
    async () => ({ method: 'POST', url: `/api/v1/bookings/${await bookingOf('requested')}/decline` }),
    { anonymous: 401, buyer: 403, seller: 200, otherSeller: 403, admin: 403 },
  ],
  [
    'POST /bookings/:id/cancel (a request)',
    async () => ({ method: 'POST', url: `/api/v1/bookings/${await bookingOf('requested')}/cancel` }),
    { anonymous: 401, buyer: 200, seller: 403, otherSeller: 403, admin: 403 },
  ],
  [
    'POST /bookings/:id/cancel (an accepted booking)',
    async () => ({ method: 'POST', url: `/api/v1/bookings/${await bookingOf('accepted')}/cancel` }),
    { anonymous: 401, buyer: 200, seller: 200, otherSeller: 403, admin: 403 },
  ],
  [
    'POST /bookings/:id/complete (an accepted booking)',
    async () => ({ method: 'POST', url: `/api/v1/bookings/${await bookingOf('accepted')}/complete` }),
    { anonymous: 401, buyer: 403, seller: 200, otherSeller: 403, admin: 403 },
  ],
  // Offers (docs/product.md#offers): only the offer's own buyer or seller, and only the side the
  // table gives the move; an admin is neither.
  [
    'POST /offers',
    async () => ({
      method: 'POST',
      url: '/api/v1/offers',
      payload: { productId: await product(), amount: 200 },
    }),
    { anonymous: 401, buyer: 201, seller: 403, otherSeller: 403, admin: 403 },
  ],
  ['GET /offers', get('/api/v1/offers'), signedIn(200)],
  // Price guidance (docs/product.md#price-guidance): any signed-in user with a profile.
  [
    'GET /price-guidance',
    get('/api/v1/price-guidance?category=03&productName=ThinkPad&ramGb=16&storageGb=512&quality=Good'),
    signedIn(200),
  ],
  [
    'GET /offers/received',
    get('/api/v1/offers/received'),
    { anonymous: 401, buyer: 403, seller: 200, otherSeller: 200, admin: 403 },
  ],
  [
    'GET /offers/mine',
    async () => ({ method: 'GET', url: `/api/v1/offers/mine?productId=${await product()}` }),
    signedIn(200),
  ],
  [
    'POST /offers/:id/accept (pending)',
    async () => ({ method: 'POST', url: `/api/v1/offers/${await offerOf('pending')}/accept` }),
    { anonymous: 401, buyer: 403, seller: 200, otherSeller: 403, admin: 403 },
  ],
  [
    'POST /offers/:id/decline (pending)',
    async () => ({ method: 'POST', url: `/api/v1/offers/${await offerOf('pending')}/decline` }),
    { anonymous: 401, buyer: 403, seller: 200, otherSeller: 403, admin: 403 },
  ],
  [
    'POST /offers/:id/counter (pending)',
    async () => ({
      method: 'POST',
      url: `/api/v1/offers/${await offerOf('pending')}/counter`,
      payload: { amount: 250 },
    }),
    { anonymous: 401, buyer: 403, seller: 200, otherSeller: 403, admin: 403 },
  ],
  [
    'POST /offers/:id/accept (countered)',
    async () => ({ method: 'POST', url: `/api/v1/offers/${await offerOf('countered')}/accept` }),
    { anonymous: 401, buyer: 200, seller: 403, otherSeller: 403, admin: 403 },
  ],
  ['GET /buyer', get('/api/v1/buyer'), adminOnly(200)],
  ['GET /seller', get('/api/v1/seller'), adminOnly(200)],
  ['GET /outbox', get('/api/v1/outbox'), adminOnly(200)],
  ['GET /admin', get('/api/v1/admin'), adminOnly(200)],
  ['GET /audit-log', get('/api/v1/audit-log'), adminOnly(200)],
  [
    'POST /users/:id/make-admin (a buyer)',
    async () => ({
      method: 'POST',
      url: `/api/v1/users/${(await registerActor(ctx.app, 'buyer')).id}/make-admin`,
    }),
    adminOnly(200),
  ],
  [
    'POST /users/:id/revoke-admin (a second admin)',
    async () => {
      const { id } = await registerActor(ctx.app, 'seller');
      const made = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/users/${id}/make-admin`,
        headers: bearer(actors.admin),
      });
      if (made.statusCode !== 200) throw new Error(`make-admin: ${made.body}`);
      return { method: 'POST', url: `/api/v1/users/${id}/revoke-admin` };
    },
    adminOnly(200),
  ],
  [
    'DELETE /buyer/:id',
    async () => ({ method: 'DELETE', url: `/api/v1/buyer/${(await registerActor(ctx.app, 'buyer')).id}` }),
    adminOnly(200),
  ],
  [
    'DELETE /seller/:id',
    async () => ({ method: 'DELETE', url: `/api/v1/seller/${(await registerActor(ctx.app, 'seller')).id}` }),
    adminOnly(200),
  ],
  [
    'DELETE /add-products/:id (the seller’s product)',
    async () => ({ method: 'DELETE', url: `/api/v1/add-products/${await product()}` }),
    { anonymous: 401, buyer: 403, seller: 200, otherSeller: 403, admin: 200 },
  ],
  [
    'GET /add-products?email=seller',
    async () => ({ method: 'GET', url: `/api/v1/add-products?email=${actors.seller.email}` }),
    { anonymous: 401, buyer: 403, seller: 200, otherSeller: 403, admin: 200 },
  ],
  [
    'POST /add-products',
    async () => ({ method: 'POST', url: '/api/v1/add-products', payload: validProduct() }),
    { anonymous: 401, buyer: 403, seller: 201, otherSeller: 201, admin: 403 },
  ],
  [
    'POST /add-advertise (the seller’s product)',
    async () => ({ method: 'POST', url: '/api/v1/add-advertise', payload: { productId: await product() } }),
    { anonymous: 401, buyer: 403, seller: 201, otherSeller: 403, admin: 403 },
  ],
  [
    'POST /payment/init',
    async () => ({ method: 'POST', url: '/api/v1/payment/init', payload: { _id: await product() } }),
    { anonymous: 401, buyer: 200, seller: 403, otherSeller: 403, admin: 403 },
  ],
  [
    'GET /get-data-transactionId/:id (the buyer’s payment)',
    async () => {
      const { transactionId } = await startPayment(ctx.app, actors.buyer, await product());
      return { method: 'GET', url: `/api/v1/get-data-transactionId/${transactionId}` };
    },
    { anonymous: 401, buyer: 200, seller: 403, otherSeller: 403, admin: 200 },
  ],
  [
    'GET /payment/sandbox/:id (hosted page)',
    async () => {
      // Through the signed link /payment/init answered: whoever holds it sees the page.
      const { pagePath } = await startPayment(ctx.app, actors.buyer, await product());
      return { method: 'GET', url: pagePath };
    },
    all(200),
  ],
  [
    'POST /payment/callback (unsigned)',
    async () => ({
      method: 'POST',
      url: '/api/v1/payment/callback',
      payload: {
        transactionId: 1,
        outcome: 'paid',
        amountCents: 100,
        issuedAt: Date.now(),
        nonce: '0'.repeat(32),
        signature: 'f'.repeat(64),
      },
    }),
    all(401),
  ],
  [
    'GET /my-buyers',
    get('/api/v1/my-buyers'),
    { anonymous: 401, buyer: 403, seller: 200, otherSeller: 200, admin: 403 },
  ],
  ['GET /dashboard/summary', get('/api/v1/dashboard/summary'), signedIn(200)],
  [
    'POST /reports',
    async () => ({
      method: 'POST',
      url: '/api/v1/reports',
      payload: { productId: await product(), reason: 'Scam' },
    }),
    { anonymous: 401, buyer: 201, seller: 403, otherSeller: 403, admin: 403 },
  ],
  ['GET /reports', get('/api/v1/reports'), adminOnly(200)],
  ['GET /admin/moderation', get('/api/v1/admin/moderation'), adminOnly(200)],
  ...(['approve', 'refuse'] as const).map((action): Row => [
    `POST /admin/moderation/:id/${action}`,
    async () => ({
      method: 'POST',
      // A new seller's first listing: held for review, one per request.
      url: `/api/v1/admin/moderation/${await addProductAwaitingReview(ctx.app, await registerActor(ctx.app, 'seller'))}/${action}`,
      ...(action === 'refuse' ? { payload: { reason: 'The photos show another laptop' } } : {}),
    }),
    adminOnly(200),
  ]),
  ...(['dismiss', 'remove-listing'] as const).map((action): Row => [
    `POST /reports/:id/${action}`,
    async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/reports',
        headers: bearer(actors.buyer),
        payload: { productId: await product(), reason: 'Looks stolen' },
      });
      return {
        method: 'POST',
        url: `/api/v1/reports/${(res.json() as { insertedId: string }).insertedId}/${action}`,
      };
    },
    adminOnly(200),
  ]),
  [
    'POST /reviews (the buyer paid for it)',
    async () => ({
      method: 'POST',
      url: '/api/v1/reviews',
      payload: { productId: await paidProduct(), rating: 4 },
    }),
    { anonymous: 401, buyer: 201, seller: 403, otherSeller: 403, admin: 403 },
  ],
  [
    'POST /reviews/:id/answer (a review of the seller)',
    async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/reviews',
        headers: bearer(actors.buyer),
        payload: { productId: await paidProduct(), rating: 5 },
      });
      const id = (res.json() as { insertedId: string }).insertedId;
      return { method: 'POST', url: `/api/v1/reviews/${id}/answer`, payload: { text: 'Thank you' } };
    },
    { anonymous: 401, buyer: 403, seller: 200, otherSeller: 403, admin: 403 },
  ],
  [
    'GET /reviews/pending',
    get('/api/v1/reviews/pending'),
    { anonymous: 401, buyer: 200, seller: 403, otherSeller: 403, admin: 403 },
  ],
  [
    'GET /reviews/given',
    get('/api/v1/reviews/given'),
    { anonymous: 401, buyer: 200, seller: 403, otherSeller: 403, admin: 403 },
  ],
  [
    'GET /reviews/received',
    get('/api/v1/reviews/received'),
    { anonymous: 401, buyer: 403, seller: 200, otherSeller: 200, admin: 200 },
  ],
  // Money: everyone with a profile has a balance and a statement (zero until they sell) and may
  // keep a payout method; a payout needs the minimum available, which only sellers earn.
  ['GET /balance', get('/api/v1/balance'), signedIn(200)],
  ['GET /balance/statement', get('/api/v1/balance/statement'), signedIn(200)],
  ['GET /balance/statement.csv', get('/api/v1/balance/statement.csv'), signedIn(200)],
  [
    'PUT /payout-method',
    async () => ({
      method: 'PUT',
      url: '/api/v1/payout-method',
      payload: { kind: 'bkash', walletNumber: '01712345678' },
    }),
    signedIn(200),
  ],
  [
    'GET /payout-method (after saving one)',
    async (a) => {
      if (a) await setWallet(ctx.app, a);
      return { method: 'GET', url: '/api/v1/payout-method' };
    },
    signedIn(200),
  ],
  [
    'POST /payouts (a seller with the minimum available)',
    async (a) => {
      if (a === actors.seller || a === actors.otherSeller) {
        await setWallet(ctx.app, a);
        await creditSeller(ctx.app, a, actors.buyer, 500);
      }
      return { method: 'POST', url: '/api/v1/payouts' };
    },
    { anonymous: 401, buyer: 409, seller: 200, otherSeller: 200, admin: 409 },
  ],
  ['GET /payouts', get('/api/v1/payouts'), signedIn(200)],
  ['GET /admin/payouts', get('/api/v1/admin/payouts?state=requested'), adminOnly(200)],
  ['GET /admin/payouts.csv', get('/api/v1/admin/payouts.csv?state=requested'), adminOnly(200)],
  [
    'POST /admin/payouts/:id/paid',
    async () => ({
      method: 'POST',
      url: `/api/v1/admin/payouts/${await payoutToSettle()}/paid`,
      payload: { reference: 'BKASH-TRX-1' },
    }),
    adminOnly(200),
  ],
  [
    'POST /admin/payouts/:id/failed',
    async () => ({
      method: 'POST',
      url: `/api/v1/admin/payouts/${await payoutToSettle()}/failed`,
      payload: { reason: 'The wallet is closed' },
    }),
    adminOnly(200),
  ],
  ['GET /admin/money', get('/api/v1/admin/money'), adminOnly(200)],
  // Orders: the two sides of each order and nobody else make its moves; an admin reads it.
  ['GET /orders', get('/api/v1/orders?as=buyer'), signedIn(200)],
  [
    'GET /orders/:transactionId',
    async () => ({ method: 'GET', url: `/api/v1/orders/${await paidOrder()}` }),
    { anonymous: 401, buyer: 200, seller: 200, otherSeller: 403, admin: 200 },
  ],
  [
    'POST /orders/:transactionId/hand-over',
    async () => ({ method: 'POST', url: `/api/v1/orders/${await paidOrder()}/hand-over` }),
    { anonymous: 401, buyer: 403, seller: 200, otherSeller: 403, admin: 403 },
  ],
  [
    'POST /orders/:transactionId/confirm',
    async () => ({ method: 'POST', url: `/api/v1/orders/${await paidOrder(true)}/confirm` }),
    { anonymous: 401, buyer: 200, seller: 403, otherSeller: 403, admin: 403 },
  ],
  [
    'POST /orders/:transactionId/cancel',
    async () => ({ method: 'POST', url: `/api/v1/orders/${await paidOrder()}/cancel` }),
    { anonymous: 401, buyer: 403, seller: 200, otherSeller: 403, admin: 403 },
  ],
  [
    'POST /orders/:transactionId/dispute',
    async () => ({
      method: 'POST',
      url: `/api/v1/orders/${await paidOrder(true)}/dispute`,
      payload: PROBLEM,
    }),
    { anonymous: 401, buyer: 201, seller: 403, otherSeller: 403, admin: 403 },
  ],
  ['GET /disputes', get('/api/v1/disputes?state=open'), adminOnly(200)],
  [
    'GET /disputes/:id',
    async () => ({ method: 'GET', url: `/api/v1/disputes/${await openDispute()}` }),
    { anonymous: 401, buyer: 200, seller: 200, otherSeller: 403, admin: 200 },
  ],
  [
    'POST /disputes/:id/resolve',
    async () => ({
      method: 'POST',
      url: `/api/v1/disputes/${await openDispute()}/resolve`,
      payload: { outcome: 'release', note: 'Photos show no damage' },
    }),
    adminOnly(200),
  ],
  ['GET /sellers/:id', async () => ({ method: 'GET', url: `/api/v1/sellers/${actors.seller.id}` }), all(200)],
  [
    'GET /sellers/:id/reviews',
    async () => ({ method: 'GET', url: `/api/v1/sellers/${actors.seller.id}/reviews` }),
    all(200),
  ],
  [
    'POST /newsletter',
    async () => ({ method: 'POST', url: '/api/v1/newsletter', payload: { email: 'news@example.test' } }),
    all(200),
  ],
  [
    'POST /images',
    async () => {
      const body = multipart({}, { field: 'image', filename: 'a.png', contentType: 'image/png', data: png });
      return { method: 'POST', url: '/api/v1/images', payload: body.payload, headers: body.headers };
    },
    signedIn(200),
  ],
  [
    'POST /emailjs/api/v1.0/email/send',
    async () => ({
      method: 'POST',
      url: '/api/v1/emailjs/api/v1.0/email/send',
      payload: {
        lib_version: '4.4.1',
        user_id: 'demo-public-key',
        service_id: 'service_secondbyte',
        template_id: 'template_contact',
        template_params: { user_name: 'Ann', user_email: 'ann@example.test', message: 'Hello' },
      },
    }),
    all(200),
  ],
];

describe.each(rows)('%s', (_name, build, expected) => {
  it.each(actorNames)('as %s', async (who) => {
    const actor = who === 'anonymous' ? null : actors[who];
    const req = await build(actor);
    const res = await ctx.app.inject({
      method: req.method,
      url: req.url,
      ...(req.payload === undefined ? {} : { payload: req.payload as string }),
      headers: { ...req.headers, ...bearer(actor) },
    });
    expect(`${res.statusCode} ${res.statusCode >= 400 ? res.body : ''}`.trim()).toBe(
      String(expected[who]) + (expected[who] >= 400 ? ` ${res.body}` : ''),
    );
    if (res.statusCode >= 400) {
      expect(res.json()).toEqual({ error: expect.any(String), message: expect.any(String) });
    }
  });
});
