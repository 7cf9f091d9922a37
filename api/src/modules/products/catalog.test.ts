import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addProduct,
  bearer,
  queryRows,
  registerActor,
  startTestApp,
  type Actor,
  type TestContext,
} from '../../test/harness';

let ctx: TestContext;
let seller: Actor;
let otherSeller: Actor;
beforeAll(async () => {
  ctx = await startTestApp();
  [seller, otherSeller] = await Promise.all([
    registerActor(ctx.app, 'seller', 'Sally Seller'),
    registerActor(ctx.app, 'seller'),
  ]);
});
afterAll(async () => ctx?.close());

const get = (url: string, actor?: Actor) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(actor) });

describe('one products table behind every catalogue view', () => {
  it('seeds 24+ products across 4+ categories with generated images, blogs and adverts', async () => {
    const categories = (await get('/category')).json() as { id: string }[];
    let total = 0;
    let withProducts = 0;
    for (const c of categories) {
      const res = await get(`/category/products/${c.id}`);
      const n = Number(res.headers['x-total-count']);
      total += n;
      if (n > 0) withProducts++;
    }
    expect(total).toBeGreaterThanOrEqual(24);
    expect(withProducts).toBeGreaterThanOrEqual(4);
    expect(((await get('/blogs')).json() as unknown[]).length).toBeGreaterThanOrEqual(6);
    const adverts = (await get('/get-advertise')).json() as { image: string }[];
    expect(adverts.length).toBeGreaterThanOrEqual(3);
    const image = await ctx.app.inject({ method: 'GET', url: new URL(adverts[0]!.image).pathname });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toContain('immutable');
  });

  it('shows a product a seller adds in its category, details, recent products and (once advertised) adverts', async () => {
    const id = await addProduct(ctx.app, seller, {
      productName: 'Dell XPS 15 (fresh)',
      price: 899.99,
      originalPrice: 1999,
      category: '01',
      year: 2020,
      email: 'spoofed@example.test',
    });
    const details = (await get(`/details/${id}`)).json();
    expect(details).toMatchObject({
      _id: id,
      productName: 'Dell XPS 15 (fresh)',
      email: seller.email,
      sellerName: 'Sally Seller',
      price: 899.99,
      resale: 899.99,
      original: 1999,
      useYear: new Date().getFullYear() - 2020,
      category: '01',
      status: 'available',
      advertised: false,
    });
    const list = (await get('/category/products/01')).json() as { _id: string }[];
    expect(list[0]?._id).toBe(id);
    const recent = (await get('/recent-product')).json() as { _id: string }[];
    expect(recent[0]?._id).toBe(id);

    const advertise = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/add-advertise',
        headers: bearer(seller),
        payload: { productId: id, price: 1, productName: 'copied name is ignored' },
      });
    const first = await advertise();
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ acknowledged: true });
    const second = await advertise();
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ acknowledged: false, insertedId: null });
    const adverts = (await get('/get-advertise')).json() as {
      _id: string;
      productName: string;
      price: number;
    }[];
    expect(adverts[0]).toMatchObject({ _id: id, productName: 'Dell XPS 15 (fresh)', price: 899.99 });

    const mine = (await get(`/add-products?email=${seller.email}`, seller)).json() as {
      _id: string;
      status: string;
    }[];
    expect(mine.map((p) => p._id)).toContain(id);
    expect(mine.every((p) => p.status === 'available')).toBe(true);
  });

  it('lists only the caller’s products without an e-mail and refuses another seller’s list', async () => {
    await addProduct(ctx.app, otherSeller, { productName: 'Other seller laptop' });
    const mine = (await get('/add-products', otherSeller)).json() as { email: string }[];
    expect(mine.length).toBe(1);
    expect(mine[0]?.email).toBe(otherSeller.email);
    expect((await get(`/add-products?email=${seller.email}`, otherSeller)).statusCode).toBe(403);
  });

  it('deleting a product hides it everywhere (and its advert) but keeps the row', async () => {
    const id = await addProduct(ctx.app, seller, { category: '02' });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/add-advertise',
      headers: bearer(seller),
      payload: { _id: id },
    });
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/add-products/${id}`,
      headers: bearer(seller),
    });
    expect(del.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await get(`/details/${id}`)).statusCode).toBe(404);
    const ids = (r: { json(): unknown }) => (r.json() as { _id: string }[]).map((p) => p._id);
    expect(ids(await get('/category/products/02'))).not.toContain(id);
    expect(ids(await get('/get-advertise'))).not.toContain(id);
    expect(ids(await get('/recent-product?limit=100'))).not.toContain(id);
    const again = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/add-products/${id}`,
      headers: bearer(seller),
    });
    expect(again.statusCode).toBe(404);
    const rows = await queryRows<{ deleted_at: unknown }>(
      ctx,
      sql`select deleted_at from products where id = ${id}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.deleted_at).not.toBeNull();
  });

  it('paginates lists but keeps array answers, with X-Total-Count', async () => {
    const res = await get('/category/products/04?limit=2&page=2');
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json())).toBe(true);
    expect((res.json() as unknown[]).length).toBe(2);
    expect(Number(res.headers['x-total-count'])).toBeGreaterThanOrEqual(6);
    expect((await get('/category/products/04?limit=1000')).statusCode).toBe(400);
    expect((await get('/category/products/04?page=0')).statusCode).toBe(400);
    expect((await get('/recent-product')).json()).toHaveLength(8);
  });

  it('answers 404 for an unknown category or product and 400 for a malformed category id', async () => {
    expect((await get('/category/products/99')).json()).toMatchObject({ error: 'category_not_found' });
    expect((await get('/category/products/99?page=3')).json()).toMatchObject({ error: 'category_not_found' });
    const pastTheEnd = await get('/category/products/04?page=500');
    expect([pastTheEnd.statusCode, pastTheEnd.json()]).toEqual([200, []]);
    expect((await get('/category/products/abc')).statusCode).toBe(400);
    expect((await get('/details/00000000-0000-0000-0000-000000000000')).statusCode).toBe(404);
    expect((await get("/details/' OR 1=1 --")).statusCode).toBe(404);
  });
});
