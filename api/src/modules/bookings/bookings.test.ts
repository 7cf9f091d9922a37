import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addProduct,
  bearer,
  registerActor,
  startTestApp,
  type Actor,
  type TestContext,
} from '../../test/harness';

let ctx: TestContext;
let seller: Actor;
let buyer: Actor;
let otherBuyer: Actor;
beforeAll(async () => {
  ctx = await startTestApp();
  [seller, buyer, otherBuyer] = await Promise.all([
    registerActor(ctx.app, 'seller'),
    registerActor(ctx.app, 'buyer', 'Real Buyer Name'),
    registerActor(ctx.app, 'buyer'),
  ]);
});
afterAll(async () => ctx?.close());

const book = (actor: Actor, payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/bookings', headers: bearer(actor), payload });

describe('bookings', () => {
  it('takes name, e-mail, product and price from the database, not from the request', async () => {
    const productId = await addProduct(ctx.app, seller, { productName: 'Booked Laptop', price: 450 });
    const res = await book(buyer, {
      productId,
      phone: '01711-222333',
      place: 'Gulshan 1 circle',
      name: 'Fake Name',
      email: 'fake@example.test',
      productName: 'Free laptop',
      price: 1,
      date: '1999-01-01',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ acknowledged: true, insertedId: expect.any(String) });
    const list = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/bookings?email=${buyer.email}`,
        headers: bearer(buyer),
      })
    ).json() as Record<string, unknown>[];
    expect(list[0]).toMatchObject({
      _id: res.json().insertedId,
      name: 'Real Buyer Name',
      email: buyer.email,
      productName: 'Booked Laptop',
      price: 450,
      phone: '01711-222333',
      place: 'Gulshan 1 circle',
      paid: false,
      status: 'available',
      state: 'requested',
      actions: ['cancel'],
    });
    expect(new Date(list[0]!.date as string).getFullYear()).toBe(new Date().getFullYear());
  });

  it('a request leaves the product available, refuses a second booking by the same buyer, lets another buyer book', async () => {
    const productId = await addProduct(ctx.app, seller);
    expect((await book(buyer, { productId, phone: '01711222333', place: 'Banani' })).statusCode).toBe(201);
    // Booked only once the seller accepts (docs/product.md#booking-lifecycle, booking-lifecycle.test.ts).
    const details = await ctx.app.inject({ method: 'GET', url: `/api/v1/details/${productId}` });
    expect(details.json()).toMatchObject({ status: 'available' });
    const twice = await book(buyer, { productId, phone: '01711222333', place: 'Banani' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ error: 'already_booked' });
    expect((await book(otherBuyer, { productId, phone: '01711222444', place: 'Uttara' })).statusCode).toBe(
      201,
    );
  });

  it('shows the seller their buyers (bookings of their products)', async () => {
    const productId = await addProduct(ctx.app, seller, { productName: 'For my buyers' });
    await book(otherBuyer, { productId, phone: '+8801700000001', place: 'Mirpur 10' });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/my-buyers', headers: bearer(seller) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toContainEqual(
      expect.objectContaining({
        kind: 'booking',
        productId,
        productName: 'For my buyers',
        email: otherBuyer.email,
        phone: '+8801700000001',
        place: 'Mirpur 10',
        paid: false,
        state: 'requested',
        actions: ['accept', 'decline'],
      }),
    );
  });

  it('answers 404 for an unknown product and writes nothing', async () => {
    const before = (
      await ctx.app.inject({ method: 'GET', url: '/api/v1/bookings', headers: bearer(otherBuyer) })
    ).json() as unknown[];
    const res = await book(otherBuyer, { productId: 'no-such-product', phone: '01711222333', place: 'x' });
    expect(res.statusCode).toBe(404);
    const after = (
      await ctx.app.inject({ method: 'GET', url: '/api/v1/bookings', headers: bearer(otherBuyer) })
    ).json() as unknown[];
    expect(after.length).toBe(before.length);
  });

  it('refuses booking one’s own listing (a seller an admin made a buyer) and writes nothing', async () => {
    const former = await registerActor(ctx.app, 'seller');
    const productId = await addProduct(ctx.app, former, { productName: 'My Own Laptop', showContact: false });
    await ctx.app.deps.db.execute(sql`update users set role = 'buyer' where id = ${former.id}`);
    const bookingsOf = async () =>
      (
        await ctx.app.inject({ method: 'GET', url: '/api/v1/bookings', headers: bearer(former) })
      ).json() as unknown[];
    const before = await bookingsOf();
    const res = await book(former, { productId, phone: '01711222333', place: 'Banani 11' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'own_listing', message: 'You cannot book your own listing' });
    expect(await bookingsOf()).toHaveLength(before.length);
  });
});
