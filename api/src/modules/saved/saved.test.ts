import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addProduct,
  bearer,
  demoActor,
  queryRows,
  registerActor,
  payOnline,
  startTestApp,
  type Actor,
  type TestContext,
} from '../../test/harness';

let ctx: TestContext;
let seller: Actor;
let otherSeller: Actor;
let buyer: Actor;
let otherBuyer: Actor;
let admin: Actor;
beforeAll(async () => {
  ctx = await startTestApp();
  [seller, otherSeller, buyer, otherBuyer, admin] = await Promise.all([
    registerActor(ctx.app, 'seller'),
    registerActor(ctx.app, 'seller'),
    registerActor(ctx.app, 'buyer'),
    registerActor(ctx.app, 'buyer'),
    demoActor(ctx.app, 'admin'),
  ]);
});
afterAll(async () => ctx?.close());

type Method = 'GET' | 'PUT' | 'PATCH' | 'DELETE' | 'POST';
const inject = (method: Method, url: string, actor?: Actor, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(actor), ...(payload ? { payload } : {}) });

const savedKinds = (actor: Actor, productId: string) =>
  queryRows<{ kind: string; params: Record<string, unknown> }>(
    ctx,
    sql`select kind, params from notifications where user_id = ${actor.id} and params->>'productId' = ${productId} order by id`,
  );

describe('contact details on a listing', () => {
  it('with showContact off, visitors and buyers never get phone or e-mail; the owner and admins do', async () => {
    const productId = await addProduct(ctx.app, seller, {
      productName: 'Quiet seller laptop',
      showContact: false,
    });
    const anonymous = (await inject('GET', `/details/${productId}`)).json();
    expect(anonymous).toMatchObject({ _id: productId, showContact: false, phone: null, email: null });
    const asBuyer = (await inject('GET', `/details/${productId}`, buyer)).json();
    expect(asBuyer).toMatchObject({ phone: null, email: null });
    // Every public list that carries a product leaves them out too.
    const lists = [
      (await inject('GET', '/recent-product?limit=100')).json(),
      (await inject('GET', '/category/products/03?limit=100')).json(),
      (await inject('GET', '/search?q=Quiet')).json().items,
    ] as { _id: string; phone: unknown; email: unknown }[][];
    for (const list of lists) {
      expect(list.find((p) => p._id === productId)).toMatchObject({ phone: null, email: null });
    }
    expect(JSON.stringify(lists)).not.toContain(`"${seller.email}"`);
    await inject('POST', '/add-advertise', seller, { productId });
    const adverts = (await inject('GET', '/get-advertise')).json() as { _id: string }[];
    expect(adverts.find((p) => p._id === productId)).toMatchObject({ phone: null, email: null });

    // The seller's own list and the admin's view of it show them.
    const mine = (await inject('GET', '/add-products', seller)).json() as Record<string, unknown>[];
    expect(mine.find((p) => p._id === productId)).toMatchObject({
      phone: '+880 1711 000000',
      email: seller.email,
      showContact: false,
    });
    const adminView = (
      await inject('GET', `/add-products?email=${encodeURIComponent(seller.email)}`, admin)
    ).json();
    expect((adminView as { _id: string; email: string }[]).find((p) => p._id === productId)?.email).toBe(
      seller.email,
    );
  });

  it('is on by default and the owner turns it off and on; the next read shows the change (cache)', async () => {
    const productId = await addProduct(ctx.app, seller);
    expect((await inject('GET', `/details/${productId}`)).json()).toMatchObject({
      showContact: true,
      phone: '+880 1711 000000',
      email: seller.email,
    });
    const off = await inject('PATCH', `/add-products/${productId}`, seller, { showContact: false });
    expect(off.json()).toEqual({
      acknowledged: true,
      price: 321.5,
      showContact: false,
      specsConfirmed: true,
    });
    expect((await inject('GET', `/details/${productId}`)).json()).toMatchObject({ phone: null, email: null });
    await inject('PATCH', `/add-products/${productId}`, seller, { showContact: true });
    expect((await inject('GET', `/details/${productId}`)).json().email).toBe(seller.email);
  });
});

describe('price edit', () => {
  it('only the owner changes the price; the catalogue shows it on the next read', async () => {
    const productId = await addProduct(ctx.app, seller, { price: 500 });
    expect((await inject('GET', `/details/${productId}`)).json().price).toBe(500);
    const edited = await inject('PATCH', `/add-products/${productId}`, seller, { price: '450.50' });
    expect(edited.json()).toEqual({
      acknowledged: true,
      price: 450.5,
      showContact: true,
      specsConfirmed: true,
    });
    expect((await inject('GET', `/details/${productId}`)).json()).toMatchObject({
      price: 450.5,
      resale: 450.5,
    });

    expect((await inject('PATCH', `/add-products/${productId}`, otherSeller, { price: 1 })).statusCode).toBe(
      404,
    );
    expect((await inject('PATCH', `/add-products/${productId}`, buyer, { price: 1 })).statusCode).toBe(403);
    expect((await inject('PATCH', `/add-products/${productId}`, admin, { price: 1 })).statusCode).toBe(403);
    expect((await inject('PATCH', `/add-products/${productId}`, undefined, { price: 1 })).statusCode).toBe(
      401,
    );
    expect((await inject('GET', `/details/${productId}`)).json().price).toBe(450.5);
  });

  it('validates the body: a positive price with two decimals, at least one field', async () => {
    const productId = await addProduct(ctx.app, seller);
    for (const body of [
      {},
      { price: 0 },
      { price: -5 },
      { price: 1.234 },
      { price: 'cheap' },
      { showContact: 'no' },
    ]) {
      const res = await inject('PATCH', `/add-products/${productId}`, seller, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await inject('PATCH', '/add-products/no-such-id', seller, { price: 10 })).statusCode).toBe(404);
  });

  it('refuses a deleted listing (404) and a sold one’s price (409), leaving it unchanged', async () => {
    const deleted = await addProduct(ctx.app, seller);
    await inject('DELETE', `/add-products/${deleted}`, seller);
    expect((await inject('PATCH', `/add-products/${deleted}`, seller, { price: 10 })).statusCode).toBe(404);

    const sold = await addProduct(ctx.app, seller, { price: 700 });
    await ctx.app.deps.db.execute(sql`update products set status = 'sold' where id = ${sold}`);
    const refused = await inject('PATCH', `/add-products/${sold}`, seller, { price: 600 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'product_sold' });
    expect((await inject('GET', `/details/${sold}`)).json().price).toBe(700);
    // Hiding the phone of a sold listing is still allowed.
    expect((await inject('PATCH', `/add-products/${sold}`, seller, { showContact: false })).statusCode).toBe(
      200,
    );
  });
});

describe('saved laptops', () => {
  it('saving twice keeps one row; the list shows the current price and status; remove is idempotent', async () => {
    const productId = await addProduct(ctx.app, seller, { productName: 'Saved once', price: 800 });
    expect((await inject('PUT', `/saved/${productId}`, buyer)).json()).toEqual({
      acknowledged: true,
      saved: true,
    });
    expect((await inject('PUT', `/saved/${productId}`, buyer)).statusCode).toBe(200);
    const rows = await queryRows(
      ctx,
      sql`select 1 from saved_listings where user_id = ${buyer.id} and product_id = ${productId}`,
    );
    expect(rows).toHaveLength(1);

    await inject('PATCH', `/add-products/${productId}`, seller, { price: 750 });
    const list = await inject('GET', '/saved', buyer);
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.json()).toEqual([
      expect.objectContaining({
        productId,
        productName: 'Saved once',
        price: 750,
        status: 'available',
        listed: true,
        image: expect.stringContaining('/images/'),
      }),
    ]);
    expect((await inject('GET', '/saved/ids', buyer)).json()).toEqual({ ids: [productId] });

    expect((await inject('DELETE', `/saved/${productId}`, buyer)).json()).toEqual({
      acknowledged: true,
      saved: false,
    });
    expect((await inject('DELETE', `/saved/${productId}`, buyer)).statusCode).toBe(200);
    expect((await inject('GET', '/saved/ids', buyer)).json()).toEqual({ ids: [] });
  });

  it('each user sees only their own list; sellers may save others’ listings but not their own', async () => {
    const productId = await addProduct(ctx.app, seller);
    await inject('PUT', `/saved/${productId}`, otherBuyer);
    expect((await inject('GET', '/saved/ids', otherBuyer)).json().ids).toContain(productId);
    expect((await inject('GET', '/saved/ids', buyer)).json().ids).not.toContain(productId);
    expect(
      ((await inject('GET', '/saved', buyer)).json() as { productId: string }[]).map((s) => s.productId),
    ).not.toContain(productId);
    expect((await inject('PUT', `/saved/${productId}`, otherSeller)).statusCode).toBe(200);
    const own = await inject('PUT', `/saved/${productId}`, seller);
    expect(own.statusCode).toBe(409);
    expect(own.json()).toMatchObject({ error: 'own_listing' });
    expect((await inject('PUT', '/saved/no-such-id', buyer)).statusCode).toBe(404);
    expect((await inject('DELETE', '/saved/no-such-id', buyer)).statusCode).toBe(404);
    expect((await inject('GET', '/saved')).statusCode).toBe(401);
    expect((await inject('PUT', `/saved/${productId}`)).statusCode).toBe(401);
  });

  it('a removed listing leaves the hearts and shows as removed on the Saved page', async () => {
    const productId = await addProduct(ctx.app, seller, { productName: 'Going away' });
    await inject('PUT', `/saved/${productId}`, otherBuyer);
    await inject('DELETE', `/add-products/${productId}`, seller);
    expect((await inject('GET', '/saved/ids', otherBuyer)).json().ids).not.toContain(productId);
    const list = (await inject('GET', '/saved', otherBuyer)).json() as {
      productId: string;
      listed: boolean;
    }[];
    expect(list.find((s) => s.productId === productId)).toMatchObject({ listed: false });
    // A removed listing cannot be saved anew, but the saver can take it off the list.
    expect((await inject('DELETE', `/saved/${productId}`, otherBuyer)).json()).toMatchObject({
      saved: false,
    });
    expect((await inject('PUT', `/saved/${productId}`, buyer)).statusCode).toBe(404);
  });

  it('a price drop notifies every saver (not the seller); a rise notifies no one', async () => {
    const productId = await addProduct(ctx.app, seller, { productName: 'Dropping laptop', price: 1000 });
    await inject('PUT', `/saved/${productId}`, buyer);
    await inject('PUT', `/saved/${productId}`, otherSeller);
    await inject('PATCH', `/add-products/${productId}`, seller, { price: 1200 });
    expect(await savedKinds(buyer, productId)).toEqual([]);
    await inject('PATCH', `/add-products/${productId}`, seller, { price: 900 });
    for (const saver of [buyer, otherSeller]) {
      expect(await savedKinds(saver, productId)).toEqual([
        {
          kind: 'saved-price-drop',
          params: { productId, productName: 'Dropping laptop', price: 900, previousPrice: 1200 },
        },
      ]);
    }
    expect(await savedKinds(seller, productId)).toEqual([]);
    const mails = await queryRows<{ to_address: string }>(
      ctx,
      sql`select to_address from email_outbox where kind = 'notification:saved-price-drop' and subject like '%Dropping laptop%'`,
    );
    expect(mails.map((m) => m.to_address).sort()).toEqual([buyer.email, otherSeller.email].sort());
    // The same price, or only the contact switch, is no drop.
    await inject('PATCH', `/add-products/${productId}`, seller, { price: 900, showContact: false });
    expect(await savedKinds(buyer, productId)).toHaveLength(1);
  });

  it('a sale notifies every saver', async () => {
    const productId = await addProduct(ctx.app, seller, { productName: 'Selling laptop', price: 300 });
    await inject('PUT', `/saved/${productId}`, otherBuyer);
    await payOnline(ctx.app, buyer, productId);
    expect((await inject('GET', `/details/${productId}`)).json().status).toBe('sold');
    expect(await savedKinds(otherBuyer, productId)).toEqual([
      { kind: 'saved-sold', params: { productId, productName: 'Selling laptop' } },
    ]);
    const list = (await inject('GET', '/saved', otherBuyer)).json() as {
      productId: string;
      status: string;
    }[];
    expect(list.find((s) => s.productId === productId)?.status).toBe('sold');
  });

  it('saving leaves the catalogue cache alone; a price edit forgets the listing', async () => {
    const productId = await addProduct(ctx.app, seller, { price: 640 });
    await inject('GET', `/details/${productId}`);
    const cached = ctx.app.catalogCache.size;
    expect(cached).toBeGreaterThan(0);
    await inject('PUT', `/saved/${productId}`, buyer);
    await inject('DELETE', `/saved/${productId}`, buyer);
    expect(ctx.app.catalogCache.size).toBe(cached);
    await inject('PATCH', `/add-products/${productId}`, seller, { price: 600 });
    expect(ctx.app.catalogCache.holds(`/api/v1/details/${productId}`)).toBe(false);
    expect((await inject('GET', `/details/${productId}`)).json().price).toBe(600);
  });
});
