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

  it('keeps each day’s count equal to the listings it holds through adds, moves, deletes and a deleted seller', async () => {
    const gone = await registerActor(ctx.app, 'seller', 'Leaving Seller');
    const theirs = await addProduct(ctx.app, gone, { productName: 'Pagingtest leaving', category: '02' });
    await addMany(1_100, 'Pagingtest bulk');
    const mine = await addProduct(ctx.app, seller, { productName: 'Pagingtest mover', category: '05' });
    await queryRows(ctx, sql`update products set category_id = '01' where id = ${mine}`);
    await queryRows(
      ctx,
      sql`update products set created_at = created_at - interval '40 days' where id = ${theirs}`,
    );
    await queryRows(
      ctx,
      sql`update products set deleted_at = now() where id in (select id from products where name like 'Pagingtest bulk 1%')`,
    );
    await queryRows(
      ctx,
      sql`update users set deleted_at = now() where id = (select seller_id from products where id = ${theirs})`,
    );
    const listed = sql`p.deleted_at is null and not exists (select 1 from users u where u.id = p.seller_id and u.deleted_at is not null)`;
    const actual = await queryRows<{ scope: string; starts: string; n: number }>(
      ctx,
      sql`select s.scope, date_bin('1 day', p.created_at, timestamptz 'epoch')::text as starts, count(*)::int as n
          from products p cross join lateral (values (p.category_id), ('*')) as s(scope)
          where ${listed} group by 1, 2 order by 1, 2`,
    );
    const kept = await queryRows<{ scope: string; starts: string; n: number }>(
      ctx,
      sql`select scope, starts::text as starts, listed as n from listing_day_counts where listed > 0 order by 1, 2`,
    );
    expect(kept).toEqual(actual);
    // And the lists' totals are those counts: exact at any size.
    const [brand] = await queryRows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from products p where p.category_id = '05' and ${listed}`,
    );
    expect(Number((await get('/category/products/05?limit=1')).headers['x-total-count'])).toBe(brand!.n);
    expect(brand!.n).toBeGreaterThan(1_000);
    const deep = await get(`/category/products/05?limit=10&page=${Math.ceil(brand!.n / 10)}`);
    expect(idsOf(deep).length).toBe(brand!.n % 10 || 10);
  });
});
