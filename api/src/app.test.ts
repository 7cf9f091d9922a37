import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { bearer, signUp, startTestApp, type TestContext } from './test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx?.close());

describe('walking skeleton', () => {
  it('answers health with the database kind', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: ctx.database.kind });
  });

  it('lists the seeded categories in the spec shape (id, _id, name; 01–04 at least)', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/category' });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: string; _id: string; name: string }[];
    expect(list.map((c) => c.id)).toEqual(expect.arrayContaining(['01', '02', '03', '04']));
    for (const c of list) expect(Object.keys(c).sort()).toEqual(['_id', 'id', 'name']);
  });

  it('refuses a protected route without a token (401) and accepts a real emulator ID token (200)', async () => {
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/v1/jwt?email=a@b.test' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: 'unauthorized', message: expect.any(String) });

    const user = await signUp('skeleton');
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: bearer(user),
      payload: { name: 'Skeleton', email: user.email, role: 'buyer' },
    });
    expect(created.statusCode).toBe(201);
    const me = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/users/${user.email}`,
      headers: bearer(user),
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: user.email, role: 'buyer', name: 'Skeleton' });
  });

  it('refuses a forged token with 401', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/dashboard/summary',
      headers: { authorization: 'Bearer eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('serves the OpenAPI document generated from the same schemas', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of [
      '/api/v1/category',
      '/api/v1/bookings',
      '/api/v1/payment/init',
      '/api/v1/add-products/{id}',
    ])
      expect(doc.paths).toHaveProperty([p]);
  });

  it('answers unknown routes with a JSON 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found' });
  });

  it('allows local dev origins by CORS and exposes X-Total-Count', async () => {
    const res = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/bookings',
      headers: { origin: 'http://localhost:3002', 'access-control-request-method': 'POST' },
    });
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:3002');
    const other = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/category',
      headers: { origin: 'https://evil.example' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('CORS in production', () => {
  it('allows WEB_ORIGIN and CORS_ORIGINS only, not every localhost port', async () => {
    const prod = await startTestApp({
      NODE_ENV: 'production',
      // Production refuses short or published secrets (config.test.ts).
      PAYMENT_SIGNING_SECRET: randomBytes(32).toString('hex'),
      API_TOKEN_SECRET: randomBytes(32).toString('hex'),
      // The tests have no real gateway: test payments, allowed by name.
      ALLOW_SANDBOX_PAYMENTS: '1',
      // The tests' emulator, allowed by name (config.test.ts has the refusals).
      ALLOW_AUTH_EMULATOR_IN_PRODUCTION: '1',
      WEB_ORIGIN: 'https://secondbyte.example',
      CORS_ORIGINS: 'https://catalog.secondbyte.example, https://checkout.secondbyte.example/',
    });
    try {
      const origin = async (o: string) =>
        (await prod.app.inject({ method: 'GET', url: '/api/v1/category', headers: { origin: o } })).headers[
          'access-control-allow-origin'
        ];
      expect(await origin('https://secondbyte.example')).toBe('https://secondbyte.example');
      expect(await origin('https://checkout.secondbyte.example')).toBe('https://checkout.secondbyte.example');
      expect(await origin('http://localhost:3001')).toBeUndefined();
    } finally {
      await prod.close();
    }
  });

  it('refuses to start in production with the development secrets', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PAYMENT_SIGNING_SECRET/);
  });
});
