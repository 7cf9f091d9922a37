import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SAVED_SEARCHES } from 'shared-contracts/saved-searches';
import {
  addProduct,
  bearer,
  queryRows,
  registerActor,
  startTestApp,
  type Actor,
  type TestContext,
} from '../../test/harness';
import {
  alertVerifiedOnlySearches,
  sendSearchDigests,
  alertSavedSearches,
  runSavedSearchRound,
  unsubscribeTokens,
  unsubscribeUrl,
  type DigestDeps,
} from './saved-searches.service';

let ctx: TestContext;
let seller: Actor;
let buyer: Actor;
let otherBuyer: Actor;
let banglaBuyer: Actor;
let digestDeps: DigestDeps;
beforeAll(async () => {
  ctx = await startTestApp();
  [seller, buyer, otherBuyer, banglaBuyer] = await Promise.all([
    registerActor(ctx.app, 'seller'),
    registerActor(ctx.app, 'buyer'),
    registerActor(ctx.app, 'buyer'),
    registerActor(ctx.app, 'buyer'),
  ]);
  await queryRows(ctx, sql`update users set language = 'bn' where id = ${banglaBuyer.id}`);
  const { config, mailer } = ctx.app.deps;
  digestDeps = {
    mailer,
    publicApiUrl: config.publicApiUrl,
    unsubscribeTokens: unsubscribeTokens(config.apiTokenSecret),
  };
});
afterAll(async () => ctx?.close());

type Method = 'GET' | 'DELETE' | 'POST';
const inject = (method: Method, url: string, actor?: Actor, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(actor), ...(payload ? { payload } : {}) });
const save = (actor: Actor, query: string) => inject('POST', '/saved-searches', actor, { query });

const alertsOf = (actor: Actor, productId: string) =>
  queryRows<{ kind: string; params: Record<string, unknown>; link: string }>(
    ctx,
    // Saved-search alerts only: a new seller's listing also brings them the queue's approval.
    sql`select kind, params, link from notifications where user_id = ${actor.id} and params->>'productId' = ${productId} and kind <> 'listing-approved' order by id`,
  );
/**
 * Waits for the API's own round (plugins/expiry-sweeps.ts, every second) to match every listing
 * published and tell every match, and answers how long that took.
 */
const bellSettled = async (withinMs = 5_000) => {
  const started = Date.now();
  for (;;) {
    const [row] = await queryRows<{ n: number }>(
      ctx,
      sql`select (select count(*) from saved_search_matches where told_at is null)
        + (select count(*) from saved_search_unmatched) as n`,
    );
    if (Number(row?.n) === 0) return Date.now() - started;
    if (Date.now() - started > withinMs)
      throw new Error(`${row?.n} listings unmatched or matches untold after ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};
const searchCount = async (actor: Actor) =>
  Number(
    (
      await queryRows<{ n: number }>(
        ctx,
        sql`select count(*)::int as n from saved_searches where user_id = ${actor.id}`,
      )
    )[0]?.n,
  );

describe('saving a search', () => {
  it('keeps the words, filters and sort in canonical form; the same search again is the same row', async () => {
    const first = await save(
      buyer,
      '?q=ThinkPad&maxPrice=60000&condition=Good,Excellent&sort=newest&cursor=x',
    );
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      query: 'condition=Good%2CExcellent&maxPrice=60000&q=ThinkPad&sort=newest',
      words: 'ThinkPad',
    });
    const again = await save(
      buyer,
      'sort=newest&q=ThinkPad&condition=Good&condition=Excellent&maxPrice=60000',
    );
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ _id: first.json()._id, created: false });
    expect(first.json()).toMatchObject({ created: true });
    expect(await searchCount(buyer)).toBe(1);
  });

  it('validates with the search schema and changes nothing when refused', async () => {
    const before = await searchCount(otherBuyer);
    for (const [query, field] of [
      ['minPrice=500&maxPrice=100', 'minPrice'],
      ['condition=Broken', 'condition'],
      ['minRam=abc', 'minRam'],
      ['sort=cheapest', 'sort'],
    ] as const) {
      const res = await save(otherBuyer, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ error: expect.any(String) });
      expect(res.json().message).toContain(field);
    }
    const empty = await save(otherBuyer, 'sort=newest');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('needs words or at least one filter');
    expect(
      (await inject('POST', '/saved-searches', otherBuyer, { query: 'q='.padEnd(1200, 'a') })).statusCode,
    ).toBe(400);
    expect((await inject('POST', '/saved-searches', undefined, { query: 'q=dell' })).statusCode).toBe(401);
    expect(await searchCount(otherBuyer)).toBe(before);
  });

  it(`refuses one search over ${MAX_SAVED_SEARCHES} with a clear message`, async () => {
    const capped = await registerActor(ctx.app, 'buyer');
    for (let i = 0; i < MAX_SAVED_SEARCHES; i += 1) {
      expect((await save(capped, `q=model${i}`)).statusCode).toBe(201);
    }
    const refused = await save(capped, 'q=onemore');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'saved_search_limit' });
    expect(refused.json().message).toContain(`at most ${MAX_SAVED_SEARCHES}`);
    expect(await searchCount(capped)).toBe(MAX_SAVED_SEARCHES);
    // The same search again is no new one: it is answered, not refused.
    expect((await save(capped, 'q=model3')).statusCode).toBe(200);
  });

  it("lists the user's own searches paged and searched on the server; deletes only their own", async () => {
    const lister = await registerActor(ctx.app, 'buyer');
    for (const q of ['dell latitude', 'hp elitebook', 'dell xps'])
      await save(lister, `q=${encodeURIComponent(q)}`);
    const page = await inject('GET', '/saved-searches?limit=2&page=1', lister);
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.json()).toHaveLength(2);
    const found = await inject('GET', '/saved-searches?q=dell', lister);
    expect(found.headers['x-total-count']).toBe('2');
    expect((found.json() as { words: string }[]).map((s) => s.words).sort()).toEqual([
      'dell latitude',
      'dell xps',
    ]);
    const id = (found.json() as { _id: string }[])[0]!._id;
    expect((await inject('DELETE', `/saved-searches/${id}`, buyer)).statusCode).toBe(404);
    expect((await inject('DELETE', `/saved-searches/${id}`, lister)).statusCode).toBe(200);
    expect((await inject('DELETE', `/saved-searches/${id}`, lister)).statusCode).toBe(404);
    expect((await inject('GET', '/saved-searches', lister)).headers['x-total-count']).toBe('2');
  });
});

describe('alerts at publish', () => {
  it('tells each matching owner once in the bell; not the non-matching, not the seller', async () => {
    const fan = await registerActor(ctx.app, 'buyer');
    const cheap = await registerActor(ctx.app, 'buyer');
    const other = await registerActor(ctx.app, 'buyer');
    // Two of fan's searches match: still one notification.
    await save(fan, 'q=zenbook');
    await save(fan, 'q=zenbook&minRam=8&condition=Good');
    await save(cheap, 'q=zenbook&maxPrice=100');
    await save(other, 'q=vivobook');
    await save(seller, 'q=zenbook');
    const productId = await addProduct(ctx.app, seller, {
      productName: 'Asus Zenbook 14 UX425',
      price: 45000,
    });
    // The publish records the matches; the bell follows from the round after commit, promptly.
    expect(await bellSettled(3_000)).toBeLessThan(3_000);
    expect(await alertsOf(fan, productId)).toEqual([
      {
        kind: 'saved-search-match',
        params: { productId, productName: 'Asus Zenbook 14 UX425', price: 45000 },
        link: `/details/${productId}`,
      },
    ]);
    expect(await alertsOf(cheap, productId)).toEqual([]);
    expect(await alertsOf(other, productId)).toEqual([]);
    expect(await alertsOf(seller, productId)).toEqual([]);
    // The bell's feed carries it.
    const feed = (await inject('GET', '/notifications', fan)).json() as {
      items: { kind: string; link: string }[];
    };
    expect(feed.items[0]).toMatchObject({ kind: 'saved-search-match', link: `/details/${productId}` });
  });

  it('matches the filters: category, price band, condition, memory, year and a description word', async () => {
    const picky = await registerActor(ctx.app, 'buyer');
    await save(
      picky,
      'category=03&minPrice=30000&maxPrice=50000&condition=Excellent&minRam=16&minYear=2020&q=gaming',
    );
    const base = {
      productName: 'Legion laptop',
      description: 'A gaming laptop, RTX graphics',
      quality: 'Excellent',
      year: 2021,
      price: 40000,
    };
    const hit = await addProduct(ctx.app, seller, base);
    const misses = [
      await addProduct(ctx.app, seller, { ...base, price: 51000 }),
      await addProduct(ctx.app, seller, { ...base, quality: 'Fair' }),
      await addProduct(ctx.app, seller, { ...base, year: 2019 }),
      await addProduct(ctx.app, seller, { ...base, description: 'An office laptop' }),
    ];
    await bellSettled();
    expect(await alertsOf(picky, hit)).toHaveLength(1);
    for (const miss of misses) expect(await alertsOf(picky, miss)).toEqual([]);
  });

  it('notes the listing at publish, matches and tells it once after commit, however many rounds run', async () => {
    const twice = await registerActor(ctx.app, 'buyer');
    await save(twice, 'q=aspire');
    const productId = await addProduct(ctx.app, seller, { productName: 'Acer Aspire 5 A515', price: 38000 });
    const matches = () =>
      queryRows<{ told: boolean }>(
        ctx,
        sql`select told_at is not null as told from saved_search_matches where product_id = ${productId}`,
      );
    await bellSettled();
    // Rounds racing with the timer's tell nothing again.
    await Promise.all([runSavedSearchRound(ctx.app.deps.db), runSavedSearchRound(ctx.app.deps.db)]);
    expect(await matches()).toEqual([{ told: true }]);
    // A listing published again (an edit that re-publishes) is neither matched nor told twice.
    await ctx.app.deps.db.transaction((tx) => alertSavedSearches(tx, productId));
    await bellSettled();
    expect(await matches()).toEqual([{ told: true }]);
    expect(await alertsOf(twice, productId)).toHaveLength(1);
  });

  it('tells matches an earlier release recorded untold, once, before matching new listings', async () => {
    const leftOver = await registerActor(ctx.app, 'buyer');
    const saved = await save(leftOver, 'q=probook');
    const productId = await addProduct(ctx.app, seller, { productName: 'HP ProBook 450 G8', price: 41000 });
    await bellSettled();
    // A process of the previous release matched in one step and told in the next: it stopped
    // between the two, leaving the match recorded and its owner not yet told.
    await queryRows(ctx, sql`delete from notifications where user_id = ${leftOver.id}`);
    await queryRows(
      ctx,
      sql`update saved_search_matches set told_at = null where saved_search_id = ${saved.json()._id}`,
    );
    expect(await alertsOf(leftOver, productId)).toEqual([]);
    await Promise.all([runSavedSearchRound(ctx.app.deps.db), runSavedSearchRound(ctx.app.deps.db)]);
    expect(await alertsOf(leftOver, productId)).toMatchObject([
      { kind: 'saved-search-match', link: `/details/${productId}` },
    ]);
  });
});

describe('"Verified devices only"', () => {
  it('is kept in the saved query and only a verified listing alerts it', async () => {
    const careful = await registerActor(ctx.app, 'buyer');
    const anyDevice = await registerActor(ctx.app, 'buyer');
    const saved = await save(careful, 'verified=true&q=elitebook');
    expect(saved.statusCode).toBe(201);
    expect(saved.json()).toMatchObject({ query: 'q=elitebook&verified=true' });
    // Off is the search's default, not a filter: it is not kept.
    expect((await save(anyDevice, 'q=elitebook&verified=false')).json()).toMatchObject({
      query: 'q=elitebook',
    });
    // Verified only is a filter on its own: a search of it alone is not empty.
    expect((await save(careful, 'verified=true')).statusCode).toBe(201);

    const productId = await addProduct(ctx.app, seller, { productName: 'HP EliteBook 840 G7', price: 52000 });
    await bellSettled();
    expect(await alertsOf(careful, productId)).toEqual([]);
    expect(await alertsOf(anyDevice, productId)).toHaveLength(1);

    // An operator verifies the device later: the verified-only searches hear of it then, the
    // others are not told twice.
    await ctx.app.deps.db.transaction(async (tx) => {
      await tx.execute(sql`update products set verified_at = now() where id = ${productId}`);
      expect(await alertVerifiedOnlySearches(tx, productId)).toBe(2);
    });
    await bellSettled();
    expect(await alertsOf(careful, productId)).toHaveLength(1);
    expect(await alertsOf(anyDevice, productId)).toHaveLength(1);
  });
});

describe('the daily digest', () => {
  it("sends the matches once in the buyer's language with a one-click unsubscribe link", async () => {
    await save(banglaBuyer, 'q=probook');
    const p1 = await addProduct(ctx.app, seller, { productName: 'HP ProBook 450 G8', price: 52000 });
    const p2 = await addProduct(ctx.app, seller, { productName: 'HP ProBook 440 G7', price: 41000 });
    await bellSettled();
    await sendSearchDigests(ctx.app.deps.db, digestDeps);
    const mails = await queryRows<{ subject: string; body: string; params: Record<string, string> }>(
      ctx,
      sql`select subject, body, params from email_outbox where kind = 'saved-search-digest' and to_address = ${banglaBuyer.email}`,
    );
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toContain('সংরক্ষিত খোঁজ');
    expect(mail!.body).toContain(`/details/${p1}`);
    expect(mail!.body).toContain(`/details/${p2}`);
    expect(mail!.body).toContain(unsubscribeUrl(digestDeps, banglaBuyer.id));
    // A new match the same day waits; nothing already sent is sent again.
    await addProduct(ctx.app, seller, { productName: 'HP ProBook 640', price: 30000 });
    await bellSettled();
    await sendSearchDigests(ctx.app.deps.db, digestDeps);
    await queryRows(
      ctx,
      sql`update users set search_digest_sent_at = now() - interval '25 hours' where id = ${banglaBuyer.id}`,
    );
    await sendSearchDigests(ctx.app.deps.db, digestDeps);
    const after = await queryRows<{ body: string }>(
      ctx,
      sql`select body from email_outbox where kind = 'saved-search-digest' and to_address = ${banglaBuyer.email} order by created_at`,
    );
    expect(after).toHaveLength(2);
    expect(after[1]!.body).toContain('HP ProBook 640');
    expect(after[1]!.body).not.toContain(`/details/${p1}`);
  });

  it('unsubscribe validates the token, is idempotent, and stops the digest but not the bell', async () => {
    await save(otherBuyer, 'q=latitude');
    const link = new URL(unsubscribeUrl(digestDeps, otherBuyer.id));
    const path = `/saved-searches/unsubscribe${link.search}`;
    const token = link.searchParams.get('token')!;
    const forged = await inject(
      'GET',
      `/saved-searches/unsubscribe?token=${encodeURIComponent(`${token.slice(0, -2)}xx`)}`,
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ error: 'invalid_unsubscribe_token' });
    const wants = async () =>
      (
        await queryRows<{ d: boolean }>(
          ctx,
          sql`select search_digest as d from users where id = ${otherBuyer.id}`,
        )
      )[0]?.d;
    expect(await wants()).toBe(true);
    const first = await inject('POST', path);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ unsubscribed: true });
    const second = await inject('GET', path);
    expect(second.json().message).toContain('already');
    expect(await wants()).toBe(false);
    const productId = await addProduct(ctx.app, seller, { productName: 'Dell Latitude 7490' });
    await bellSettled();
    expect(await alertsOf(otherBuyer, productId)).toHaveLength(1);
    await sendSearchDigests(ctx.app.deps.db, digestDeps);
    const mails = await queryRows(
      ctx,
      sql`select 1 from email_outbox where kind = 'saved-search-digest' and to_address = ${otherBuyer.email}`,
    );
    expect(mails).toEqual([]);
  });
});
