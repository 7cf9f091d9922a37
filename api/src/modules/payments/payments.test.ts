import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxGateway } from '../../payments/sandbox';
import {
  addProduct,
  bearer,
  demoActor,
  queryRows,
  registerActor,
  startPayment,
  openSandboxPage,
  startTestApp,
  submitSandboxPage,
  type Actor,
  type TestContext,
} from '../../test/harness';

let ctx: TestContext;
let seller: Actor;
let buyer: Actor;
let otherBuyer: Actor;
let admin: Actor;
beforeAll(async () => {
  ctx = await startTestApp();
  [seller, buyer, otherBuyer, admin] = await Promise.all([
    registerActor(ctx.app, 'seller'),
    registerActor(ctx.app, 'buyer', 'Paying Buyer'),
    registerActor(ctx.app, 'buyer'),
    demoActor(ctx.app, 'admin'),
  ]);
});
afterAll(async () => ctx?.close());

const gateway = () => ctx.app.deps.gateway as SandboxGateway;

type Started = Awaited<ReturnType<typeof startPayment>>;
const submitSandbox = (started: Started, outcome: string, pageToken?: string) =>
  submitSandboxPage(ctx.app, started, outcome, pageToken);

/** POST /payment/init as `actor`, with any body (the flat one or the original client's { payData }). */
const initPayment = (actor: Actor, payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/payment/init', headers: bearer(actor), payload });

const result = (transactionId: number, actor: Actor) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/v1/get-data-transactionId/${transactionId}`,
    headers: bearer(actor),
  });

describe('payments through the sandbox gateway', () => {
  it('creates a pending payment at the database price with a transaction id ≤ 100,000,000', async () => {
    const productId = await addProduct(ctx.app, seller, { price: 1234.5, productName: '<b>Bold</b> laptop' });
    const started = await startPayment(ctx.app, buyer, productId);
    const { url, transactionId } = started;
    // The page's link carries its signature: 64 hex digits of HMAC.
    expect(url).toMatch(
      new RegExp(`^${ctx.config.publicApiUrl}/payment/sandbox/${transactionId}\\?sig=[0-9a-f]{64}$`),
    );
    expect(transactionId).toBeGreaterThanOrEqual(1);
    expect(transactionId).toBeLessThanOrEqual(100_000_000);
    const data = (await result(transactionId, buyer)).json();
    expect(data.result).toMatchObject({
      transactionId,
      productName: '<b>Bold</b> laptop',
      email: buyer.email,
      price: 1234.5,
      status: 'pending',
      paymentType: false,
      phone: '+880 1711 000000',
    });
    const page = await openSandboxPage(ctx.app, started);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('৳1,234.50');
    expect(page.body).toContain('&lt;b&gt;Bold&lt;/b&gt; laptop');
    expect(page.body).not.toContain('<b>Bold</b>');
    for (const label of ['Pay', 'Fail', 'Cancel']) expect(page.body).toContain(`>${label}</button>`);
  });

  it('shows the hosted page in the language the site passes, else the browser’s; a bad language is a 400', async () => {
    const productId = await addProduct(ctx.app, seller, { price: 89500 });
    const started = await initPayment(buyer, { payData: { _id: productId }, language: 'bn' });
    expect(started.statusCode).toBe(200);
    const url = new URL(started.json() as string);
    expect(url.searchParams.get('lang')).toBe('bn');
    const sig = url.searchParams.get('sig');
    const bangla = await ctx.app.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
    });
    expect(bangla.body).toContain('<html lang="bn">');
    for (const label of ['দাম দিন', 'ব্যর্থ করুন', 'বাতিল']) expect(bangla.body).toContain(`>${label}</button>`);
    expect(bangla.body).toContain('৳৮৯,৫০০');

    const byBrowser = await ctx.app.inject({
      method: 'GET',
      url: `${url.pathname}?sig=${sig}`,
      headers: { 'accept-language': 'bn-BD,bn;q=0.9' },
    });
    expect(byBrowser.body).toContain('<html lang="bn">');

    const bad = await initPayment(buyer, { payData: { _id: productId }, language: 'fr' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/language/);
    const badPage = await ctx.app.inject({
      method: 'GET',
      url: `${url.pathname}?sig=${sig}&lang=xx`,
    });
    expect(badPage.statusCode).toBe(400);
  });

  it('Pay confirms through a signed callback: redirect to success, product sold, booking paid; repeats change nothing', async () => {
    const productId = await addProduct(ctx.app, seller, { price: 500 });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/bookings',
      headers: bearer(buyer),
      payload: { productId, phone: '01711222333', place: 'Dhanmondi' },
    });
    const started = await startPayment(ctx.app, buyer, productId);
    const { transactionId } = started;
    const paid = await submitSandbox(started, 'paid');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(
      `http://localhost:3999/payment/success?transactionId=${transactionId}`,
    );

    expect((await result(transactionId, buyer)).json().result).toMatchObject({
      status: 'paid',
      paymentType: true,
    });
    expect((await result(transactionId, admin)).statusCode).toBe(200);
    expect((await result(transactionId, otherBuyer)).statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/v1/details/${productId}` })).json(),
    ).toMatchObject({
      status: 'sold',
    });
    const bookings = (
      await ctx.app.inject({ method: 'GET', url: '/api/v1/bookings', headers: bearer(buyer) })
    ).json() as { productId: string; paid: boolean }[];
    expect(bookings.find((b) => b.productId === productId)).toMatchObject({ paid: true });
    // The seller's My Buyers: the buyer booked, then paid, so it is one row, the paid booking; the
    // payments filter shows the payment itself.
    const myBuyers = async (query: string) =>
      (
        await ctx.app.inject({ method: 'GET', url: `/api/v1/my-buyers${query}`, headers: bearer(seller) })
      ).json() as { kind: string; productId: string }[];
    const rows = (await myBuyers('')).filter((r) => r.productId === productId);
    expect(rows).toEqual([expect.objectContaining({ kind: 'booking', paid: true })]);
    expect(await myBuyers('?kind=payment')).toContainEqual(
      expect.objectContaining({ kind: 'payment', productId, paid: true }),
    );

    // The settled page offers no buttons; a stale form submitted again (Fail after Pay) changes nothing.
    const settled = await openSandboxPage(ctx.app, started);
    expect(settled.statusCode).toBe(200);
    expect(settled.body).not.toContain('<form');
    const again = await submitSandbox(started, 'failed', gateway().pageToken(transactionId));
    expect(again.headers.location).toContain('/payment/success');
    expect((await result(transactionId, buyer)).json().result.status).toBe('paid');

    // Sold: cannot be booked or paid again.
    const book = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/bookings',
      headers: bearer(otherBuyer),
      payload: { productId, phone: '01711222333', place: 'x' },
    });
    expect(book.statusCode).toBe(409);
    expect(book.json()).toMatchObject({ error: 'product_sold' });
    const pay = await initPayment(otherBuyer, { _id: productId });
    expect(pay.statusCode).toBe(409);
  });

  it('refuses forged, tampered, replayed and stale callbacks', async () => {
    const productId = await addProduct(ctx.app, seller, { price: 300 });
    const { transactionId } = await startPayment(ctx.app, buyer, productId);
    const callback = (payload: object) =>
      ctx.app.inject({ method: 'POST', url: '/api/v1/payment/callback', payload });

    const forged = new SandboxGateway('not-the-secret', ctx.config.publicApiUrl).signCallback(
      transactionId,
      'paid',
      30000,
    );
    expect((await callback(forged)).statusCode).toBe(401);

    const genuine = gateway().signCallback(transactionId, 'paid', 30000);
    expect((await callback({ ...genuine, amountCents: 1 })).statusCode).toBe(401);
    const stale = gateway().signCallback(transactionId, 'paid', 30000, Date.now() - 60 * 60 * 1000);
    expect((await callback(stale)).json()).toMatchObject({ error: 'callback_expired' });
    const wrongAmount = gateway().signCallback(transactionId, 'paid', 100);
    expect((await callback(wrongAmount)).json()).toMatchObject({ error: 'amount_mismatch' });
    expect((await result(transactionId, buyer)).json().result.status).toBe('pending');

    const ok = await callback(genuine);
    expect(ok.json()).toEqual({ acknowledged: true, status: 'paid' });
    const replay = await callback(genuine);
    expect(replay.statusCode).toBe(409);
    const cancelAfter = await callback(gateway().signCallback(transactionId, 'cancelled', 30000));
    expect(cancelAfter.statusCode).toBe(409);
    expect((await result(transactionId, buyer)).json().result.status).toBe('paid');
  });

  it('Fail and Cancel redirect to the spec’s pages and leave the product on sale', async () => {
    const productId = await addProduct(ctx.app, seller);
    const a = await startPayment(ctx.app, buyer, productId);
    expect((await submitSandbox(a, 'failed')).headers.location).toBe('http://localhost:3999/payment/fail');
    const b = await startPayment(ctx.app, buyer, productId);
    expect((await submitSandbox(b, 'cancelled')).headers.location).toBe('http://localhost:3999/cancel');
    expect((await result(b.transactionId, buyer)).json().result.status).toBe('cancelled');
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/details/${productId}` })).json().status).toBe(
      'available',
    );
  });

  it('fails a payment whose product was sold to someone else or withdrawn meanwhile', async () => {
    const productId = await addProduct(ctx.app, seller);
    const mine = await startPayment(ctx.app, buyer, productId);
    const theirs = await startPayment(ctx.app, otherBuyer, productId);
    expect((await submitSandbox(theirs, 'paid')).headers.location).toContain('/payment/success');
    expect((await submitSandbox(mine, 'paid')).headers.location).toBe('http://localhost:3999/payment/fail');
    expect((await result(mine.transactionId, buyer)).json().result.status).toBe('failed');

    const withdrawn = await addProduct(ctx.app, seller);
    const pending = await startPayment(ctx.app, buyer, withdrawn);
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/add-products/${withdrawn}`,
      headers: bearer(seller),
    });
    expect((await submitSandbox(pending, 'paid')).headers.location).toContain('/payment/fail');
  });

  it('refuses a sandbox form without the page token and unknown transactions', async () => {
    const productId = await addProduct(ctx.app, seller);
    const { transactionId } = await startPayment(ctx.app, buyer, productId);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/payment/sandbox/${transactionId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=paid&pageToken=' + 'a'.repeat(64),
    });
    expect(res.statusCode).toBe(403);
    expect((await result(transactionId, buyer)).json().result.status).toBe('pending');
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/payment/sandbox/99999999' })).statusCode,
    ).toBe(404);
    expect((await result(100_000_000, admin)).statusCode).toBe(404);
    expect((await result(100_000_001 as number, admin)).statusCode).toBe(400);
  });

  it('opens the sandbox page only through the signed link /payment/init gave: a guessed id or a wrong sig is a 404', async () => {
    const productId = await addProduct(ctx.app, seller, { price: 750 });
    const started = await startPayment(ctx.app, buyer, productId);
    const other = await startPayment(ctx.app, otherBuyer, await addProduct(ctx.app, seller, { price: 751 }));
    const { transactionId } = started;
    const sig = new URL(started.url).searchParams.get('sig')!;
    const open = (query: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/v1/payment/sandbox/${transactionId}${query}` });

    // The real link shows the page.
    const real = await openSandboxPage(ctx.app, started);
    expect(real.statusCode).toBe(200);
    expect(real.body).toContain('৳750');

    // Whatever is wrong, the answer is an unknown payment's, word for word.
    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/v1/payment/sandbox/99999998' });
    expect(unknown.statusCode).toBe(404);
    const unknownBody = unknown.json() as { error: string; message: string };
    expect(unknownBody.error).toBe('payment_not_found');
    const otherSig = new URL(other.url).searchParams.get('sig')!;
    const forged = {
      'a guessed id (no sig)': '',
      'an empty sig': '?sig=',
      'a wrong sig': `?sig=${'0'.repeat(64)}`,
      'another payment’s sig': `?sig=${otherSig}`,
      'a sig made with another secret': `?sig=${new SandboxGateway('not-the-secret', ctx.config.publicApiUrl).linkSignature(transactionId, 75_000)}`,
      'the sig of another amount': `?sig=${gateway().linkSignature(transactionId, 100)}`,
      'a truncated sig': `?sig=${sig.slice(0, 63)}`,
      'not hex': `?sig=${'z'.repeat(64)}`,
      'the sig in capitals': `?lang=en&sig=${sig.toUpperCase()}`,
    };
    for (const [what, query] of Object.entries(forged)) {
      const res = await open(query);
      expect(res.statusCode, what).toBe(404);
      expect(res.json(), what).toEqual({
        ...unknownBody,
        message: unknownBody.message.replace('99999998', String(transactionId)),
      });
      expect(res.body, what).not.toContain('BDT');
    }
    // A language beside the right sig still opens it.
    expect((await open(`?lang=bn&sig=${sig}`)).statusCode).toBe(200);
    // The page's own form still needs its page token, and the payment is untouched by all of the above.
    expect((await result(transactionId, buyer)).json().result.status).toBe('pending');
    expect((await submitSandbox(started, 'paid')).headers.location).toContain('/payment/success');
  });

  it('uses only the product id of the spec’s payData: an unknown product is 404, a missing id 400', async () => {
    expect((await initPayment(buyer, { _id: 'nope', price: 1 })).statusCode).toBe(404);
    expect((await initPayment(buyer, { productName: 'x', price: 1 })).statusCode).toBe(400);
    expect((await initPayment(buyer, { payData: { productName: 'x' } })).json().message).toMatch(
      /body\.payData\._id/,
    );
    expect((await initPayment(buyer, { payData: { _id: 'nope' } })).statusCode).toBe(404);
    const both = await initPayment(buyer, { payData: { _id: 'nope' }, _id: 'other' });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toMatch(/not both/);
  });

  it("accepts the spec's wrapped body { payData } as well as the flat one", async () => {
    const productId = await addProduct(ctx.app, seller, { price: 700 });
    const wrapped = await initPayment(buyer, {
      payData: { _id: productId, price: 1, productName: 'ignored', paymentType: false },
    });
    expect(wrapped.statusCode).toBe(200);
    expect(wrapped.json()).toMatch(/\/payment\/sandbox\/\d+\?sig=[0-9a-f]{64}$/);
  });

  it('refuses paying for one’s own listing (a seller an admin made a buyer) and starts no payment', async () => {
    const former = await registerActor(ctx.app, 'seller');
    const productId = await addProduct(ctx.app, former, { price: 640, showContact: false });
    await ctx.app.deps.db.execute(sql`update users set role = 'buyer' where id = ${former.id}`);
    const own = await initPayment(former, { _id: productId });
    expect(own.statusCode).toBe(409);
    expect(own.json()).toMatchObject({ error: 'own_listing', message: 'You cannot buy your own listing' });
    expect(await queryRows(ctx, sql`select 1 from payments where product_id = ${productId}`)).toHaveLength(0);
  });
});

describe('the sandbox page’s rate limit', () => {
  // Its own app: a limit of 3 per minute and client address, counted apart for the page and its form.
  let limited: TestContext;
  beforeAll(async () => {
    limited = await startTestApp({ SANDBOX_PAGE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(async () => limited?.close());

  it('answers 429 with Retry-After once an address used up its requests, on the page and on its form', async () => {
    const [limitedSeller, limitedBuyer] = await Promise.all([
      registerActor(limited.app, 'seller'),
      registerActor(limited.app, 'buyer'),
    ]);
    const started = await startPayment(
      limited.app,
      limitedBuyer,
      await addProduct(limited.app, limitedSeller),
    );
    const pages = [];
    for (let i = 0; i < 4; i++) pages.push(await openSandboxPage(limited.app, started));
    expect(pages.map((p) => p.statusCode)).toEqual([200, 200, 200, 429]);
    expect(pages[3]!.json()).toMatchObject({ error: 'too_many_requests' });
    expect(Number(pages[3]!.headers['retry-after'])).toBeGreaterThan(0);
    // Another address still gets the page.
    const elsewhere = await limited.app.inject({
      method: 'GET',
      url: started.pagePath,
      remoteAddress: '198.51.100.7',
    });
    expect(elsewhere.statusCode).toBe(200);

    const post = (remoteAddress?: string) =>
      limited.app.inject({
        method: 'POST',
        url: `/api/v1/payment/sandbox/${started.transactionId}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `outcome=paid&pageToken=${'a'.repeat(64)}`,
        ...(remoteAddress ? { remoteAddress } : {}),
      });
    const posts = [];
    for (let i = 0; i < 4; i++) posts.push((await post()).statusCode);
    expect(posts).toEqual([403, 403, 403, 429]);
  });
});
