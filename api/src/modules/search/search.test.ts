import { describe, expect, it } from 'vitest';
import type { SearchResult } from 'shared-contracts/search';
import { addProduct, appWithSeller, bearer, ownImageUrl, validProduct } from '../../test/harness';

const env = appWithSeller('Search Seller');

const search = (query: string) => env.ctx.app.inject({ method: 'GET', url: `/api/v1/search?${query}` });
const results = async (query: string) => {
  const res = await search(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SearchResult;
};
const names = (r: SearchResult) => r.items.map((p) => p.productName);

/** Walks every page of a query with its cursors. */
async function allPages(query: string) {
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const page: SearchResult = await results(
      `${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    seen.push(...page.items.map((p) => p._id));
    cursor = page.nextCursor;
  } while (cursor);
  return seen;
}

describe('GET /search: relevance', () => {
  it("puts 'ThinkPad T14' first for 'thinkpad t14', in any case", async () => {
    const r = await results('q=THINKPAD%20t14');
    expect(names(r)[0]).toBe('Lenovo ThinkPad T14 Gen 2');
    expect(r.correctedQuery).toBeNull();
    expect(r.sort).toBe('relevance');
  });

  it("finds the ThinkPads for the typo 'thinkpd'", async () => {
    const r = await results('q=thinkpd');
    expect(r.correctedQuery).toBe('thinkpad');
    expect(names(r)).toContain('Lenovo ThinkPad T14 Gen 2');
    expect(names(r).every((n) => n.includes('ThinkPad'))).toBe(true);
  });

  it('learns the words of new listings, so a typo of a new model is corrected too', async () => {
    await addProduct(env.ctx.app, env.seller, { productName: 'Framework Laptop 13 Zenithmark' });
    const r = await results('q=zenithmrk');
    expect(r.correctedQuery).toBe('zenithmark');
    expect(names(r)).toEqual(['Framework Laptop 13 Zenithmark']);
  });

  it('does not guess at short words or numbers', async () => {
    expect((await results('q=i9%2064gb')).total).toBe(0);
    expect((await results('q=i9%2064gb')).correctedQuery).toBeNull();
  });

  it('searches specs and description as well as the name', async () => {
    const byCpu = await results('q=ryzen%209');
    expect(names(byCpu)[0]).toBe('Asus ROG Zephyrus G14');
    const byBrand = await results('q=lenovo&limit=48');
    expect(byBrand.total).toBeGreaterThanOrEqual(6);
    expect(byBrand.items.every((p) => p.categoryName === 'Lenovo')).toBe(true);
  });

  it('answers hostile or odd text with a result or a 400, never a 5xx', async () => {
    for (const q of [
      "' or 1=1 --",
      'a & b | !c',
      '<script>alert(1)</script>',
      '🙂🙂',
      'ল্যাপটপ',
      ':*',
      '\\',
      '%_%',
    ]) {
      const res = await search(`q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
    }
    expect((await results(`q=${encodeURIComponent('🙂')}`)).total).toBe(0);
    const long = await search(`q=${'a'.repeat(5000)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/at most 100 characters/);
  });
});

describe('GET /search: filters and sorts', () => {
  it('narrows by CPU line, memory and price together', async () => {
    const r = await results('cpu=intel-core-i5&minRam=16&maxPrice=60000&limit=48');
    expect(r.total).toBeGreaterThan(0);
    for (const p of r.items) {
      expect(p.specs?.cpuLine).toBe('intel-core-i5');
      expect(p.specs?.ramGb).toBeGreaterThanOrEqual(16);
      expect(p.price).toBeLessThanOrEqual(60_000);
    }
    expect(names(r)).toContain('HP EliteBook 840 G7');
  });

  it('filters by brand, condition, storage, screen, year and location', async () => {
    const checks: [string, (p: SearchResult['items'][number]) => boolean][] = [
      ['category=04', (p) => p.category === '04'],
      ['condition=Fair,Good', (p) => p.quality !== 'Excellent'],
      [
        'minStorage=1000&storageType=SSD',
        (p) => p.specs!.storageGb >= 1000 && p.specs!.storageType === 'SSD',
      ],
      ['minScreen=15&maxScreen=16', (p) => p.specs!.screenInches >= 15 && p.specs!.screenInches <= 16],
      ['minYear=2021&maxYear=2021', (p) => p.year === 2021],
      ['location=chattogram', (p) => p.location.toLowerCase().includes('chattogram')],
      ['minPrice=600', (p) => p.price >= 600],
    ];
    for (const [query, holds] of checks) {
      const r = await results(`${query}&limit=48`);
      expect(r.total, query).toBeGreaterThan(0);
      expect(r.items.every(holds), query).toBe(true);
      expect(r.items.length, query).toBe(r.total);
    }
  });

  it('sorts by price both ways and by newest', async () => {
    const asc = (await results('sort=price-asc&limit=48')).items.map((p) => p.price);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const descending = (await results('sort=price-desc&limit=48')).items.map((p) => p.price);
    expect(descending).toEqual([...descending].sort((a, b) => b - a));
    const newest = (await results('sort=newest&limit=48')).items.map((p) => p.createdAt);
    expect(newest).toEqual([...newest].sort().reverse());
  });

  it('counts per filter value and suggests what to relax when nothing matches', async () => {
    const r = await results('cpu=apple-m1,apple-m2');
    expect(r.facets?.condition.reduce((n, f) => n + f.count, 0)).toBe(r.total);
    expect(r.facets?.category).toEqual([{ value: '04', count: r.total }]);
    const none = await results('category=04&cpu=amd-ryzen-9');
    expect(none.total).toBe(0);
    expect(none.relax.map((x) => x.filter)).toEqual(expect.arrayContaining(['category', 'cpu']));
    // A small catalogue counts them exactly: what the search without that filter finds.
    expect(none.relax.find((x) => x.filter === 'category')?.total).toBe(
      (await results('cpu=amd-ryzen-9')).total,
    );
    expect(none.relax.find((x) => x.filter === 'cpu')?.total).toBe((await results('category=04')).total);
  });

  it('counts each facet under every filter but its own, so a ticked value still shows its neighbours', async () => {
    const all = await results('');
    const good = await results('condition=Good');
    // Ticking 'Good' leaves the condition counts as they were: how many each grade would add.
    expect(good.facets?.condition).toEqual(all.facets?.condition);
    // The other facets count only what 'Good' leaves.
    expect(good.facets?.category.reduce((n, f) => n + f.count, 0)).toBe(good.total);
    const excellent = await results('condition=Excellent');
    const excellentM1 = await results('condition=Excellent&cpu=apple-m1');
    const m1 = await results('cpu=apple-m1');
    expect(excellentM1.total).toBeGreaterThan(0);
    expect(excellentM1.facets?.condition).toEqual(m1.facets?.condition);
    expect(excellentM1.facets?.cpu).toEqual(excellent.facets?.cpu);
    // RAM is filtered as 'at least' and counted per size: the sizes below the minimum stay counted.
    const ram16 = await results('minRam=16');
    expect(ram16.facets?.ram).toEqual(all.facets?.ram);
    expect(ram16.facets?.ram.some((f) => Number(f.value) < 16)).toBe(true);
  });

  it('refuses filter values of the wrong type or out of range, and unknown sorts', async () => {
    for (const query of [
      'minRam=lots',
      'minRam=-4',
      'maxPrice=1e99',
      'cpu=pentium-pro',
      'condition=Mint',
      'sort=cheapest',
      'minPrice=500&maxPrice=100',
      'storageType=tape',
      'limit=1000',
      'available=maybe',
    ]) {
      const res = await search(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toBeTruthy();
    }
  });
});

describe('GET /search: cursor pages', () => {
  it.each(['sort=newest', 'sort=price-asc', 'sort=price-desc', 'q=intel&sort=relevance'])(
    'walks every listing once in %s, with no gap or repeat while new listings arrive',
    async (order) => {
      const before = await allPages(`${order}&limit=48`);
      const firstPage = await results(`${order}&limit=5`);
      // Listings added between pages land before or after the cursor: either way no row that was
      // there shifts, repeats or goes missing. One cheap and one dear, so a price walk meets one.
      for (const price of [1, 1_150])
        await addProduct(env.ctx.app, env.seller, {
          productName: `Arrives mid-walk intel ${price}`,
          price,
        });
      const seen = [...firstPage.items.map((p) => p._id)];
      let cursor = firstPage.nextCursor;
      while (cursor) {
        const page = await results(`${order}&limit=5&cursor=${encodeURIComponent(cursor)}`);
        seen.push(...page.items.map((p) => p._id));
        cursor = page.nextCursor;
      }
      expect(new Set(seen).size, order).toBe(seen.length);
      expect(
        before.filter((id) => !seen.includes(id)),
        order,
      ).toEqual([]);
    },
  );

  it('pages by price and by relevance without repeats', async () => {
    for (const query of ['sort=price-asc&limit=7', 'sort=price-desc&limit=7', 'q=intel&limit=3']) {
      const ids = await allPages(query);
      expect(new Set(ids).size, query).toBe(ids.length);
      expect(ids.length, query).toBe((await results(`${query.replace(/limit=\d+/, 'limit=48')}`)).total);
    }
  });

  it('refuses forged cursors and cursors of another sort', async () => {
    const page = await results('sort=newest&limit=2');
    const [body, signature] = page.nextCursor!.split('.');
    const position = JSON.parse(Buffer.from(body!, 'base64url').toString('utf8'));
    // The same position with another row's id: well formed, and the signature no longer fits.
    const edited = Buffer.from(JSON.stringify({ ...position, id: 'zzzzzzzz' })).toString('base64url');
    const forged = [
      'not-base64-json',
      // A genuine position without its signature, and with another's.
      body!,
      `${edited}.${signature}`,
      `${body}.${Buffer.alloc(16).toString('base64url')}`,
      `${body}.${signature!.slice(0, -2)}`,
      Buffer.from('{"s":"newest","m":"fts","v":"drop table","id":"x"}').toString('base64url'),
      Buffer.from('{"s":"newest","m":"fts","v":12,"id":"x"}').toString('base64url'),
      Buffer.from('[1,2,3]').toString('base64url'),
    ];
    for (const cursor of forged) {
      const res = await search(`sort=newest&cursor=${encodeURIComponent(cursor)}`);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().error).toBe('invalid_cursor');
    }
    const otherSort = await search(`sort=price-asc&cursor=${encodeURIComponent(page.nextCursor!)}`);
    expect(otherSort.statusCode).toBe(400);
  });
});

describe('listing specs and photos', () => {
  it('stores the specs with a normalised CPU family and returns every photo, cover first', async () => {
    const photos = [ownImageUrl('seed-dell-xps-13-9310.webp'), ownImageUrl('seed-dell-latitude-7490.webp')];
    const id = await addProduct(env.ctx.app, env.seller, {
      productName: 'Spec check laptop',
      image: photos[0],
      photos,
      specs: {
        processor: 'Intel Core i5-1135G7',
        ramGb: 16,
        storageGb: 512,
        storageType: 'SSD',
        screenInches: 15.6,
        resolution: '1920x1080',
        graphics: 'Intel Iris Xe',
        batteryHealthPercent: 87,
        batteryHealthSource: 'os-report',
        os: 'Windows 11',
        warrantyMonths: 6,
      },
    });
    const details = (await env.ctx.app.inject({ method: 'GET', url: `/api/v1/details/${id}` })).json();
    expect(details.photos).toEqual(photos);
    expect(details.specs).toMatchObject({
      cpuFamily: 'Intel Core i5 11th gen',
      cpuLine: 'intel-core-i5',
      screenInches: 15.6,
      batteryHealthPercent: 87,
      warrantyMonths: 6,
    });
  });

  // A body without specs at all is a listing with unconfirmed specs (spec-client-listing.test.ts).
  it('refuses incomplete or impossible specs and a photo list that does not start with the cover', async () => {
    const post = (body: Record<string, unknown>) =>
      env.ctx.app.inject({
        method: 'POST',
        url: '/api/v1/add-products',
        headers: bearer(env.seller),
        payload: body,
      });
    const base = validProduct();
    const { ramGb: _omitted, ...withoutRam } = base.specs;
    for (const specs of [
      withoutRam,
      { ...base.specs, ramGb: 0 },
      { ...base.specs, screenInches: 15.65 },
      { ...base.specs, resolution: 'big' },
      { ...base.specs, batteryHealthPercent: 80 },
      { ...base.specs, os: 'BeOS' },
    ]) {
      const res = await post({ ...base, specs });
      expect(res.statusCode, JSON.stringify(specs)).toBe(400);
    }
    const seven = Array.from({ length: 7 }, () => ownImageUrl());
    expect((await post({ ...base, image: seven[0], photos: seven })).statusCode).toBe(400);
    expect((await post({ ...base, photos: [ownImageUrl('seed-dell-vostro-3500.webp')] })).statusCode).toBe(
      400,
    );
  });
});
