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
      // The bank's id of the money movement, from the validation API's answer: refunds go by it.
      paymentReference: fields.bank_tran_id,
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

/** A payment paid on the stub's page (no IPN) and confirmed through the validation API. */
async function paidPayment(price: number) {
  const started = await startSslPayment(price);
  const { fields } = await stub.complete(started.sessionKey, 'paid', { deliverIpn: false });
  const event = await gateway.verifyCallback(fields);
  return { ...started, event, bankTranId: event.paymentReference ?? '' };
}

/** The gateway with another fetch: SSLCommerz answering 5xx, or a connection that fails. */
const gatewayWithFetch = (fetchImpl: typeof fetch) =>
  new SslcommerzGateway({
    storeId: stub.storeId,
    storePassword: stub.storePassword,
    baseUrl: stub.url,
    publicApiUrl: PUBLIC_API,
    fetch: fetchImpl,
  });

const refundCalls = () =>
  stub.requests.filter(
    (r) => r.path === '/validator/api/merchantTransIDvalidationAPI.php' && r.fields.refe_id !== undefined,
  );

describe('SSLCommerz refunds (initiation API, then the status query polled until final)', () => {
  it('refunds by bank_tran_id with our refund id as refe_id: pending, processing at the first poll, then done', async () => {
    const { bankTranId, transactionId } = await paidPayment(300);
    expect(bankTranId).toMatch(/^BT/);

    const answer = await gateway.refund({
      refundId: 'refund-happy-1',
      transactionId,
      paymentReference: bankTranId,
      amountCents: 12_550,
      reason: 'Seller never handed the laptop over',
    });
    expect(answer).toEqual({ reference: expect.stringMatching(/^RR[0-9A-F]{16}$/), status: 'pending' });
    expect(refundCalls().at(-1)?.fields).toEqual({
      bank_tran_id: bankTranId,
      refund_amount: '125.50',
      refund_remarks: 'Seller never handed the laptop over',
      refe_id: 'refund-happy-1',
      store_id: stub.storeId,
      store_passwd: stub.storePassword,
      v: '1',
      format: 'json',
    });

    expect(await gateway.refundStatus(answer.reference)).toBe('pending');
    expect(await gateway.refundStatus(answer.reference)).toBe('done');
    expect(stub.requests.at(-1)?.fields).toMatchObject({
      refund_ref_id: answer.reference,
      store_id: stub.storeId,
      store_passwd: stub.storePassword,
      format: 'json',
    });
  });

  it('is idempotent by refe_id: a retried request answers the same refund and refunds once', async () => {
    const { bankTranId, transactionId } = await paidPayment(200);
    const input = {
      refundId: 'refund-retried-1',
      transactionId,
      paymentReference: bankTranId,
      amountCents: 20_000,
      reason: 'Order cancelled',
    };
    const first = await gateway.refund(input);
    const retry = await gateway.refund(input);
    expect(retry).toEqual(first);
    expect([...stub.refunds.values()].filter((r) => r.bankTranId === bankTranId)).toHaveLength(1);
    // The whole amount is refunded once: a second refund of it (another refund id) is refused.
    expect(await gateway.refund({ ...input, refundId: 'refund-retried-2', amountCents: 100 })).toEqual({
      reference: 'sslcommerz-refused-refund-retried-2',
      status: 'failed',
    });
  });

  it('answers failed, without throwing, when SSLCommerz refuses the refund; its status stays failed', async () => {
    const { bankTranId, transactionId } = await paidPayment(100);
    const tooMuch = await gateway.refund({
      refundId: 'refund-too-much',
      transactionId,
      paymentReference: bankTranId,
      amountCents: 10_001,
      reason: 'More than was paid',
    });
    expect(tooMuch).toEqual({ reference: 'sslcommerz-refused-refund-too-much', status: 'failed' });

    const unknown = await gateway.refund({
      refundId: 'refund-unknown-payment',
      transactionId,
      paymentReference: 'BT-NOT-A-PAYMENT',
      amountCents: 1_000,
      reason: 'Unknown payment',
    });
    expect(unknown.status).toBe('failed');

    // A refused refund has nothing to poll at SSLCommerz: it is failed without asking.
    const asked = stub.requests.length;
    expect(await gateway.refundStatus(tooMuch.reference)).toBe('failed');
    expect(stub.requests.length).toBe(asked);

    // A refund SSLCommerz accepted and later gave up on is failed once polled.
    const accepted = await gateway.refund({
      refundId: 'refund-cancelled-later',
      transactionId,
      paymentReference: bankTranId,
      amountCents: 5_000,
      reason: 'Partial refund',
    });
    const stubRefund = stub.refunds.get('refund-cancelled-later');
    if (stubRefund) stubRefund.outcome = 'cancelled';
    expect(await gateway.refundStatus(accepted.reference)).toBe('pending');
    expect(await gateway.refundStatus(accepted.reference)).toBe('failed');
  });

  it('throws when the answer is unknown (unreachable, 5xx, store credentials refused), so the caller retries', async () => {
    const { bankTranId, transactionId } = await paidPayment(150);
    const input = {
      refundId: 'refund-network',
      transactionId,
      paymentReference: bankTranId,
      amountCents: 15_000,
      reason: 'Retried later',
    };
    const unreachable = gatewayWithFetch(() => Promise.reject(new TypeError('fetch failed')));
    const down = gatewayWithFetch(() => Promise.resolve(new Response('Bad gateway', { status: 503 })));
    const wrongStore = new SslcommerzGateway({
      storeId: stub.storeId,
      storePassword: 'wrong',
      baseUrl: stub.url,
      publicApiUrl: PUBLIC_API,
    });
    for (const g of [unreachable, down, wrongStore]) {
      expect(await rejection(g.refund(input))).toEqual({ status: 502, code: 'gateway_error' });
      expect(await rejection(g.refundStatus('RR0000000000000000'))).toEqual({
        status: 502,
        code: 'gateway_error',
      });
    }
    expect(stub.refunds.has('refund-network')).toBe(false);
    // A refund_ref_id SSLCommerz does not know is not a final answer either.
    expect(await rejection(gateway.refundStatus('RR-UNKNOWN'))).toEqual({
      status: 502,
      code: 'gateway_error',
    });

    // The retry, once SSLCommerz answers, goes through.
    expect((await gateway.refund(input)).status).toBe('pending');
  });
});

describe('SSLCommerz payment query (the reconciliation of payments still pending)', () => {
  it('answers a paid payment only once the validation API confirms it, with the bank_tran_id', async () => {
    const { transactionId, sessionKey } = await startSslPayment(480);
    const { fields } = await stub.complete(sessionKey, 'paid', { deliverIpn: false });
    const event = await gateway.queryPayment(transactionId, 48_000);
    expect(event).toEqual({
      transactionId,
      outcome: 'paid',
      amountCents: 48_000,
      reference: fields.val_id,
      paymentReference: fields.bank_tran_id,
    });
    expect(stub.requests.at(-1)).toMatchObject({
      path: '/validator/api/validationserverAPI.php',
      fields: { val_id: fields.val_id },
    });
  });

  it('answers failed and cancelled payments (UNATTEMPTED counts as cancelled)', async () => {
    const failed = await startSslPayment(90);
    await stub.complete(failed.sessionKey, 'failed', { deliverIpn: false });
    expect(await gateway.queryPayment(failed.transactionId, 9_000)).toMatchObject({
      transactionId: failed.transactionId,
      outcome: 'failed',
      amountCents: 9_000,
    });

    const cancelled = await startSslPayment(95);
    await stub.complete(cancelled.sessionKey, 'cancelled', { deliverIpn: false });
    expect(await gateway.queryPayment(cancelled.transactionId, 9_500)).toMatchObject({
      outcome: 'cancelled',
      amountCents: 9_500,
    });

    const abandoned = await startSslPayment(97);
    const session = stub.sessions.get(abandoned.sessionKey);
    if (session) session.status = 'UNATTEMPTED';
    expect(await gateway.queryPayment(abandoned.transactionId, 9_700)).toMatchObject({
      outcome: 'cancelled',
    });
  });

  it('answers null when SSLCommerz knows nothing final: no such transaction, or still pending', async () => {
    expect(await gateway.queryPayment(99_999_999, 1_000)).toBeNull();
    const pending = await startSslPayment(110);
    expect(await gateway.queryPayment(pending.transactionId, 11_000)).toBeNull();
  });

  it('throws instead of answering when the payment is held for review or SSLCommerz is unreachable', async () => {
    const risky = await startSslPayment(260);
    const session = stub.sessions.get(risky.sessionKey);
    if (session) session.riskLevel = '1';
    await stub.complete(risky.sessionKey, 'paid', { deliverIpn: false });
    expect(await rejection(gateway.queryPayment(risky.transactionId, 26_000))).toEqual({
      status: 409,
      code: 'payment_on_hold',
    });
    const unreachable = gatewayWithFetch(() => Promise.reject(new TypeError('fetch failed')));
    expect(await rejection(unreachable.queryPayment(risky.transactionId, 26_000))).toEqual({
      status: 502,
      code: 'gateway_error',
    });
  });

  it('refuses a validation whose amount or currency is not the order’s', async () => {
    const { transactionId, sessionKey } = await startSslPayment(700);
    await stub.complete(sessionKey, 'paid', { deliverIpn: false });
    expect(await rejection(gateway.queryPayment(transactionId, 70_001))).toEqual({
      status: 400,
      code: 'amount_mismatch',
    });
    const failed = await startSslPayment(710);
    await stub.complete(failed.sessionKey, 'failed', { deliverIpn: false });
    expect(await rejection(gateway.queryPayment(failed.transactionId, 1_000))).toEqual({
      status: 400,
      code: 'amount_mismatch',
    });

    // Paid in another currency than the one sessions are opened in: not our payment.
    const dollars = await startSslPayment(720);
    const session = stub.sessions.get(dollars.sessionKey);
    if (session) session.currency = 'USD';
    const { fields } = await stub.complete(dollars.sessionKey, 'paid', { deliverIpn: false });
    expect(await rejection(gateway.verifyCallback(fields))).toEqual({ status: 401, code: 'invalid_payment' });
    expect(await rejection(gateway.queryPayment(dollars.transactionId, 72_000))).toEqual({
      status: 401,
      code: 'invalid_payment',
    });
    // The same BDT payment is refused by a gateway configured for another currency.
    const { fields: bdt } = await stub.complete(sessionKey, 'paid', { deliverIpn: false });
    const inUsd = new SslcommerzGateway({
      storeId: stub.storeId,
      storePassword: stub.storePassword,
      baseUrl: stub.url,
      publicApiUrl: PUBLIC_API,
      currency: 'USD',
    });
    expect(await rejection(inUsd.verifyCallback(bdt))).toEqual({ status: 401, code: 'invalid_payment' });
  });
});
