import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addProduct,
  approveIfHeld,
  bearer,
  ownImageUrl,
  queryRows,
  registerActor,
  startPayment,
  startTestApp,
  validProduct,
  type Actor,
  type TestContext,
} from './test/harness';

/**
 * The request bodies as the original client writes them (api/README.md, compatibility table) are
 * accepted, and whatever the server derives (seller, buyer, names, prices, dates) still comes
 * from the database and the signed-in user (docs/decisions/0008-api-server-derived-fields.md).
 */
let ctx: TestContext;
let seller: Actor;
let otherSeller: Actor;
let buyer: Actor;
beforeAll(async () => {
  ctx = await startTestApp();
  [seller, otherSeller, buyer] = await Promise.all([
    registerActor(ctx.app, 'seller', 'Spec Seller'),
    registerActor(ctx.app, 'seller', 'Other Seller'),
    registerActor(ctx.app, 'buyer', 'Spec Buyer'),
  ]);
});
afterAll(async () => ctx?.close());

const post = (url: string, actor: Actor, payload: object) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: bearer(actor), payload });
const get = (url: string, actor?: Actor) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(actor) });

const count = async (table: 'products' | 'bookings' | 'adverts' | 'payments') =>
  Number((await queryRows<{ n: number }>(ctx, sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n);

/** A name no other test uses, so a lookup by name finds only what the test made. */
let serial = 0;
const uniqueName = (base: string) => `${base} ${Date.now().toString(36)}-${++serial}`;

/** The original client's POST /add-products body: what its form posts, strings for the numbers. */
const specProductBody = (overrides: Record<string, unknown> = {}) => ({
  productName: uniqueName('Spec form laptop'),
  email: 'someone-else@example.test',
  price: '899.99',
  image: ownImageUrl(),
  quality: 'Excellent',
  phone: '+880 1711 000111',
  location: 'Dhaka',
  category: 'lenovo',
  description: 'As the spec form sends it',
  year: '2019',
  specs: validProduct().specs,
  ...overrides,
});

describe('POST /add-products with the spec’s body', () => {
  it('takes price and year as digit strings and the category by name; the seller is the caller', async () => {
    const body = specProductBody();
    const res = await post('/add-products', seller, body);
    expect(res.statusCode).toBe(201);
    const details = (await get(`/details/${await approveIfHeld(ctx.app, res.json().insertedId)}`)).json();
    expect(details).toMatchObject({
      productName: body.productName,
      price: 899.99,
      year: 2019,
      category: '03',
      categoryName: 'Lenovo',
      email: seller.email,
      sellerName: 'Spec Seller',
    });
  });

  it('takes the category by id or by name in any case, and numbers as before', async () => {
    for (const category of ['03', 'LENOVO', 'Lenovo', '  hp  ']) {
      const res = await post('/add-products', seller, specProductBody({ category, price: 100, year: 2020 }));
      expect(res.statusCode, category).toBe(201);
      const details = (await get(`/details/${await approveIfHeld(ctx.app, res.json().insertedId)}`)).json();
      expect(details.category).toBe(category.trim().toLowerCase() === 'hp' ? '02' : '03');
    }
  });

  it.each([
    ['price', '12abc'],
    ['price', '-5'],
    ['price', '1e3'],
    ['price', '12.345'],
    ['price', ''],
    ['price', '100000000'],
    ['price', -5],
    ['price', 1e12],
    ['price', true],
    ['originalPrice', '12abc'],
    ['year', String(new Date().getFullYear() + 1)],
    ['year', new Date().getFullYear() + 1],
    ['year', '20x9'],
    ['year', '2019.5'],
    ['year', '1989'],
    ['category', 'Toshiba'],
    ['category', '99'],
    ['category', "01'; --"],
  ])('refuses %s %j with a 400 naming the field and writes nothing', async (field, value) => {
    const before = await count('products');
    const res = await post('/add-products', seller, specProductBody({ [field]: value }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation_error' });
    expect(res.json().message).toMatch(new RegExp(`^body\\.${field}: `));
    expect(await count('products')).toBe(before);
  });
});

const specBooking = (productName: string, overrides: Record<string, unknown> = {}) => ({
  name: 'Somebody Else',
  email: 'somebody-else@example.test',
  productName,
  price: 1,
  phone: '01711-222333',
  place: 'Gulshan 1 circle',
  date: '1999-01-01',
  ...overrides,
});

async function myBookings(actor: Actor) {
  return (await get(`/bookings?email=${actor.email}`, actor)).json() as Record<string, unknown>[];
}

describe('POST /bookings with the spec’s body', () => {
  it('books the one listing named productName; name, e-mail, price and date come from the server', async () => {
    const productName = uniqueName('Bookable by name');
    const productId = await addProduct(ctx.app, seller, { productName, price: 450 });
    const res = await post('/bookings', buyer, specBooking(productName.toUpperCase(), { price: '1' }));
    expect(res.statusCode).toBe(201);
    const booking = (await myBookings(buyer)).find((b) => b._id === res.json().insertedId);
    expect(booking).toMatchObject({
      productId,
      productName,
      name: 'Spec Buyer',
      email: buyer.email,
      price: 450,
      phone: '01711-222333',
      place: 'Gulshan 1 circle',
      status: 'available',
      state: 'requested',
    });
    expect(new Date(booking!.date as string).getFullYear()).toBe(new Date().getFullYear());
    const seen = (await get('/my-buyers', seller)).json() as Record<string, unknown>[];
    expect(seen).toContainEqual(expect.objectContaining({ productId, price: 450, email: buyer.email }));
  });

  it('prefers productId over productName, as the existing body does', async () => {
    const productId = await addProduct(ctx.app, seller, { productName: uniqueName('By id'), price: 300 });
    const res = await post('/bookings', buyer, specBooking('a name that matches nothing', { productId }));
    expect(res.statusCode).toBe(201);
    expect((await myBookings(buyer)).find((b) => b._id === res.json().insertedId)).toMatchObject({
      productId,
      price: 300,
    });
  });

  it('asks for productId when productName names no bookable listing or several, writing nothing', async () => {
    const twin = uniqueName('Twin laptop');
    await addProduct(ctx.app, seller, { productName: twin, price: 100 });
    await addProduct(ctx.app, otherSeller, { productName: twin.toLowerCase(), price: 200 });
    const withdrawn = uniqueName('Withdrawn laptop');
    const withdrawnId = await addProduct(ctx.app, seller, { productName: withdrawn });
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/add-products/${withdrawnId}`,
      headers: bearer(seller),
    });
    const before = await count('bookings');
    for (const [productName, reason] of [
      [twin, /more than one listing that can be booked is named/],
      [withdrawn, /no listing that can be booked is named/],
      ['No such laptop anywhere', /no listing that can be booked is named/],
      ['Twin laptop%', /no listing that can be booked is named/],
    ] as const) {
      const res = await post('/bookings', buyer, specBooking(productName));
      expect(res.statusCode, productName).toBe(400);
      expect(res.json().error).toBe('validation_error');
      expect(res.json().message).toMatch(/^body\.productId: /);
      expect(res.json().message).toMatch(reason);
      expect(res.json().message).toMatch(/send .*productId/);
    }
    const neither = await post('/bookings', buyer, specBooking(''));
    expect(neither.statusCode).toBe(400);
    expect(neither.json().message).toMatch(/^body\.productId: productId is required/);
    expect(await count('bookings')).toBe(before);
  });

  it('still checks the ignored fields’ shape: a price like "12abc" is a 400 naming it', async () => {
    const productName = uniqueName('Shape checked');
    await addProduct(ctx.app, seller, { productName });
    const before = await count('bookings');
    for (const price of ['12abc', -1, 1e12]) {
      const res = await post('/bookings', buyer, specBooking(productName, { price }));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^body\.price: /);
    }
    expect(await count('bookings')).toBe(before);
  });
});

/** The original client's POST /add-advertise body: the listing's fields as My Products shows them, no id. */
async function specAdvertBody(productId: string, actor: Actor) {
  const product = (await get(`/details/${productId}`, actor)).json() as Record<string, unknown>;
  const { productName, email, image, price, quality, phone, location, category, description, year } = product;
  return { productName, email, image, price, quality, phone, location, category, description, year };
}

describe('POST /add-advertise with the spec’s body', () => {
  it('advertises the caller’s one listing those fields describe; a repeat is acknowledged:false', async () => {
    const productId = await addProduct(ctx.app, seller, { productName: uniqueName('Advertised by fields') });
    const body = await specAdvertBody(productId, seller);
    const first = await post('/add-advertise', seller, body);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ acknowledged: true });
    const again = await post('/add-advertise', seller, body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ acknowledged: false, insertedId: null });
    const adverts = (await get('/get-advertise?limit=100')).json() as Record<string, unknown>[];
    expect(adverts).toContainEqual(
      expect.objectContaining({ _id: productId, advertId: first.json().insertedId }),
    );
  });

  it('takes the fields as the spec’s form writes them: digit strings, the category by name', async () => {
    const productName = uniqueName('Form-typed advert');
    const productId = await addProduct(ctx.app, seller, {
      productName,
      price: 321.5,
      year: 2019,
      category: '03',
    });
    const res = await post('/add-advertise', seller, {
      productName: productName.toLowerCase(),
      email: 'not-me@example.test',
      price: '321.50',
      year: '2019',
      category: 'Lenovo',
      quality: 'good',
    });
    expect(res.statusCode).toBe(201);
    const rows = await queryRows<{ product_id: string }>(
      ctx,
      sql`select product_id from adverts where id = ${res.json().insertedId}`,
    );
    expect(rows[0]?.product_id).toBe(productId);
  });

  it('asks for the product id when the fields match none or several of the caller’s listings', async () => {
    const shared = uniqueName('Twin advert');
    const a = await addProduct(ctx.app, seller, { productName: shared, price: 100 });
    await addProduct(ctx.app, seller, { productName: shared, price: 200 });
    const theirs = await addProduct(ctx.app, otherSeller, { productName: uniqueName('Not yours') });
    const before = await count('adverts');
    for (const [body, reason] of [
      [{ productName: shared }, /more than one of your listings matches/],
      [{ productName: shared, price: 300 }, /none of your listings matches/],
      [await specAdvertBody(theirs, otherSeller), /none of your listings matches/],
    ] as const) {
      const res = await post('/add-advertise', seller, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^body\.productId: /);
      expect(res.json().message).toMatch(reason);
      expect(res.json().message).toMatch(/send .*productId \(or _id\)/);
    }
    const unknownCategory = await post('/add-advertise', seller, {
      productName: shared,
      category: 'Toshiba',
    });
    expect(unknownCategory.statusCode).toBe(400);
    expect(unknownCategory.json().message).toMatch(/^body\.category: /);
    const badPrice = await post('/add-advertise', seller, { productName: shared, price: '12abc' });
    expect(badPrice.json().message).toMatch(/^body\.price: /);
    const futureYear = await post('/add-advertise', seller, {
      productName: shared,
      year: new Date().getFullYear() + 1,
    });
    expect(futureYear.json().message).toMatch(/^body\.year: /);
    expect(await count('adverts')).toBe(before);

    // The price tells the twins apart: that one is advertised.
    const one = await post('/add-advertise', seller, { productName: shared, price: '100' });
    expect(one.statusCode).toBe(201);
    const rows = await queryRows<{ product_id: string }>(
      ctx,
      sql`select product_id from adverts where id = ${one.json().insertedId}`,
    );
    expect(rows[0]?.product_id).toBe(a);
  });
});

describe('POST /payment/init with the spec’s { payData }', () => {
  it('charges the database price, whatever price and e-mail payData carries', async () => {
    const productId = await addProduct(ctx.app, seller, {
      productName: uniqueName('Paid laptop'),
      price: 1234.5,
    });
    const res = await post('/payment/init', buyer, {
      payData: {
        productName: 'Free laptop',
        price: 1,
        image: ownImageUrl(),
        quality: 'Excellent',
        location: 'Nowhere',
        year: 2020,
        transactionId: 42,
        paymentType: false,
        _id: productId,
        email: 'attacker@example.test',
        phone: '000',
      },
    });
    expect(res.statusCode).toBe(200);
    const url = res.json() as string;
    expect(url).toMatch(/\/payment\/sandbox\/\d+\?sig=[0-9a-f]{64}$/);
    const link = new URL(url);
    const transactionId = Number(link.pathname.split('/').pop());
    expect(transactionId).not.toBe(42);
    const result = (await get(`/get-data-transactionId/${transactionId}`, buyer)).json().result;
    expect(result).toMatchObject({ productId, price: 1234.5, email: buyer.email, name: 'Spec Buyer' });
    const [row] = await queryRows<{ amount_cents: number }>(
      ctx,
      sql`select amount_cents from payments where transaction_id = ${transactionId}`,
    );
    expect(Number(row?.amount_cents)).toBe(123450);
    const page = await ctx.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(page.body).toContain('৳1,234.50');
  });

  it('the flat body charges the database price too; payData without _id is a 400 naming it', async () => {
    const productId = await addProduct(ctx.app, seller, { price: 77 });
    const { transactionId } = await startPayment(ctx.app, buyer, productId);
    expect((await get(`/get-data-transactionId/${transactionId}`, buyer)).json().result.price).toBe(77);
    const before = await count('payments');
    const res = await post('/payment/init', buyer, { payData: { productName: 'x', price: 1 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^body\.payData\._id: /);
    const badPrice = await post('/payment/init', buyer, { payData: { _id: productId, price: '12abc' } });
    expect(badPrice.statusCode).toBe(400);
    expect(badPrice.json().message).toMatch(/^body\.payData\.price: /);
    expect(await count('payments')).toBe(before);
  });
});

describe('the OpenAPI document shows both shapes of each body', () => {
  type Schema = {
    properties?: Record<string, Schema>;
    anyOf?: Schema[];
    required?: string[];
    type?: string;
    pattern?: string;
  };
  let bodies: Record<string, Schema>;
  beforeAll(async () => {
    const doc = (await get('/openapi.json')).json() as {
      paths: Record<
        string,
        { post?: { requestBody: { content: { 'application/json': { schema: Schema } } } } }
      >;
    };
    const body = (path: string) =>
      doc.paths[`/api/v1${path}`]!.post!.requestBody.content['application/json'].schema;
    bodies = Object.fromEntries(
      ['/add-products', '/bookings', '/add-advertise', '/payment/init'].map((p) => [p, body(p)]),
    );
  });
  const types = (s: Schema | undefined) =>
    (s?.anyOf ?? [s]).map((alt) => (alt?.type === 'integer' ? 'number' : alt?.type)).sort();

  it('price, originalPrice and year: a number or a string of digits', () => {
    const product = bodies['/add-products']!.properties!;
    for (const field of ['price', 'originalPrice', 'year']) {
      expect(types(product[field]), field).toEqual(['number', 'string']);
      expect(product[field]!.anyOf!.find((a) => a.type === 'string')!.pattern, field).toBeDefined();
    }
    expect(product.category!.type).toBe('string');
    expect(types(bodies['/add-advertise']!.properties!.price)).toEqual(['number', 'string']);
    expect(types(bodies['/bookings']!.properties!.price)).toEqual(['number', 'string']);
  });

  it('bookings and adverts: by id, or by the spec’s productName', () => {
    expect(bodies['/bookings']!.anyOf).toEqual([{ required: ['productId'] }, { required: ['productName'] }]);
    expect(bodies['/bookings']!.required).toEqual(['phone', 'place']);
    expect(bodies['/add-advertise']!.anyOf).toEqual([
      { required: ['productId'] },
      { required: ['_id'] },
      { required: ['productName'] },
    ]);
  });

  it('payment/init: payData wrapped, or the same fields flat', () => {
    const init = bodies['/payment/init']!.properties!;
    expect(init.payData!.properties!._id).toBeDefined();
    expect(init._id).toBeDefined();
  });
});
