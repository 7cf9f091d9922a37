import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addProduct,
  bearer,
  demoActor,
  registerActor,
  startPayment,
  startTestApp,
  validProduct,
  queryRows,
  type Actor,
  type TestContext,
} from './test/harness';

/**
 * Bad input on every route that takes input: 400 (or 404 for unknown ids, 413 for oversized bodies)
 * with `{error, message}`, never a 500, and no row written anywhere.
 */
let ctx: TestContext;
let buyer: Actor;
let seller: Actor;
let admin: Actor;
let productId: string;
let transactionId: number;

const huge = 'x'.repeat(20_000);
const tables = [
  'users',
  'products',
  'adverts',
  'bookings',
  'payments',
  'reports',
  'email_outbox',
  'newsletter_subscribers',
  'images',
  'payout_methods',
  'payouts',
  'ledger_entries',
  'offers',
];

async function rowCounts() {
  const counts: Record<string, number> = {};
  for (const t of tables) {
    const [row] = await queryRows<{ n: number }>(ctx, sql.raw(`select count(*)::int as n from ${t}`));
    counts[t] = row?.n ?? -1;
  }
  return counts;
}

beforeAll(async () => {
  ctx = await startTestApp();
  [buyer, seller, admin] = await Promise.all([
    registerActor(ctx.app, 'buyer'),
    registerActor(ctx.app, 'seller'),
    demoActor(ctx.app, 'admin'),
  ]);
  productId = await addProduct(ctx.app, seller);
  transactionId = (await startPayment(ctx.app, buyer, productId)).transactionId;
});
afterAll(async () => ctx?.close());

type Who = 'buyer' | 'seller' | 'admin' | null;
type Case = [string, Who, 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string, unknown, number];
const product = (o: Record<string, unknown> = {}) => validProduct(o);

const BANK = {
  kind: 'bank',
  accountName: 'Rahim Uddin',
  accountNumber: '1234567890',
  bankName: 'Dutch-Bangla Bank',
  branch: 'Gulshan',
  routingNumber: '090261234',
};
const payoutCases = (): Case[] => [
  [
    'payout method: wallet of 10 digits',
    'seller',
    'PUT',
    '/payout-method',
    { kind: 'bkash', walletNumber: '0171234567' },
    400,
  ],
  [
    'payout method: unknown wallet',
    'seller',
    'PUT',
    '/payout-method',
    { kind: 'paypal', walletNumber: '01712345678' },
    400,
  ],
  [
    'payout method: wallet as number',
    'seller',
    'PUT',
    '/payout-method',
    { kind: 'nagad', walletNumber: 1712345678 },
    400,
  ],
  [
    'payout method: bank without routing',
    'seller',
    'PUT',
    '/payout-method',
    { ...BANK, routingNumber: undefined },
    400,
  ],
  [
    'payout method: routing of letters',
    'seller',
    'PUT',
    '/payout-method',
    { ...BANK, routingNumber: 'abcdefghi' },
    400,
  ],
  [
    'payout method: account number as object',
    'seller',
    'PUT',
    '/payout-method',
    { ...BANK, accountNumber: { $ne: 1 } },
    400,
  ],
  ['payout method: huge bank name', 'seller', 'PUT', '/payout-method', { ...BANK, bankName: huge }, 400],
  ['payout method: array body', 'seller', 'PUT', '/payout-method', [BANK], 400],
  ['payouts: nothing to pay out', 'seller', 'POST', '/payouts', undefined, 409],
  ['payouts: page 0', 'seller', 'GET', '/payouts?page=0', undefined, 400],
  ['statement: limit 0', 'seller', 'GET', '/balance/statement?limit=0', undefined, 400],
  ['admin payouts: unknown state', 'admin', 'GET', '/admin/payouts?state=all', undefined, 400],
  ['admin payouts CSV: unknown state', 'admin', 'GET', '/admin/payouts.csv?state=done', undefined, 400],
  ['payout paid: unknown payout', 'admin', 'POST', '/admin/payouts/nope/paid', { reference: 'TRX-1' }, 404],
  ['payout paid: short reference', 'admin', 'POST', '/admin/payouts/nope/paid', { reference: 'ab' }, 400],
  ['payout failed: no reason', 'admin', 'POST', '/admin/payouts/nope/failed', {}, 400],
  [
    'payout failed: huge id',
    'admin',
    'POST',
    `/admin/payouts/${'a'.repeat(300)}/failed`,
    { reason: 'Closed' },
    400,
  ],
];

const cases = (): Case[] => [
  // POST /add-products
  ['add-products: empty body', 'seller', 'POST', '/add-products', {}, 400],
  [
    'add-products: missing productName',
    'seller',
    'POST',
    '/add-products',
    product({ productName: undefined }),
    400,
  ],
  ['add-products: price not digits', 'seller', 'POST', '/add-products', product({ price: '12abc' }), 400],
  ['add-products: price as boolean', 'seller', 'POST', '/add-products', product({ price: true }), 400],
  ['add-products: negative price', 'seller', 'POST', '/add-products', product({ price: -5 }), 400],
  ['add-products: price with 3 decimals', 'seller', 'POST', '/add-products', product({ price: 1.234 }), 400],
  ['add-products: absurd price', 'seller', 'POST', '/add-products', product({ price: 1e12 }), 400],
  ['add-products: unknown quality', 'seller', 'POST', '/add-products', product({ quality: 'Mint' }), 400],
  ['add-products: year in the future', 'seller', 'POST', '/add-products', product({ year: 3000 }), 400],
  ['add-products: year as float', 'seller', 'POST', '/add-products', product({ year: 2019.5 }), 400],
  ['add-products: huge description', 'seller', 'POST', '/add-products', product({ description: huge }), 400],
  [
    'add-products: javascript: image',
    'seller',
    'POST',
    '/add-products',
    product({ image: 'javascript:alert(1)' }),
    400,
  ],
  ['add-products: bad phone', 'seller', 'POST', '/add-products', product({ phone: "1' OR '1'='1" }), 400],
  ['add-products: unknown category', 'seller', 'POST', '/add-products', product({ category: '99' }), 400],
  ['add-products: SQL as category', 'seller', 'POST', '/add-products', product({ category: "01'; --" }), 400],
  ['add-products: array body', 'seller', 'POST', '/add-products', [product({})], 400],
  // DELETE /add-products/:id
  ['delete product: unknown id', 'seller', 'DELETE', '/add-products/unknown-id', undefined, 404],
  ['delete product: huge id', 'seller', 'DELETE', `/add-products/${'a'.repeat(300)}`, undefined, 400],
  // POST /add-products: specs and photos
  [
    'add-products: an image on a private address',
    'seller',
    'POST',
    '/add-products',
    product({ image: 'https://169.254.169.254/latest/meta-data/a.png' }),
    400,
  ],
  [
    'add-products: an image on another site over http',
    'seller',
    'POST',
    '/add-products',
    product({ image: 'http://images.example.test/a.png' }),
    400,
  ],
  [
    'add-products: RAM as text',
    'seller',
    'POST',
    '/add-products',
    product({ specs: { ...product().specs, ramGb: '16' } }),
    400,
  ],
  [
    'add-products: seven photos',
    'seller',
    'POST',
    '/add-products',
    product({ photos: Array.from({ length: 7 }, (_, i) => `https://x.test/${i}.webp`) }),
    400,
  ],
  [
    'add-products: javascript: photo',
    'seller',
    'POST',
    '/add-products',
    product({ photos: ['javascript:alert(1)'] }),
    400,
  ],
  // GET /search
  ['search: NUL in text', null, 'GET', '/search?q=a%00b', undefined, 400],
  ['search: NUL in location', null, 'GET', '/search?location=%00', undefined, 400],
  ['search: text of 5,000 characters', null, 'GET', `/search?q=${'x'.repeat(5000)}`, undefined, 400],
  ['search: price as text', null, 'GET', '/search?maxPrice=cheap', undefined, 400],
  ['search: unknown sort', null, 'GET', '/search?sort=random()', undefined, 400],
  ['search: unknown CPU line', null, 'GET', "/search?cpu=intel-core-i5,'--", undefined, 400],
  ['search: forged cursor', null, 'GET', '/search?cursor=eyJzIjoibmV3ZXN0In0', undefined, 400],
  ['search: NUL in cursor', null, 'GET', '/search?cursor=%00', undefined, 400],
  // GET /add-products
  ['my products: bad e-mail', 'seller', 'GET', "/add-products?email=' OR 1=1 --", undefined, 400],
  ['my products: limit 0', 'seller', 'GET', '/add-products?limit=0', undefined, 400],
  // POST /users
  ['users: missing name', 'buyer', 'POST', '/users', { email: 'x@example.test', role: 'buyer' }, 400],
  [
    'users: role admin',
    'buyer',
    'POST',
    '/users',
    { name: 'x', email: 'x@example.test', role: 'admin' },
    400,
  ],
  [
    'users: name too long',
    'buyer',
    'POST',
    '/users',
    { name: huge, email: 'x@example.test', role: 'buyer' },
    400,
  ],
  [
    'users: bad photo url',
    'buyer',
    'POST',
    '/users',
    { name: 'x', email: 'x@example.test', url: 'data:x', role: 'buyer' },
    400,
  ],
  ['users: e-mail as number', 'buyer', 'POST', '/users', { name: 'x', email: 42, role: 'buyer' }, 400],
  // GET /users/:email, /jwt
  ['users/:email: not an e-mail', 'admin', 'GET', "/users/' OR '1'='1", undefined, 400],
  ['jwt: missing e-mail', 'admin', 'GET', '/jwt', undefined, 400],
  // POST /offers, the moves and the lists
  ['offers: amount missing', 'buyer', 'POST', '/offers', { productId: 'p' }, 400],
  ['offers: amount a fraction', 'buyer', 'POST', '/offers', { productId: 'p', amount: 10.5 }, 400],
  ['offers: amount negative', 'buyer', 'POST', '/offers', { productId: 'p', amount: -1 }, 400],
  ['offers: amount a string', 'buyer', 'POST', '/offers', { productId: 'p', amount: '500' }, 400],
  ['offers: unknown listing', 'buyer', 'POST', '/offers', { productId: 'nope', amount: 500 }, 404],
  ['offers: under half the price', 'buyer', 'POST', '/offers', { productId, amount: 1 }, 400],
  ['offers: counter without amount', 'seller', 'POST', '/offers/nope/counter', {}, 400],
  ['offers: unknown offer', 'seller', 'POST', '/offers/nope/accept', undefined, 404],
  ['offers: unknown state', 'buyer', 'GET', '/offers?state=open', undefined, 400],
  ['offers: mine without listing', 'buyer', 'GET', '/offers/mine', undefined, 400],
  [
    'price guidance: ram missing',
    'seller',
    'GET',
    '/price-guidance?category=03&productName=ThinkPad&storageGb=512&quality=Good',
    undefined,
    400,
  ],
  [
    'price guidance: ram too large',
    'seller',
    'GET',
    '/price-guidance?category=03&productName=ThinkPad&storageGb=512&quality=Good&ramGb=999',
    undefined,
    400,
  ],
  [
    'price guidance: unknown condition',
    'seller',
    'GET',
    '/price-guidance?category=03&productName=ThinkPad&storageGb=512&quality=Mint&ramGb=16',
    undefined,
    400,
  ],
  [
    'price guidance: unknown brand',
    'seller',
    'GET',
    '/price-guidance?category=Nobrand&productName=ThinkPad&storageGb=512&quality=Good&ramGb=16',
    undefined,
    400,
  ],
  // POST /bookings
  ['bookings: missing phone', 'buyer', 'POST', '/bookings', { productId: 'p', place: 'x' }, 400],
  [
    'bookings: place empty',
    'buyer',
    'POST',
    '/bookings',
    { productId: 'p', phone: '01711222333', place: '   ' },
    400,
  ],
  [
    'bookings: huge place',
    'buyer',
    'POST',
    '/bookings',
    { productId: 'p', phone: '01711222333', place: huge },
    400,
  ],
  [
    'bookings: productId number',
    'buyer',
    'POST',
    '/bookings',
    { productId: 5, phone: '01711222333', place: 'x' },
    400,
  ],
  [
    'bookings: unknown product',
    'buyer',
    'POST',
    '/bookings',
    { productId: 'nope', phone: '01711222333', place: 'x' },
    404,
  ],
  [
    'bookings: SQL product id',
    'buyer',
    'POST',
    '/bookings',
    { productId: "x' OR 1=1 --", phone: '01711222333', place: 'x' },
    404,
  ],
  ['bookings list: bad e-mail', 'buyer', 'GET', '/bookings?email=<script>', undefined, 400],
  // POST /add-advertise
  ['advertise: no product id', 'seller', 'POST', '/add-advertise', { productName: 'x' }, 400],
  ['advertise: unknown product', 'seller', 'POST', '/add-advertise', { productId: 'nope' }, 404],
  ['advertise: id as object', 'seller', 'POST', '/add-advertise', { productId: { $ne: null } }, 400],
  // DELETE /buyer/:id, /seller/:id
  ['delete buyer: unknown', 'admin', 'DELETE', '/buyer/unknown', undefined, 404],
  ['delete seller: unknown', 'admin', 'DELETE', '/seller/unknown', undefined, 404],
  // payments
  ['payment init: no id', 'buyer', 'POST', '/payment/init', { price: 1 }, 400],
  ['payment init: unknown product', 'buyer', 'POST', '/payment/init', { _id: 'nope' }, 404],
  ['payment init: id as array', 'buyer', 'POST', '/payment/init', { _id: ['a'] }, 400],
  ['transaction: not a number', 'buyer', 'GET', '/get-data-transactionId/abc', undefined, 400],
  ['transaction: too large', 'buyer', 'GET', '/get-data-transactionId/100000001', undefined, 400],
  ['transaction: unknown', 'admin', 'GET', '/get-data-transactionId/1', undefined, 404],
  ['callback: empty', null, 'POST', '/payment/callback', {}, 400],
  ['sandbox page: not a number', null, 'GET', '/payment/sandbox/abc', undefined, 400],
  [
    'sandbox form: bad outcome',
    null,
    'POST',
    `/payment/sandbox/${transactionId}`,
    { outcome: 'refund', pageToken: 'x' },
    400,
  ],
  // reports
  ['reports: missing reason', 'buyer', 'POST', '/reports', { productId: 'x' }, 400],
  ['reports: huge reason', 'buyer', 'POST', '/reports', { productId: 'x', reason: huge }, 400],
  ['reports: unknown product', 'buyer', 'POST', '/reports', { productId: 'nope', reason: 'r' }, 404],
  ['reports list: bad status', 'admin', 'GET', '/reports?status=all', undefined, 400],
  ['reports: dismiss unknown', 'admin', 'POST', '/reports/nope/dismiss', undefined, 404],
  // the profile's language
  ['profile: unknown language', 'buyer', 'PATCH', `/users/${buyer.email}`, { language: 'fr' }, 400],
  ['profile: language missing', 'buyer', 'PATCH', `/users/${buyer.email}`, {}, 400],
  [
    'profile: other fields',
    'buyer',
    'PATCH',
    `/users/${buyer.email}`,
    { language: 'bn', role: 'admin' },
    400,
  ],
  ['profile: someone else', 'buyer', 'PATCH', `/users/${seller.email}`, { language: 'bn' }, 403],
  // the inbox
  ['inbox: unknown sort', 'buyer', 'GET', '/conversations?sort=unread', undefined, 400],
  ['inbox: limit over 100', 'buyer', 'GET', '/conversations?limit=101', undefined, 400],
  ['inbox: two-line search', 'buyer', 'GET', '/conversations?q=a%0Ab', undefined, 400],
  // payout methods, payouts and balances
  ...payoutCases(),
  // newsletter, category, details
  ['newsletter: not an e-mail', null, 'POST', '/newsletter', { email: "'; DROP TABLE users; --" }, 400],
  ['newsletter: missing', null, 'POST', '/newsletter', {}, 400],
  ['category products: SQL id', null, 'GET', "/category/products/01' OR '1'='1", undefined, 400],
  ['details: unknown', null, 'GET', '/details/nope', undefined, 404],
  ['recent: limit not a number', null, 'GET', '/recent-product?limit=abc', undefined, 400],
  ['blogs: page negative', null, 'GET', '/blogs?page=-1', undefined, 400],
];

describe('bad input never writes and never answers 500', () => {
  it('answers every bad request with the exact status and {error, message}, writing no row', async () => {
    const before = await rowCounts();
    const actors = { buyer, seller, admin };
    const seen: string[] = [];
    for (const [name, who, method, url, payload, status] of cases()) {
      const res = await ctx.app.inject({
        method,
        url: `/api/v1${url}`,
        headers: bearer(who ? actors[who] : null),
        ...(payload === undefined ? {} : { payload: payload as string }),
      });
      seen.push(`${name} → ${res.statusCode}`);
      expect(`${name} → ${res.statusCode}`).toBe(`${name} → ${status}`);
      expect(res.json()).toEqual({ error: expect.any(String), message: expect.any(String) });
    }
    expect(await rowCounts()).toEqual(before);
    expect(seen.length).toBeGreaterThan(50);
  });

  it('answers 413 for oversized JSON bodies and 400 for malformed JSON', async () => {
    const before = await rowCounts();
    const big = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/add-products',
      headers: { ...bearer(seller), 'content-type': 'application/json' },
      payload: JSON.stringify(validProduct({ description: 'y'.repeat(200_000) })),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ error: 'payload_too_large' });
    const broken = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/bookings',
      headers: { ...bearer(buyer), 'content-type': 'application/json' },
      payload: '{"productId": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ error: expect.any(String), message: expect.any(String) });
    const xml = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/newsletter',
      headers: { 'content-type': 'application/xml' },
      payload: '<email>a@b.c</email>',
    });
    expect(xml.statusCode).toBe(415);
    expect(await rowCounts()).toEqual(before);
  });

  it('stores SQL and HTML in text fields verbatim (data, not code) and returns them unchanged', async () => {
    const nasty = {
      productName: '<script>alert("x")</script> Laptop',
      description: "Robert'); DROP TABLE products; -- <img src=x onerror=alert(1)>",
      location: '"; SELECT pg_sleep(10); --',
    };
    const id = await addProduct(ctx.app, seller, nasty);
    const details = (await ctx.app.inject({ method: 'GET', url: `/api/v1/details/${id}` })).json();
    expect(details).toMatchObject(nasty);
    const booked = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/bookings',
      headers: bearer(buyer),
      payload: { productId: id, phone: '01711222333', place: "<b>x</b>' OR '1'='1" },
    });
    expect(booked.statusCode).toBe(201);
    const list = (
      await ctx.app.inject({ method: 'GET', url: '/api/v1/bookings', headers: bearer(buyer) })
    ).json();
    expect(list[0].place).toBe("<b>x</b>' OR '1'='1");
  });

  it('rejects malformed Authorization headers with 401, not 500', async () => {
    for (const authorization of [
      'Bearer',
      'Bearer ',
      'Basic abc',
      'Bearer null',
      `Bearer ${'a'.repeat(10_000)}`,
      'Bearer a.b.c',
    ]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/dashboard/summary',
        headers: { authorization },
      });
      expect(res.statusCode).toBe(401);
    }
  });
});
