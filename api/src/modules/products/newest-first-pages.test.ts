import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addProduct,
  queryRows,
  registerActor,
  startTestApp,
  type Actor,
  type TestContext,
} from '../../test/harness';

let ctx: TestContext;
let seller: Actor;
beforeAll(async () => {
  ctx = await startTestApp();
  seller = await registerActor(ctx.app, 'seller', 'Paging Seller');
});
afterAll(async () => ctx?.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url: `/api/v1${url}` });
const idsOf = (res: { json(): unknown }) => (res.json() as { _id: string }[]).map((p) => p._id);
/** The `Link: <…>; rel="next"` target, without the API prefix (null on the last page). */
const nextOf = (res: { headers: Record<string, unknown> }) => {
  const link = res.headers.link;
  if (link === undefined) return null;
  const match = /^<\/api\/v1([^>]+)>; rel="next"$/.exec(String(link));
  expect(match, String(link)).not.toBeNull();
  return match![1]!;
};

/** `count` listings of brand 05 made in one statement, as copies of one of the seller's. */
async function addMany(count: number, name: string) {
  const template = await addProduct(ctx.app, seller, { productName: `${name} template`, category: '05' });
  await queryRows(
    ctx,
    sql`insert into products (id, seller_id, category_id, name, price_cents, quality, phone, location,
          description, year, image_url, created_at)
        select gen_random_uuid()::text, seller_id, category_id, name || ' ' || n, price_cents, quality,
          phone, location, description, year, image_url, created_at - n * interval '1 second'
        from products, generate_series(1, ${count}) as n where id = ${template}`,
  );
}

describe('newest-first lists: the spec’s page through a keyset, and a Link to follow', () => {
  it('a page is what an offset would give, and past the end is empty with the total', async () => {
    await addMany(30, 'Pagingtest Vivobook');
    const all = idsOf(await get('/category/products/05?limit=24'));
    expect(all).toHaveLength(24);
    for (const page of [1, 2, 3, 8]) {
      const res = await get(`/category/products/05?limit=3&page=${page}`);
      expect(res.statusCode).toBe(200);
      expect(idsOf(res), `page ${page}`).toEqual(all.slice((page - 1) * 3, page * 3));
    }
    const total = Number((await get('/category/products/05?limit=3')).headers['x-total-count']);
    const beyond = await get(`/category/products/05?limit=3&page=${Math.ceil(total / 3) + 1}`);
    expect(beyond.statusCode).toBe(200);
    expect(beyond.json()).toEqual([]);
    expect(Number(beyond.headers['x-total-count'])).toBe(total);
    expect(beyond.headers.link).toBeUndefined();
  });

  it('following Link rel="next" while listings are added repeats and skips nothing', async () => {
    for (const list of ['/category/products/05?limit=4', '/recent-product?limit=4']) {
      const before = new Set(idsOf(await get(list.replace('limit=4', 'limit=100'))));
      const seen: string[] = [];
      let next: string | null = list;
      while (next) {
        const res = await get(next);
        expect(res.statusCode, next).toBe(200);
        seen.push(...idsOf(res));
        next = nextOf(res);
        // Added while the buyer reads: newer than every row, so before the walk's position.
        await addProduct(ctx.app, seller, { productName: 'Pagingtest newcomer', category: '05' });
        if (seen.length > 200) break;
      }
      expect(new Set(seen).size, list).toBe(seen.length);
      const walked = new Set(seen);
      expect(
        [...before].filter((id) => !walked.has(id)),
        list,
      ).toEqual([]);
    }
  });

  it('refuses a forged cursor, an edited one and another list’s with 400', async () => {
    const first = await get('/category/products/05?limit=2');
    const next = nextOf(first)!;
    const cursor = new URL(next, 'http://x').searchParams.get('cursor')!;
    const [body, signature] = cursor.split('.');
    const position = JSON.parse(Buffer.from(body!, 'base64url').toString('utf8')) as { id: string };
    const edited = Buffer.from(JSON.stringify({ ...position, id: 'zzzz' })).toString('base64url');
    const searchCursor = ((await get('/search?sort=newest&limit=1')).json() as { nextCursor: string })
      .nextCursor;
    for (const forged of [body!, `${edited}.${signature}`, 'not-a-cursor', searchCursor]) {
      const res = await get(`/category/products/05?limit=2&cursor=${encodeURIComponent(forged)}`);
      expect(res.statusCode, forged).toBe(400);
      expect(res.json().error).toBe('invalid_cursor');
    }
  });

  it('counts a long list up to a bound, then gives an estimate marked as one', async () => {
    const short = await get('/category/products/03?limit=1');
    expect(short.headers['x-total-is-estimate']).toBeUndefined();
    expect(Number(short.headers['x-total-count'])).toBeGreaterThan(0);
    await addMany(1_100, 'Pagingtest bulk');
    await queryRows(ctx, sql`analyze products`);
    const long = await get('/category/products/05?limit=1');
    expect(long.headers['x-total-is-estimate']).toBe('true');
    expect(Number(long.headers['x-total-count'])).toBeGreaterThan(1_000);
    // The cached answer keeps the mark.
    const again = await get('/category/products/05?limit=1');
    expect(again.headers['x-cache']).toBe('HIT');
    expect(again.headers['x-total-is-estimate']).toBe('true');
  });
});
