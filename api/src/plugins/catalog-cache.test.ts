import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  addProduct,
  appWithSeller,
  bearer,
  queryRows,
  registerActor,
  startPeerApp,
  type Actor,
  type TestContext,
} from '../test/harness';
import { cacheKey, catalogCache, catalogTag, dependsOn } from './catalog-cache';

const env = appWithSeller('Cache Seller');

type Listed = { _id: string }[];
const get = (url: string, headers: Record<string, string | undefined> = {}, app = env.ctx.app) =>
  app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
const ids = async (url: string, app = env.ctx.app) => {
  const body = (await get(url, {}, app)).json() as Listed | { items: Listed };
  return (Array.isArray(body) ? body : body.items).map((p) => p._id);
};
/** A change made in psql, behind the API's back: the database still announces it. */
const renameInPsql = (id: string, name: string) =>
  queryRows(env.ctx, sql`update products set name = ${name} where id = ${id}`);
const hits = () => env.ctx.app.catalogCache.stats.hits;
const holds = (url: string, app = env.ctx.app) => app.catalogCache.holds(`/api/v1${url}`);

describe('catalogue response cache', () => {
  it('answers a repeated read from memory with a strong ETag, and 304 to If-None-Match', async () => {
    const first = await get('/category/products/03?limit=5&page=1');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-cache']).toBe('MISS');
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const [top] = first.json() as Listed;

    // Same URL with its parameters in another order: the same entry.
    const hitsBefore = hits();
    const again = await get('/category/products/03?page=1&limit=5');
    expect(hits() - hitsBefore).toBe(1);
    expect(again.statusCode).toBe(200);
    expect(again.headers['x-cache']).toBe('HIT');
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['x-total-count']).toBe(first.headers['x-total-count']);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);

    const notModified = await get('/category/products/03?limit=5&page=1', { 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers.etag).toBe(etag);
    expect((await get('/category/products/03?limit=5', { 'if-none-match': '"other"' })).statusCode).toBe(200);

    // A change to a listing on the page forgets it; the next read sees the row as it is now.
    await renameInPsql(top!._id, 'Renamed behind the API');
    await vi.waitFor(() => expect(holds('/category/products/03?limit=5&page=1')).toBe(false));
    const fresh = await get('/category/products/03?limit=5&page=1');
    expect((fresh.json() as { productName: string }[])[0]!.productName).toBe('Renamed behind the API');
    expect(fresh.headers.etag).not.toBe(etag);
    expect((await get('/category/products/03?limit=5&page=1', { 'if-none-match': etag })).statusCode).toBe(
      200,
    );
  });

  it('computes a missing entry once for simultaneous requests; the others wait for it', async () => {
    await env.ctx.app.catalogCache.invalidate();
    const before = { ...env.ctx.app.catalogCache.stats };
    const answers = await Promise.all(Array.from({ length: 10 }, () => get('/search?q=thinkpd')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    const after = env.ctx.app.catalogCache.stats;
    expect(after.misses - before.misses).toBe(1);
    expect(after.coalesced - before.coalesced).toBe(9);
  });

  it('shows a new listing at once in its category, recent products, search and details', async () => {
    const views = ['/category/products/02', '/recent-product', '/search?q=zenbook%20cachetest', '/search'];
    const before = await Promise.all(views.map((v) => ids(v)));
    const id = await addProduct(env.ctx.app, env.seller, {
      productName: 'Zenbook cachetest 14',
      category: '02',
      price: 420,
    });
    for (const [i, view] of views.entries()) {
      expect(before[i], view).not.toContain(id);
      expect(await ids(view), view).toContain(id);
    }
    expect((await get(`/details/${id}`)).statusCode).toBe(200);
  });

  it('drops a deleted listing at once from every view, details included', async () => {
    const id = await addProduct(env.ctx.app, env.seller, {
      productName: 'Zenbook cachetest gone',
      category: '02',
    });
    const views = ['/category/products/02', '/recent-product', '/search?q=cachetest'];
    for (const view of views) expect(await ids(view), view).toContain(id);
    expect((await get(`/details/${id}`)).statusCode).toBe(200);

    const deleted = await env.ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/add-products/${id}`,
      headers: bearer(env.seller),
    });
    expect(deleted.statusCode).toBe(200);
    for (const view of views) expect(await ids(view), view).not.toContain(id);
    expect((await get(`/details/${id}`)).statusCode).toBe(404);
  });

  it('keeps every answer through a message, a notification read, a newsletter sign-up and a contact send', async () => {
    const buyer = await registerActor(env.ctx.app, 'buyer');
    const listing = await addProduct(env.ctx.app, env.seller, { productName: 'Keepcachetest Swift 3' });
    const views = [
      '/recent-product',
      '/category/products/03',
      `/details/${listing}`,
      '/search?q=keepcachetest',
    ];
    for (const view of views) await get(view);
    const before = { ...env.ctx.app.catalogCache.stats };

    const post = (url: string, payload: object, actor?: Actor) =>
      env.ctx.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: bearer(actor), payload });
    const message = await post(
      '/conversations',
      { productId: listing, text: 'Is the battery original?' },
      buyer,
    );
    expect(message.statusCode).toBe(201);
    expect((await post('/notifications/read', {}, env.seller)).statusCode).toBe(200);
    expect((await post('/newsletter', { email: 'keepcache@example.test' })).statusCode).toBeLessThan(300);
    const contact = await post('/emailjs/api/v1.0/email/send', {
      user_id: 'demo-public-key',
      service_id: 'service_secondbyte',
      template_id: 'template_contact',
      template_params: { user_name: 'Cache Carol', user_email: 'carol@example.test', message: 'Hello' },
    });
    expect(contact.statusCode).toBe(200);

    for (const view of views) expect(holds(view), view).toBe(true);
    expect(env.ctx.app.catalogCache.stats.invalidated).toBe(before.invalidated);
    for (const view of views) await get(view);
    expect(env.ctx.app.catalogCache.stats.hits - before.hits).toBe(views.length);
  });

  it('a price edit forgets only the answers that show the listing or filter and sort by price', async () => {
    const edited = await addProduct(env.ctx.app, env.seller, {
      productName: 'Repricecachetest Inspiron',
      category: '01',
      price: 500,
    });
    const other = await addProduct(env.ctx.app, env.seller, {
      productName: 'Steadycachetest Aspire',
      category: '04',
    });
    const forgotten = [
      `/details/${edited}`,
      '/category/products/01?limit=5',
      '/recent-product?limit=5',
      '/search?q=repricecachetest',
      '/search?minPrice=100',
      '/search?category=01&sort=price-asc',
    ];
    const kept = [
      `/details/${other}`,
      '/category/products/04?limit=5',
      '/search?q=steadycachetest',
      '/search?category=04&sort=price-asc',
      '/category',
    ];
    for (const view of [...forgotten, ...kept]) {
      expect((await get(view)).statusCode, view).toBe(200);
      expect(holds(view), view).toBe(true);
    }
    const repriced = await env.ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/add-products/${edited}`,
      headers: bearer(env.seller),
      payload: { price: 450 },
    });
    expect(repriced.statusCode).toBe(200);
    for (const view of forgotten) expect(holds(view), view).toBe(false);
    for (const view of kept) expect(holds(view), view).toBe(true);
    const details = (await get(`/details/${edited}`)).json() as { price: number };
    expect(details.price).toBe(450);
  });

  it('forgets what a write made outside the API changed, a fix in psql included', async () => {
    const id = await addProduct(env.ctx.app, env.seller, { productName: 'Psqlcachetest Envy' });
    expect(((await get(`/details/${id}`)).json() as { productName: string }).productName).toBe(
      'Psqlcachetest Envy',
    );
    await queryRows(env.ctx, sql`update products set name = 'Psqlcachetest Envy x360' where id = ${id}`);
    await vi.waitFor(async () =>
      expect(((await get(`/details/${id}`)).json() as { productName: string }).productName).toBe(
        'Psqlcachetest Envy x360',
      ),
    );
  });

  it('a write that rolls back forgets nothing', async () => {
    const id = await addProduct(env.ctx.app, env.seller, { productName: 'Rollbackcachetest Pavilion' });
    await get(`/details/${id}`);
    await env.ctx.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`update products set name = 'never committed' where id = ${id}`);
        throw new Error('roll back');
      })
      .catch(() => 'rolled back');
    await queryRows(env.ctx, sql`select pg_notify('sb_catalog_cache', 'B:test')`);
    expect(holds(`/details/${id}`)).toBe(true);
  });

  it('keeps the cache through refused writes and never stores an error', async () => {
    const [top] = await ids('/recent-product?limit=1');
    for (const [headers, status] of [
      [{}, 401],
      [bearer(env.seller), 404],
    ] as const) {
      const refused = await env.ctx.app.inject({
        method: 'DELETE',
        url: '/api/v1/add-products/no-such-listing',
        headers,
      });
      expect(refused.statusCode).toBe(status);
    }
    const hitsBefore = hits();
    expect(await ids('/recent-product?limit=1')).toEqual([top]);
    expect(hits() - hitsBefore).toBe(1);

    expect((await get('/details/no-such-listing')).statusCode).toBe(404);
    expect((await get('/category/products/04?page=0')).statusCode).toBe(400);
    expect((await get('/details/no-such-listing')).statusCode).toBe(404);
    expect((await get('/details/no-such-listing')).headers.etag).toBeUndefined();
  });

  it('never answers a signed-in request or a non-public route from the cache', async () => {
    const id = await addProduct(env.ctx.app, env.seller, {
      productName: 'Private cachetest',
      category: '01',
    });
    await get(`/details/${id}`);
    await env.ctx.app.inject({ method: 'GET', url: '/api/v1/add-products', headers: bearer(env.seller) });
    const hitsBefore = hits();

    const own = await env.ctx.app.inject({
      method: 'GET',
      url: '/api/v1/add-products',
      headers: bearer(env.seller),
    });
    expect(own.headers.etag).toBeUndefined();
    expect(
      (own.json() as { _id: string; productName: string }[]).find((p) => p._id === id)?.productName,
    ).toBe('Private cachetest');
    const signedIn = await get(`/details/${id}`, bearer(env.seller));
    expect(signedIn.headers.etag).toBeUndefined();
    expect((signedIn.json() as { productName: string }).productName).toBe('Private cachetest');
    expect(hits()).toBe(hitsBefore);
    // The anonymous entry is there all along, and answers the next anonymous read.
    expect(holds(`/details/${id}`)).toBe(true);
    await get(`/details/${id}`);
    expect(hits() - hitsBefore).toBe(1);
  });

  it('refuses at start-up a cached route that is not a public GET', async () => {
    const app = Fastify({ logger: false });
    await app.register(catalogCache, { enabled: true, maxEntries: 10, maxBytes: 1024, ttlMs: 1000 });
    app.get('/open', { config: { access: 'public', cache: 'catalog' } }, async () => ({}));
    expect(() =>
      app.get('/mine', { config: { access: 'user', cache: 'catalog' } }, async () => ({})),
    ).toThrow(/only public GET routes may be cached/);
    expect(() =>
      app.post('/open', { config: { access: 'public', cache: 'catalog' } }, async () => ({})),
    ).toThrow(/only public GET routes may be cached/);
    await app.close();
  });

  it('a client that hung up before the cache saw its request leaves no miss in flight behind', async () => {
    const app = Fastify({ logger: false });
    // Runs before the cache's hook, as helmet, CORS and the draining check do in the API.
    app.addHook('onRequest', async (request, reply) => {
      if (request.headers['x-hang-up']) {
        const closed = new Promise((resolve) => reply.raw.once('close', resolve));
        request.raw.socket.destroy();
        await closed;
      }
    });
    await app.register(catalogCache, { enabled: true, maxEntries: 10, maxBytes: 1 << 20, ttlMs: 60_000 });
    let computed = 0;
    app.get('/open', { config: { access: 'public', cache: 'catalog' } }, async (request) => {
      dependsOn(request, [catalogTag.brands]);
      return { n: ++computed };
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      await fetch(`${address}/open`, { headers: { 'x-hang-up': '1' } }).catch(() => 'hung up');
      await vi.waitUntil(() => app.catalogCache.stats.misses === 1);
      // Nothing leads a flight that would never end, so the next miss computes at once.
      expect(app.catalogCache.computing).toBe(0);
      expect(await (await fetch(`${address}/open`)).json()).toEqual({ n: 1 });
      expect(app.catalogCache.stats.coalesced).toBe(0);
      expect(app.catalogCache.computing).toBe(0);
    } finally {
      await app.close();
    }
  });

  it('serves an expired answer once more while one request computes it again', async () => {
    const app = Fastify({ logger: false });
    await app.register(catalogCache, { enabled: true, maxEntries: 10, maxBytes: 1 << 20, ttlMs: 50 });
    let computed = 0;
    app.get('/open', { config: { access: 'public', cache: 'catalog' } }, async (request) => {
      dependsOn(request, [catalogTag.brands]);
      return { n: ++computed };
    });
    try {
      expect((await app.inject('/open')).json()).toEqual({ n: 1 });
      await new Promise((resolve) => setTimeout(resolve, 80));
      const answers = await Promise.all([app.inject('/open'), app.inject('/open')]);
      expect(answers.map((a) => a.json())).toEqual([{ n: 1 }, { n: 1 }]);
      expect(answers.map((a) => a.headers['x-cache'])).toEqual(['STALE', 'STALE']);
      await vi.waitUntil(() => computed === 2);
      await vi.waitFor(async () => expect((await app.inject('/open')).json()).toEqual({ n: 2 }));
      expect(computed).toBe(2);
      expect(app.catalogCache.stats.stale).toBe(2);
    } finally {
      await app.close();
    }
  });

  it('does not store an answer whose route declared no dependencies', async () => {
    const app = Fastify({ logger: false });
    await app.register(catalogCache, { enabled: true, maxEntries: 10, maxBytes: 1 << 20, ttlMs: 60_000 });
    let computed = 0;
    app.get('/open', { config: { access: 'public', cache: 'catalog' } }, async () => ({ n: ++computed }));
    try {
      await app.inject('/open');
      expect((await app.inject('/open')).json()).toEqual({ n: 2 });
      expect(app.catalogCache.holds('/open')).toBe(false);
    } finally {
      await app.close();
    }
  });

  it('keys on the path and the sorted query, whatever their order or a trailing slash', () => {
    expect(cacheKey('/api/v1/search?q=a&cpu=x&cpu=b')).toBe('/api/v1/search?cpu=b&cpu=x&q=a');
    expect(cacheKey('/api/v1/recent-product/')).toBe('/api/v1/recent-product');
    expect(cacheKey('/api/v1/recent-product?')).toBe('/api/v1/recent-product');
    expect(cacheKey('/api/v1/search?q=think%20pad')).toBe(cacheKey('/api/v1/search?q=think+pad'));
  });
});

describe('two API instances on one database', () => {
  let peer: TestContext;
  beforeAll(async () => {
    peer = await startPeerApp(env.ctx);
  });
  afterAll(async () => peer?.close());

  it('clear each other’s cache when either writes (NOTIFY)', async () => {
    const views = ['/recent-product', '/category/products/01', '/search?q=peercachetest'];
    for (const view of views) {
      await ids(view);
      await ids(view, peer.app);
    }
    const id = await addProduct(env.ctx.app, env.seller, {
      productName: 'Peercachetest Latitude',
      category: '01',
    });
    for (const view of views) expect(await ids(view), view).toContain(id);
    // The notification reaches the other process asynchronously, a few milliseconds later.
    for (const view of views) await vi.waitFor(async () => expect(await ids(view, peer.app)).toContain(id));

    // And the other way round: a delete through the peer empties this instance's cache.
    const deleted = await peer.app.inject({
      method: 'DELETE',
      url: `/api/v1/add-products/${id}`,
      headers: bearer(env.seller),
    });
    expect(deleted.statusCode).toBe(200);
    for (const view of views) await vi.waitFor(async () => expect(await ids(view)).not.toContain(id));
  });
});
