import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_LISTINGS_REVIEWED } from 'shared-contracts/moderation';
import {
  addProduct,
  addProductAwaitingReview,
  bearer,
  demoActor,
  queryRows,
  registerActor,
  startTestApp,
  type Actor,
  type TestContext,
} from '../../test/harness';
import { runSavedSearchRound } from '../saved-searches/saved-searches.service';

let ctx: TestContext;
let admin: Actor;
let buyer: Actor;
beforeAll(async () => {
  ctx = await startTestApp();
  [admin, buyer] = await Promise.all([demoActor(ctx.app, 'admin'), registerActor(ctx.app, 'buyer')]);
});
afterAll(async () => ctx?.close());

const get = (url: string, actor?: Actor) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(actor) });
const post = (url: string, actor: Actor | undefined, payload?: object) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: bearer(actor),
    ...(payload ? { payload } : {}),
  });
const stateOf = async (id: string) =>
  (await queryRows<{ review_state: string }>(ctx, sql`select review_state from products where id = ${id}`))[0]
    ?.review_state;
const ids = (body: unknown): string[] => {
  const list = Array.isArray(body) ? body : ((body as { items?: unknown[] }).items ?? []);
  return (list as { _id: string }[]).map((p) => p._id);
};

/** The newest-first counts (migration 0019) equal the published listings, per brand and in all. */
async function expectDayCountsMatchListings() {
  const [counted] = await queryRows<{ n: number }>(
    ctx,
    sql`select coalesce(sum(listed), 0)::int as n from listing_day_counts where scope = '*'`,
  );
  const [listed] = await queryRows<{ n: number }>(
    ctx,
    sql`select count(*)::int as n from products p join users u on u.id = p.seller_id
        where p.deleted_at is null and u.deleted_at is null and p.review_state = 'published'`,
  );
  expect(counted!.n).toBe(listed!.n);
}

describe('a new seller’s first listings wait for review', () => {
  it(`holds the first ${FIRST_LISTINGS_REVIEWED} and publishes the next one`, async () => {
    const seller = await registerActor(ctx.app, 'seller');
    const held: string[] = [];
    for (let i = 0; i < FIRST_LISTINGS_REVIEWED; i++)
      held.push(await addProductAwaitingReview(ctx.app, seller, { productName: `Held laptop ${i}` }));
    for (const id of held) expect(await stateOf(id)).toBe('pending');
    const fourth = await addProductAwaitingReview(ctx.app, seller, { productName: 'Fourth laptop' });
    expect(await stateOf(fourth)).toBe('published');
    await expectDayCountsMatchListings();
  });

  it('keeps a held listing out of every public read, and shows it to its seller', async () => {
    const seller = await registerActor(ctx.app, 'seller');
    const id = await addProductAwaitingReview(ctx.app, seller, { productName: 'Zqxhidden Moderated Laptop' });
    expect((await get(`/details/${id}`)).statusCode).toBe(404);
    expect(ids((await get('/category/products/03')).json())).not.toContain(id);
    expect(ids((await get('/search?q=Zqxhidden')).json())).not.toContain(id);
    const sellerPage = (await get(`/sellers/${seller.id}`)).json() as {
      listings: { items: { _id: string }[] };
    };
    expect(sellerPage.listings.items.map((p) => p._id)).not.toContain(id);
    // Its seller sees it in My Products, with its state.
    const mine = (await get('/add-products', seller)).json() as { _id: string; reviewState: string }[];
    expect(mine.find((p) => p._id === id)?.reviewState).toBe('pending');
    // Booking, offering, saving and reporting answer as for a listing that does not exist.
    expect(
      (await post('/bookings', buyer, { productId: id, phone: '+880 1711 111111', place: 'Dhanmondi 27' }))
        .statusCode,
    ).toBe(404);
    expect((await post('/offers', buyer, { productId: id, amount: 300 })).statusCode).toBe(404);
    await expectDayCountsMatchListings();
  });
});

describe('the operators’ queue', () => {
  it('lists waiting listings for admins only, paged and searched', async () => {
    const seller = await registerActor(ctx.app, 'seller');
    const id = await addProductAwaitingReview(ctx.app, seller, { productName: 'Queued Qwvz Laptop' });
    expect((await get('/admin/moderation', seller)).statusCode).toBe(403);
    expect((await get('/admin/moderation')).statusCode).toBe(401);
    const res = await get('/admin/moderation?q=qwvz&limit=10', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('1');
    const [item] = res.json() as { _id: string; flags: { code: string }[]; photos: string[] }[];
    expect(item?._id).toBe(id);
    // The harness's photo is also on a demo listing, so 'photo-reused' may come with it.
    expect(item?.flags).toContainEqual({ code: 'first-listings' });
    expect(item?.photos.length).toBeGreaterThan(0);
  });

  it('approval publishes the listing, alerts saved searches then, audits and tells the seller', async () => {
    const seller = await registerActor(ctx.app, 'seller');
    const saver = await registerActor(ctx.app, 'buyer');
    expect((await post('/saved-searches', saver, { query: 'q=Xylofon' })).statusCode).toBe(201);
    const id = await addProductAwaitingReview(ctx.app, seller, { productName: 'Xylofon Approved Laptop' });
    const matches = () =>
      queryRows(ctx, sql`select 1 from saved_search_matches where product_id = ${id}`).then((r) => r.length);
    expect(await matches()).toBe(0);
    expect((await post(`/admin/moderation/${id}/approve`, seller)).statusCode).toBe(403);
    expect((await post(`/admin/moderation/${id}/approve`, admin)).statusCode).toBe(200);
    expect(await stateOf(id)).toBe('published');
    // Matched by the alerts' round after the approval commits (every second in this process).
    while ((await runSavedSearchRound(ctx.app.deps.db)) > 0);
    expect(await matches()).toBe(1);
    expect((await get(`/details/${id}`)).statusCode).toBe(200);
    expect(ids((await get('/search?q=Xylofon')).json())).toContain(id);
    const audit = await queryRows(
      ctx,
      sql`select 1 from audit_log where action = 'listing.approve' and target_id = ${id}`,
    );
    expect(audit).toHaveLength(1);
    const bell = (await get('/notifications', seller)).json() as { items: { kind: string }[] };
    expect(bell.items.map((n) => n.kind)).toContain('listing-approved');
    // Decided once: a second approval is a conflict, an unknown id a 404.
    expect((await post(`/admin/moderation/${id}/approve`, admin)).statusCode).toBe(409);
    expect((await post('/admin/moderation/nosuchlisting/approve', admin)).statusCode).toBe(404);
    await expectDayCountsMatchListings();
  });

  it('refusal needs a reason, which the seller reads; an edit sends it back to the queue', async () => {
    const seller = await registerActor(ctx.app, 'seller');
    const id = await addProductAwaitingReview(ctx.app, seller);
    for (const reason of [undefined, '', 'no', 'x'.repeat(301), 'bad\u0000text']) {
      const res = await post(`/admin/moderation/${id}/refuse`, admin, reason === undefined ? {} : { reason });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
    expect(await stateOf(id)).toBe('pending');
    expect(
      (await post(`/admin/moderation/${id}/refuse`, admin, { reason: 'The photos show another laptop' }))
        .statusCode,
    ).toBe(200);
    expect(await stateOf(id)).toBe('refused');
    expect((await get(`/details/${id}`)).statusCode).toBe(404);
    const mine = (await get('/add-products', seller)).json() as {
      _id: string;
      reviewState: string;
      refusalReason: string | null;
    }[];
    expect(mine.find((p) => p._id === id)).toMatchObject({
      reviewState: 'refused',
      refusalReason: 'The photos show another laptop',
    });
    const audit = await queryRows(
      ctx,
      sql`select 1 from audit_log where action = 'listing.refuse' and target_id = ${id}`,
    );
    expect(audit).toHaveLength(1);
    const bell = (await get('/notifications', seller)).json() as { items: { kind: string }[] };
    expect(bell.items.map((n) => n.kind)).toContain('listing-refused');
    const edit = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/add-products/${id}`,
      headers: bearer(seller),
      payload: { price: 300 },
    });
    expect(edit.statusCode).toBe(200);
    expect(await stateOf(id)).toBe('pending');
    await expectDayCountsMatchListings();
  });

  it('addProduct (the harness) leaves a public listing', async () => {
    const seller = await registerActor(ctx.app, 'seller');
    const id = await addProduct(ctx.app, seller);
    expect((await get(`/details/${id}`)).statusCode).toBe(200);
  });
});
