import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addProduct,
  bearer,
  registerActor,
  startTestApp,
  type Actor,
  type TestContext,
} from '../../test/harness';
import { SslcommerzGateway } from './sslcommerz-gateway';
import { startSslcommerzStub, type SslcommerzStub } from './sslcommerz-stub';

// The whole API configured with PAYMENT_GATEWAY=sslcommerz, listening on a real port so the stub
// delivers its IPN over HTTP as SSLCommerz would.

const WEB = 'http://localhost:3999';
const SSL_ENV = ['SSLCOMMERZ_STORE_ID', 'SSLCOMMERZ_STORE_PASSWORD', 'SSLCOMMERZ_BASE_URL'] as const;

let ctx: TestContext;
let stub: SslcommerzStub;
let seller: Actor;
let buyer: Actor;
let apiUrl: string;
const savedEnv: Partial<Record<(typeof SSL_ENV)[number], string>> = {};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  stub = await startSslcommerzStub();
  for (const key of SSL_ENV) savedEnv[key] = process.env[key];
  process.env.SSLCOMMERZ_STORE_ID = stub.storeId;
  process.env.SSLCOMMERZ_STORE_PASSWORD = stub.storePassword;
  process.env.SSLCOMMERZ_BASE_URL = stub.url;
  const port = await freePort();
  apiUrl = `http://127.0.0.1:${port}/api/v1`;
  ctx = await startTestApp({ PAYMENT_GATEWAY: 'sslcommerz', PUBLIC_API_URL: apiUrl, WEB_ORIGIN: WEB });
  await ctx.app.listen({ port, host: '127.0.0.1' });
  [seller, buyer] = await Promise.all([registerActor(ctx.app, 'seller'), registerActor(ctx.app, 'buyer')]);
});

afterAll(async () => {
  await ctx?.close();
  await stub?.close();
  for (const key of SSL_ENV) {
    if (savedEnv[key] === undefined) delete process.env[key];
    else process.env[key] = savedEnv[key];
  }
});

const receipt = (transactionId: string, actor: Actor) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/v1/get-data-transactionId/${transactionId}`,
    headers: bearer(actor),
  });

describe('the API with PAYMENT_GATEWAY=sslcommerz', () => {
  it('pays through SSLCommerz: init → hosted page → IPN → browser return → receipt, amount from the database', async () => {
    expect(ctx.app.deps.gateway).toBeInstanceOf(SslcommerzGateway);
    const productId = await addProduct(ctx.app, seller, { price: 555.25 });
    const init = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payment/init',
      headers: bearer(buyer),
      payload: { _id: productId, price: 1, transactionId: 12, paymentType: true },
    });
    expect(init.statusCode).toBe(200);
    const gatewayUrl = init.json() as string;
    expect(gatewayUrl.startsWith(`${stub.url}/gwprocess/v4/gw.php`)).toBe(true);
    const sessionKey = new URL(gatewayUrl).searchParams.get('SESSIONKEY') ?? '';
    const session = stub.sessions.get(sessionKey);
    expect(session).toMatchObject({
      amount: '555.25',
      currency: 'BDT',
      ipnUrl: `${apiUrl}/payment/callback`,
    });
    const transactionId = session?.tranId ?? '';

    // The hosted page shows the database amount.
    expect(await (await fetch(gatewayUrl)).text()).toContain('555.25 BDT');

    const { fields, ipnStatus, returnUrl } = await stub.complete(sessionKey, 'paid');
    expect(ipnStatus).toBe(200);
    expect((await receipt(transactionId, buyer)).json().result).toMatchObject({
      status: 'paid',
      price: 555.25,
      gateway: 'sslcommerz',
    });

    // The browser comes back after the IPN: nothing left to apply, sent to the receipt.
    expect(returnUrl).toBe(`${apiUrl}/payment/sslcommerz/success`);
    const back = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payment/sslcommerz/success',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`${WEB}/payment/success?transactionId=${transactionId}`);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/v1/details/${productId}` })).json(),
    ).toMatchObject({
      status: 'sold',
    });
  });

  it('refuses a forged IPN and keeps the sandbox page switched off', async () => {
    const productId = await addProduct(ctx.app, seller, { price: 80 });
    const init = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payment/init',
      headers: bearer(buyer),
      payload: { _id: productId },
    });
    const sessionKey = new URL(init.json() as string).searchParams.get('SESSIONKEY') ?? '';
    const transactionId = stub.sessions.get(sessionKey)?.tranId ?? '';

    const forged = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payment/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        tran_id: transactionId,
        status: 'VALID',
        val_id: 'FORGED42',
        amount: '80.00',
      }).toString(),
    });
    expect(forged.statusCode).toBe(401);
    expect((await receipt(transactionId, buyer)).json().result).toMatchObject({
      status: 'pending',
      paymentType: false,
    });

    const sandbox = await ctx.app.inject({ method: 'GET', url: `/api/v1/payment/sandbox/${transactionId}` });
    expect(sandbox.statusCode).toBe(404);
  });
});
