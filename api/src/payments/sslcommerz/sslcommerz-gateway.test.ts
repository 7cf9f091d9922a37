import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/index';
import { payments, products, users } from '../../db/schema/index';
import { HttpError } from '../../lib/errors';
import { applyGatewayEvent, startPayment } from '../../modules/payments/payments.service';
import { addProduct, registerActor, startTestApp, type Actor, type TestContext } from '../../test/harness';
import { sslcommerzReturnRoutes } from './return-routes';
import { SslcommerzGateway, sslcommerzOptionsFromEnv } from './sslcommerz-gateway';
import { startSslcommerzStub, type SslcommerzStub } from './sslcommerz-stub';

const PUBLIC_API = 'http://localhost:4999/api/v1';
const WEB = 'http://localhost:3999';

let ctx: TestContext;
let stub: SslcommerzStub;
let gateway: SslcommerzGateway;
let db: Database;
let seller: Actor;
let buyer: Actor;

beforeAll(async () => {
  [ctx, stub] = await Promise.all([startTestApp(), startSslcommerzStub()]);
  db = ctx.database.db;
  gateway = new SslcommerzGateway({
    storeId: stub.storeId,
    storePassword: stub.storePassword,
    baseUrl: stub.url,
    publicApiUrl: PUBLIC_API,
  });
  [seller, buyer] = await Promise.all([
    registerActor(ctx.app, 'seller'),
    registerActor(ctx.app, 'buyer', 'Sara Buyer'),
  ]);
});
afterAll(async () => {
  await stub?.close();
  await ctx?.close();
});

async function buyerRow() {
  const [row] = await db.select().from(users).where(eq(users.id, buyer.id)).limit(1);
  if (!row) throw new Error('buyer row missing');
  return row;
}

/** A new listing and a payment for it started through SSLCommerz (the stub). */
async function startSslPayment(price: number) {
  const productId = await addProduct(ctx.app, seller, { price });
  const { transactionId, redirectUrl } = await startPayment(db, gateway, await buyerRow(), productId, 'BDT');
  const sessionKey = new URL(redirectUrl).searchParams.get('SESSIONKEY') ?? '';
  return { productId, transactionId, redirectUrl, sessionKey };
}

async function state(transactionId: number, productId: string) {
  const [payment] = await db.select().from(payments).where(eq(payments.transactionId, transactionId));
  const [product] = await db
    .select({ status: products.status })
    .from(products)
    .where(eq(products.id, productId));
  return { payment: payment?.status, product: product?.status };
}

async function returnApp() {
  const app = Fastify({ logger: false });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  await app.register(sslcommerzReturnRoutes, { db, gateway, webOrigin: WEB, lifecycle: ctx.app.deps });
  return app;
}

const postForm = (app: Awaited<ReturnType<typeof returnApp>>, url: string, fields: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof HttpError ? { status: error.statusCode, code: error.code } : error),
  );

describe('SSLCommerz gateway (against a local stub of its HTTP API)', () => {
  it('opens a session for the database amount and answers its GatewayPageURL', async () => {
    const { transactionId, redirectUrl, sessionKey } = await startSslPayment(640);
    expect(redirectUrl).toBe(`${stub.url}/gwprocess/v4/gw.php?Q=pay&SESSIONKEY=${sessionKey}`);
    const session = stub.requests.filter((r) => r.path === '/gwprocess/v4/api.php').at(-1)?.fields;
    expect(session).toMatchObject({
      store_id: stub.storeId,
      store_passwd: stub.storePassword,
      total_amount: '640.00',
      currency: 'BDT',
      tran_id: String(transactionId),
      success_url: `${PUBLIC_API}/payment/sslcommerz/success`,
      fail_url: `${PUBLIC_API}/payment/sslcommerz/fail`,
      cancel_url: `${PUBLIC_API}/payment/sslcommerz/cancel`,
      ipn_url: `${PUBLIC_API}/payment/callback`,
      cus_email: buyer.email,
      cus_name: 'Sara Buyer',
    });
    const [row] = await db.select().from(payments).where(eq(payments.transactionId, transactionId));
    expect(row).toMatchObject({ gateway: 'sslcommerz', gatewayReference: sessionKey, amountCents: 64000 });
  });

  it('marks a payment paid only after the validation API confirms it, exactly once', async () => {
    const { productId, transactionId, sessionKey } = await startSslPayment(415.5);
    const { fields } = await stub.complete(sessionKey, 'paid', { deliverIpn: false });

    const event = await gateway.verifyCallback(fields);
    expect(event).toMatchObject({
      transactionId,
      outcome: 'paid',
      amountCents: 41550,
      reference: fields.val_id,
    });
    expect(stub.requests.at(-1)).toMatchObject({
      path: '/validator/api/validationserverAPI.php',
      fields: { val_id: fields.val_id, store_id: stub.storeId, store_passwd: stub.storePassword },
    });
    await applyGatewayEvent(db, event, ctx.app.deps);
    expect(await state(transactionId, productId)).toEqual({ payment: 'paid', product: 'sold' });

    // The IPN arriving after the browser (or twice) changes nothing.
    const replay = await rejection(applyGatewayEvent(db, await gateway.verifyCallback(fields), ctx.app.deps));
    expect(replay).toEqual({ status: 409, code: 'already_processed' });
    expect(await state(transactionId, productId)).toEqual({ payment: 'paid', product: 'sold' });
  });

  it('refuses forged IPNs: unknown val_id, val_id of another payment, claimed status without proof', async () => {
    const { productId, transactionId, sessionKey } = await startSslPayment(300);
    const other = await startSslPayment(20);
    const { fields: otherPaid } = await stub.complete(other.sessionKey, 'paid', { deliverIpn: false });

    const forged = { tran_id: String(transactionId), status: 'VALID', amount: '300.00', val_id: 'FORGED123' };
    expect(await rejection(gateway.verifyCallback(forged))).toEqual({ status: 401, code: 'invalid_payment' });
    expect(
      await rejection(gateway.verifyCallback({ ...forged, val_id: otherPaid.val_id as string })),
    ).toEqual({ status: 401, code: 'invalid_payment' });
    // "status=VALID" without a val_id: SSLCommerz is asked and has nothing final for it.
    expect(
      await rejection(gateway.verifyCallback({ tran_id: String(transactionId), status: 'VALID' })),
    ).toEqual({
      status: 409,
      code: 'payment_not_final',
    });
    expect(await rejection(gateway.verifyCallback({ tran_id: '<script>' }))).toEqual({
      status: 400,
      code: 'validation_error',
    });
    expect(await state(transactionId, productId)).toEqual({ payment: 'pending', product: 'available' });
    expect(stub.sessions.get(sessionKey)?.status).toBe('PENDING');
  });

  it('refuses an amount that differs from the payment and holds risky payments', async () => {
    const tampered = await startSslPayment(999);
    const session = stub.sessions.get(tampered.sessionKey);
    if (session) session.amount = '10.00'; // as if the session had been opened for less
    const { fields } = await stub.complete(tampered.sessionKey, 'paid', { deliverIpn: false });
    expect(
      await rejection(applyGatewayEvent(db, await gateway.verifyCallback(fields), ctx.app.deps)),
    ).toEqual({
      status: 400,
      code: 'amount_mismatch',
    });
    expect(await state(tampered.transactionId, tampered.productId)).toEqual({
      payment: 'pending',
      product: 'available',
    });

    const risky = await startSslPayment(250);
    const riskySession = stub.sessions.get(risky.sessionKey);
    if (riskySession) riskySession.riskLevel = '1';
    const { fields: riskyFields } = await stub.complete(risky.sessionKey, 'paid', { deliverIpn: false });
    expect(await rejection(gateway.verifyCallback(riskyFields))).toEqual({
      status: 409,
      code: 'payment_on_hold',
    });
  });

  it('browser returns: success → receipt, fail → /payment/fail, cancel → /cancel, each checked with SSLCommerz', async () => {
    const app = await returnApp();
    try {
      const paid = await startSslPayment(120);
      const { fields: paidFields } = await stub.complete(paid.sessionKey, 'paid', { deliverIpn: false });
      const success = await postForm(app, '/payment/sslcommerz/success', paidFields);
      expect(success.statusCode).toBe(303);
      expect(success.headers.location).toBe(`${WEB}/payment/success?transactionId=${paid.transactionId}`);
      expect(await state(paid.transactionId, paid.productId)).toEqual({ payment: 'paid', product: 'sold' });
      const reload = await postForm(app, '/payment/sslcommerz/success', paidFields);
      expect(reload.headers.location).toBe(success.headers.location);

      const failed = await startSslPayment(130);
      const { fields: failFields } = await stub.complete(failed.sessionKey, 'failed', { deliverIpn: false });
      const fail = await postForm(app, '/payment/sslcommerz/fail', failFields);
      expect(fail.headers.location).toBe(`${WEB}/payment/fail`);
      expect(await state(failed.transactionId, failed.productId)).toEqual({
        payment: 'failed',
        product: 'available',
      });

      const cancelled = await startSslPayment(140);
      const { fields: cancelFields } = await stub.complete(cancelled.sessionKey, 'cancelled', {
        deliverIpn: false,
      });
      const cancel = await postForm(app, '/payment/sslcommerz/cancel', cancelFields);
      expect(cancel.headers.location).toBe(`${WEB}/cancel`);
      expect((await state(cancelled.transactionId, cancelled.productId)).payment).toBe('cancelled');

      // A forged "success" for an unpaid payment: pending stays pending (the receipt page says so),
      // and a forged "fail" cannot fail someone else's payment either.
      const victim = await startSslPayment(150);
      const forgedSuccess = await postForm(app, '/payment/sslcommerz/success', {
        tran_id: String(victim.transactionId),
        status: 'VALID',
        val_id: 'FORGED999',
        amount: '1.00',
      });
      expect(forgedSuccess.headers.location).toBe(
        `${WEB}/payment/success?transactionId=${victim.transactionId}`,
      );
      const forgedFail = await postForm(app, '/payment/sslcommerz/fail', {
        tran_id: String(victim.transactionId),
        status: 'FAILED',
      });
      expect(forgedFail.headers.location).toBe(`${WEB}/payment/fail`);
      expect(await state(victim.transactionId, victim.productId)).toEqual({
        payment: 'pending',
        product: 'available',
      });
    } finally {
      await app.close();
    }
  });

  it('the IPN reaches the shared /payment/callback shape: a form post with tran_id and val_id', async () => {
    const { transactionId, sessionKey } = await startSslPayment(210);
    const { fields } = await stub.complete(sessionKey, 'paid', { deliverIpn: false });
    // What modules/payments/payments.routes.ts hands to verifyCallback: the parsed urlencoded body, as is.
    const event = await gateway.verifyCallback({ ...fields, extra: 'ignored' });
    expect(event).toMatchObject({ transactionId, outcome: 'paid', amountCents: 21000 });
  });

  it('fails closed when SSLCommerz refuses the store or cannot be reached', async () => {
    const productId = await addProduct(ctx.app, seller, { price: 100 });
    const wrongPassword = new SslcommerzGateway({
      storeId: stub.storeId,
      storePassword: 'wrong',
      baseUrl: stub.url,
      publicApiUrl: PUBLIC_API,
    });
    expect(await rejection(startPayment(db, wrongPassword, await buyerRow(), productId, 'BDT'))).toEqual({
      status: 502,
      code: 'gateway_error',
    });
    const unreachable = new SslcommerzGateway({
      storeId: 'x',
      storePassword: 'y',
      baseUrl: 'http://127.0.0.1:9',
      publicApiUrl: PUBLIC_API,
      timeoutMs: 2000,
    });
    expect(await rejection(unreachable.verifyCallback({ tran_id: '5', val_id: 'ABC' }))).toEqual({
      status: 502,
      code: 'gateway_error',
    });
  });

  it('is configured from the environment and refuses to start without credentials', () => {
    expect(() => sslcommerzOptionsFromEnv({}, PUBLIC_API)).toThrow(/SSLCOMMERZ_STORE_ID/);
    expect(
      sslcommerzOptionsFromEnv({ SSLCOMMERZ_STORE_ID: 'store', SSLCOMMERZ_STORE_PASSWORD: 'pw' }, PUBLIC_API),
    ).toMatchObject({ storeId: 'store', storePassword: 'pw', baseUrl: 'https://sandbox.sslcommerz.com' });
  });
});
