import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addProduct,
  registerActor,
  startPayment,
  startTestApp,
  type Actor,
  type TestContext,
} from '../test/harness';

// docs/decisions/0028-secure-by-default.md: every answer of the API carries the security headers,
// whichever part of it answers (a route, the catalogue cache, access control, 404, static images).
let ctx: TestContext;
let seller: Actor;
let buyer: Actor;
beforeAll(async () => {
  ctx = await startTestApp();
  [seller, buyer] = await Promise.all([registerActor(ctx.app, 'seller'), registerActor(ctx.app, 'buyer')]);
});
afterAll(async () => ctx?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });

function expectApiHeaders(headers: Record<string, unknown>) {
  expect(headers['content-security-policy']).toBe(
    "default-src 'none';frame-ancestors 'none';base-uri 'none';form-action 'none'",
  );
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(headers['cross-origin-resource-policy']).toBe('cross-origin');
  expect(headers['permissions-policy']).toBe('camera=(), microphone=(), geolocation=(), payment=(), usb=()');
  expect(headers['x-powered-by']).toBeUndefined();
  // Plain http (the tests, npm start): no HSTS.
  expect(headers['strict-transport-security']).toBeUndefined();
}

describe('security headers of the API', () => {
  it('on JSON, a cached catalogue answer, a 401, a 400, a 404 and a CORS preflight', async () => {
    const first = await get('/api/v1/category');
    expect(first.statusCode).toBe(200);
    expectApiHeaders(first.headers);
    const cached = await get('/api/v1/category', { 'if-none-match': String(first.headers.etag) });
    expect(cached.statusCode).toBe(304);
    expectApiHeaders(cached.headers);
    const again = await get('/api/v1/category');
    expect(again.statusCode).toBe(200);
    expectApiHeaders(again.headers);

    const unauthorized = await get('/api/v1/bookings?email=a@b.test');
    expect(unauthorized.statusCode).toBe(401);
    expectApiHeaders(unauthorized.headers);
    const invalid = await get('/api/v1/details/not-an-id');
    expect(invalid.statusCode).toBeGreaterThanOrEqual(400);
    expectApiHeaders(invalid.headers);
    const missing = await get('/api/v1/no-such-route');
    expect(missing.statusCode).toBe(404);
    expectApiHeaders(missing.headers);

    const preflight = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/bookings',
      headers: { origin: 'http://localhost:3999', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expectApiHeaders(preflight.headers);
  });

  it('on a stored image (cross-origin resource policy: the site and the remotes show it)', async () => {
    const product = (await get('/api/v1/recent-product')).json() as { image: string }[];
    const imageUrl = new URL(product[0]!.image);
    const image = await get(imageUrl.pathname);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expectApiHeaders(image.headers);
  });

  it('the sandbox payment page: no script at all, inline CSS only, forms to the API redirected to the site, never framed', async () => {
    const productId = await addProduct(ctx.app, seller, { price: 321 });
    const { pagePath } = await startPayment(ctx.app, buyer, productId);
    const page = await get(pagePath);
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http://localhost:4999 http://localhost:3999; frame-ancestors 'none'; base-uri 'none'",
    );
    expect(csp).not.toMatch(/script-src/);
    expect(page.body).not.toContain('<script');
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
  });
});

describe('Strict-Transport-Security only over https', () => {
  it('ignores X-Forwarded-Proto from a proxy it does not trust (TRUST_PROXY_HOPS=0)', async () => {
    const res = await get('/api/v1/health', { 'x-forwarded-proto': 'https' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends it behind a trusted proxy that says https, not for its plain-http requests', async () => {
    const proxied = await startTestApp({ TRUST_PROXY_HOPS: '1' });
    try {
      const https = await proxied.app.inject({
        method: 'GET',
        url: '/api/v1/health',
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' },
      });
      expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const http = await proxied.app.inject({
        method: 'GET',
        url: '/api/v1/health',
        headers: { 'x-forwarded-proto': 'http', 'x-forwarded-for': '203.0.113.9' },
      });
      expect(http.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });

  it('sends it on every answer when PUBLIC_API_URL is https (TLS ends before the API)', async () => {
    const public_ = await startTestApp({ PUBLIC_API_URL: 'https://api.secondbyte.example/api/v1' });
    try {
      const res = await public_.app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await public_.close();
    }
  });
});
