import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addProduct,
  bearer,
  demoActor,
  registerActor,
  startTestApp,
  type Actor,
  type TestContext,
} from '../../test/harness';

let ctx: TestContext;
let seller: Actor;
let buyer: Actor;
let admin: Actor;
beforeAll(async () => {
  ctx = await startTestApp();
  [seller, buyer, admin] = await Promise.all([
    registerActor(ctx.app, 'seller'),
    registerActor(ctx.app, 'buyer'),
    demoActor(ctx.app, 'admin'),
  ]);
});
afterAll(async () => ctx?.close());

const inject = (method: 'GET' | 'POST', url: string, actor?: Actor, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(actor), ...(payload ? { payload } : {}) });

describe('reported items', () => {
  it('a buyer reports, the admin sees it and dismisses it; a second report of the same item is refused', async () => {
    const productId = await addProduct(ctx.app, seller, { productName: 'Suspicious laptop' });
    const created = await inject('POST', '/reports', buyer, { productId, reason: 'Photo is stolen' });
    expect(created.statusCode).toBe(201);
    expect((await inject('POST', '/reports', buyer, { productId, reason: 'again' })).statusCode).toBe(409);
    const open = (await inject('GET', '/reports?status=open', admin)).json() as Record<string, unknown>[];
    expect(open).toContainEqual(
      expect.objectContaining({
        _id: created.json().insertedId,
        productName: 'Suspicious laptop',
        reporterEmail: buyer.email,
        sellerEmail: seller.email,
        status: 'open',
        resolvedAt: null,
      }),
    );
    const id = created.json().insertedId as string;
    expect((await inject('POST', `/reports/${id}/dismiss`, admin)).json()).toEqual({ acknowledged: true });
    expect((await inject('POST', `/reports/${id}/dismiss`, admin)).statusCode).toBe(409);
    expect((await inject('GET', `/details/${productId}`)).statusCode).toBe(200);
  });

  it('remove-listing soft-deletes the product and closes its open reports', async () => {
    const productId = await addProduct(ctx.app, seller);
    const id = (await inject('POST', '/reports', buyer, { productId, reason: 'Fake' })).json()
      .insertedId as string;
    expect((await inject('POST', `/reports/${id}/remove-listing`, admin)).statusCode).toBe(200);
    expect((await inject('GET', `/details/${productId}`)).statusCode).toBe(404);
    const removed = (await inject('GET', '/reports?status=removed', admin)).json() as {
      _id: string;
      resolvedAt: string;
    }[];
    expect(removed.find((r) => r._id === id)?.resolvedAt).toEqual(expect.any(String));
    expect((await inject('POST', '/reports', buyer, { productId, reason: 'x' })).statusCode).toBe(404);
    expect((await inject('POST', '/reports/unknown/dismiss', admin)).statusCode).toBe(404);
  });
});

describe('dashboard summary', () => {
  it('counts for each role', async () => {
    const s = (await inject('GET', '/dashboard/summary', seller)).json();
    expect(s.role).toBe('seller');
    expect(s.counts).toHaveProperty('products');
    const b = (await inject('GET', '/dashboard/summary', buyer)).json();
    expect(b).toMatchObject({ role: 'buyer', counts: { bookings: 0 } });
    const a = (await inject('GET', '/dashboard/summary', admin)).json();
    expect(a.role).toBe('admin');
    expect(a.counts.sellers).toBeGreaterThanOrEqual(3);
  });
});
