import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { SearchResult } from 'shared-contracts/search';
import {
  ownImageUrl,
  queryRows,
  registerActor,
  startTestApp,
  type Actor,
  type TestContext,
} from '../../test/harness';
import { BANGLA_WORDS, normaliseSearchText } from './search-vocabulary';

// Relevance over every match, the laptop vocabulary, typo correction and the cost of an empty
// answer (docs/decisions/0017-search-in-postgres.md#update-issue-39). The cache is off, so every
// request runs the search and a listing inserted mid-walk is seen by the next page at once.
let ctx: TestContext;
let seller: Actor;
/** The SQL of every query the app sends, for the test that counts them. */
const sent: string[] = [];

beforeAll(async () => {
  ctx = await startTestApp({ CATALOG_CACHE: 'off' }, { logger: { logQuery: (query) => sent.push(query) } });
  seller = await registerActor(ctx.app, 'seller', 'Relevance Seller');
});
afterAll(async () => ctx?.close());

const results = async (query: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/search?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SearchResult;
};
const q = (text: string, rest = '') => `q=${encodeURIComponent(text)}${rest}`;
const ids = (r: SearchResult) => r.items.map((p) => p._id);
const names = (r: SearchResult) => r.items.map((p) => p.productName);

interface Listings {
  /** A prefix for the ids; `n` (1…count) makes each unique. */
  tag: string;
  count?: number;
  /** SQL expressions over `n`. */
  name: string;
  description?: string;
  keywords?: string;
  category?: string;
  photos?: number;
  /** All the spec columns filled (what complete specs add to the quality score). */
  specs?: boolean;
  batteryHealth?: boolean;
  /** How long ago: an SQL interval expression over `n`. */
  age?: string;
}

/** Listings straight into the table (one INSERT … SELECT): 10,000 take a second, not minutes. */
async function insertListings(l: Listings) {
  const image = ownImageUrl();
  const specs = l.specs ?? true;
  await queryRows(
    ctx,
    sql`insert into products (id, seller_id, category_id, name, price_cents, quality, phone, location,
          description, year, image_url, photo_urls, processor, ram_gb, storage_gb, storage_type,
          screen_tenths, resolution, graphics, os, battery_health_percent, search_keywords, created_at)
        select ${l.tag}::text || '-' || n, ${seller.id}, ${l.category ?? '03'}, ${sql.raw(l.name)},
          3000000, 'Good', '+880 1711 000000', 'Dhaka', ${sql.raw(l.description ?? "'A laptop.'")}, 2021,
          ${image}, array_fill(${image}::text, array[${l.photos ?? 1}::int]),
          case when ${specs} then 'Intel Core i5-1135G7' end, case when ${specs} then 16 end,
          case when ${specs} then 512 end, case when ${specs} then 'SSD' end, case when ${specs} then 140 end,
          case when ${specs} then '1920x1080' end, case when ${specs} then 'Intel Iris Xe' end,
          case when ${specs} then 'Windows 11' end, case when ${l.batteryHealth ?? false} then 90 end,
          ${sql.raw(l.keywords ?? "''")}, now() - ${sql.raw(l.age ?? "n * interval '1 minute'")}
        from generate_series(1, ${l.count ?? 1}::int) n`,
  );
}

/** Every page of a query by its cursors; `between` runs after each page. */
async function walk(query: string, between: (page: number) => Promise<void> = async () => {}) {
  const seen: string[] = [];
  let cursor: string | null = null;
  let page = 0;
  do {
    const r: SearchResult = await results(`${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    seen.push(...ids(r));
    cursor = r.nextCursor;
    await between(++page);
  } while (cursor);
  return seen;
}

describe('relevance over every match', () => {
  it('ranks an older exact match above 10,000 newer partial matches, by quality then age within a tier', async () => {
    // Two exact matches, years old: the one with complete specs, battery health and three photos
    // first, though older.
    await insertListings({
      tag: 'exact-rich',
      name: "'Acme Zephyrion 9000'",
      photos: 3,
      batteryHealth: true,
      age: "interval '4 years'",
    });
    await insertListings({
      tag: 'exact-bare',
      name: "'Acme Zephyrion 9000'",
      photos: 1,
      specs: false,
      age: "interval '3 years'",
    });
    // 6,000 newer, better-equipped titles that say the words only as prefixes ('9000x')…
    await insertListings({
      tag: 'prefix',
      count: 6_000,
      name: "'Acme Zephyrions 9000x ' || n",
      photos: 3,
      batteryHealth: true,
    });
    // …and 4,000 whose description alone says them.
    await insertListings({
      tag: 'described',
      count: 4_000,
      name: "'Generic laptop ' || n",
      description: "'The charger also fits a Zephyrion 9000.'",
      photos: 3,
      batteryHealth: true,
      age: "n * interval '1 second'",
    });

    const first = await results(q('zephyrion 9000', '&limit=48'));
    expect(ids(first).slice(0, 3)).toEqual(['exact-rich-1', 'exact-bare-1', 'prefix-1']);
    expect(first.total).toBeGreaterThan(1_000);
    expect(first.totalIsEstimate).toBe(true);
    // Facets at any size: estimated from the sample that sized the answer, every match a laptop
    // of the test's one brand.
    expect(first.facets?.category.map((f) => f.value)).toEqual(['03']);
    expect(first.facets?.category[0]?.count).toBeGreaterThan(1_000);

    // 'Load more' goes on past the 1,000th match, in order.
    const seen = [...ids(first)];
    let cursor = first.nextCursor;
    while (cursor && seen.length < 1_100) {
      const page = await results(q('zephyrion 9000', `&limit=48&cursor=${encodeURIComponent(cursor)}`));
      seen.push(...ids(page));
      cursor = page.nextCursor;
    }
    expect(seen.length).toBeGreaterThanOrEqual(1_100);
    expect(new Set(seen).size).toBe(seen.length);
    // Same quality and tier: the newest (n = 1, a minute old) first.
    expect(seen.slice(2)).toEqual(seen.slice(2).map((_, i) => `prefix-${i + 1}`));
    expect(cursor).not.toBeNull();
  }, 120_000);

  it('walks every tier once, with no repeat or gap while listings arrive in every tier', async () => {
    const tiers = (tag: string, photos: number) => [
      { tag: `${tag}-t3`, count: 6, name: "'Walkabout Laptop ' || n", photos },
      { tag: `${tag}-t2`, count: 6, name: "'Walkabouts ' || n", photos },
      {
        tag: `${tag}-t1`,
        count: 6,
        name: "'Plain laptop ' || n",
        description: "'Good for a walkabout.'",
        photos,
      },
    ];
    for (const listings of [...tiers('walk-rich', 3), ...tiers('walk-poor', 1)])
      await insertListings(listings);
    const before = await walk(q('walkabout', '&limit=48'));
    expect(before).toHaveLength(36);

    let arrivals = 0;
    const seen = await walk(q('walkabout', '&limit=5'), async (page) => {
      if (page % 2) return;
      // Better and worse than the rows already shown, in each tier, newer than all of them.
      arrivals++;
      for (const listings of [...tiers(`mid-${page}-rich`, 3), ...tiers(`mid-${page}-poor`, 0)])
        await insertListings({ ...listings, count: 1, age: "interval '0 seconds'" });
    });
    expect(arrivals).toBeGreaterThan(2);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining(before));
    // The walk stays in relevance order: tiers never go back up.
    const tierOf = (id: string) => Number(/-t(\d)-/.exec(id)?.[1]);
    const order = seen.map(tierOf);
    expect(order).toEqual([...order].sort((a, b) => b - a));
  });
});

describe('laptop vocabulary', () => {
  beforeAll(async () => {
    await insertListings({
      tag: 'nimbus-16gb',
      name: "'Nimbus Slate 16GB'",
      description: "'8 GB would be too little.'",
      specs: false,
    });
    await insertListings({
      tag: 'nimbus-i5',
      name: "'Nimbus Slate i5'",
      keywords: "'Nimbusco i5'",
      specs: false,
    });
    await insertListings({
      tag: 'nimbus-ssd',
      name: "'Nimbus Slate Storage'",
      description: "'Fast 512GB SSD.'",
      specs: false,
    });
    await insertListings({ tag: 'nimbus-rtx', name: "'Nimbus Slate RTX3060'", specs: false });
    await insertListings({ tag: 'nimbus-m1', name: "'Nimbus Slate M1 Pro'", specs: false });
    await insertListings({
      tag: 'nimbus-batteries',
      name: "'Nimbus Slate Spare'",
      description: "'Two batteries included.'",
      specs: false,
    });
  });

  it('spells sizes, CPUs, storage, graphics and chips one way in the listing and the query', async () => {
    for (const [text, tag] of [
      ['nimbus 16 gb', 'nimbus-16gb'],
      ['nimbus 16gb', 'nimbus-16gb'],
      ['nimbus core i5', 'nimbus-i5'],
      ['nimbus corei5', 'nimbus-i5'],
      ['nimbus ssd 512', 'nimbus-ssd'],
      ['nimbus 512 gb ssd', 'nimbus-ssd'],
      ['nimbus rtx 3060', 'nimbus-rtx'],
      ['nimbus rtx3060', 'nimbus-rtx'],
      ['nimbus m1pro', 'nimbus-m1'],
      ['nimbus m1', 'nimbus-m1'],
      // The description is stemmed: 'battery' finds 'batteries'.
      ['nimbus battery', 'nimbus-batteries'],
    ] as const) {
      const r = await results(q(text));
      expect(ids(r), text).toEqual([`${tag}-1`]);
    }
  });

  it("finds MacBooks for 'mac book' and model families written apart", async () => {
    const apart = await results(q('mac book', '&limit=48'));
    const together = await results(q('macbook', '&limit=48'));
    expect(apart.total).toBeGreaterThan(0);
    expect(ids(apart)).toEqual(ids(together));
    expect(names(apart).every((n) => n.includes('MacBook'))).toBe(true);
    const thinkPads = await results(q('think pad', '&limit=48'));
    expect(ids(thinkPads)).toEqual(ids(await results(q('thinkpad', '&limit=48'))));
  });

  it('finds the same listings for a brand in Bangla script as in Latin', async () => {
    for (const [bangla, latin] of [
      ['ডেল', 'dell'],
      ['লেনোভো', 'lenovo'],
      ['অ্যাপল ম্যাকবুক', 'apple macbook'],
      ['আসুস', 'asus'],
    ]) {
      const inBangla = await results(q(bangla!, '&limit=48&sort=newest'));
      const inLatin = await results(q(latin!, '&limit=48&sort=newest'));
      expect(inLatin.total, latin).toBeGreaterThan(0);
      expect(ids(inBangla), bangla).toEqual(ids(inLatin));
    }
  });

  it('normalises the query as the index normalises listings', async () => {
    const samples = [
      'Apple MacBook Pro 14 M1Pro, 16 GB RAM, SSD512, 1 TB HDD, 512gbSSD',
      'Intel Core-i5 8350U, corei7, RTX3060Ti, GTX 1650, xps13, rog14',
      'mac book, think pad, zen book, vivo book, idea pad, elite book',
      ...BANGLA_WORDS.map(([bangla]) => `${bangla} মডেল ${bangla}১ (${bangla})`),
    ];
    for (const sample of samples) {
      const [row] = await queryRows<{ v: string }>(ctx, sql`select search_normalise(${sample}) as v`);
      expect(row!.v, sample).toBe(normaliseSearchText(sample));
    }
    // A Bangla word that contains a brand's letters is not a brand: মডেল (model) is not ডেল (Dell).
    expect(normaliseSearchText('মডেল')).toBe('মডেল');
  });
});

describe('typo correction', () => {
  it('corrects a typo that a few listings share, when the corrected words find many more', async () => {
    await insertListings({ tag: 'typo-listing', name: "'Spare keyboard for thinkpd x1'", specs: false });
    await insertListings({ tag: 'x1-carbon', count: 8, name: "'Lenovo ThinkPad X1 Carbon ' || n" });
    const r = await results(q('thinkpd x1', '&limit=48'));
    expect(r.correctedQuery).toBe('thinkpad x1');
    expect(r.total).toBeGreaterThanOrEqual(8);
    expect(names(r).every((n) => /thinkpad x1/i.test(n))).toBe(true);
  });

  it('keeps a rare word that no commoner word resembles', async () => {
    const r = await results(q('nimbus spare'));
    expect(r.correctedQuery).toBeNull();
    expect(ids(r)).toEqual(['nimbus-batteries-1']);
  });
});

describe('an empty answer', () => {
  it('costs one query beyond its sizing, however many filters it has, and still says what to relax', async () => {
    const productQueries = async (query: string) => {
      sent.length = 0;
      const r = await results(query);
      return { r, queries: sent.filter((s) => /"products"/.test(s)).length };
    };
    const two = await productQueries('category=04&cpu=amd-ryzen-9');
    const six = await productQueries(
      `${q('i9')}&category=04&cpu=amd-ryzen-9&minRam=8&minYear=2015&location=dhaka&condition=Good,Excellent`,
    );
    expect(two.r.total).toBe(0);
    expect(six.r.total).toBe(0);
    // The catalogue holds more than SEARCH_TUNING.smallCatalogue listings by now: the sample that
    // sizes the search, the count that found nothing, then every relaxation in one query.
    expect(two.queries).toBe(3);
    expect(six.queries).toBe(3);
    expect(six.r.relax.map((x) => x.total)).toEqual(
      [...six.r.relax.map((x) => x.total)].sort((a, b) => b - a),
    );
    // In a catalogue this large the relaxations are counted on the sample that sizes searches: the
    // estimate of dropping the brand is the estimate the search without it gives.
    const wide = await results(q('zephyrion', '&category=04'));
    expect(wide.total).toBe(0);
    const withoutBrand = await results(q('zephyrion'));
    expect(withoutBrand.totalIsEstimate).toBe(true);
    expect(wide.relax.find((x) => x.filter === 'category')?.total).toBe(withoutBrand.total);
  });
});
