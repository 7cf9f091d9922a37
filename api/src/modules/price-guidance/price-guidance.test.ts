import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addProduct,
  bearer,
  registerActor,
  startTestApp,
  type Actor,
  type TestContext,
} from '../../test/harness';
import { modelFamilyOf } from './price-guidance.service';

let ctx: TestContext;
let seller: Actor;
let otherSeller: Actor;
beforeAll(async () => {
  ctx = await startTestApp();
  [seller, otherSeller] = await Promise.all([
    registerActor(ctx.app, 'seller'),
    registerActor(ctx.app, 'seller'),
  ]);
});
afterAll(async () => ctx?.close());

const guidance = (query: Record<string, string | number>, actor: Actor | null = seller) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/v1/price-guidance?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
    headers: bearer(actor),
  });

// A model family of its own per test, so the demo data and other tests never count as comparables.
const family = () => `zq${Math.random().toString(36).slice(2, 9)}`;
const specs = (ramGb: number, storageGb: number) => ({
  processor: 'Intel Core i5-8350U',
  ramGb,
  storageGb,
  storageType: 'SSD',
  screenInches: 14,
  resolution: '1920x1080',
  graphics: 'Intel UHD Graphics 620',
  os: 'Windows 11',
});
const list = (actor: Actor, name: string, price: number, ramGb = 16, storageGb = 512, quality = 'Good') =>
  addProduct(ctx.app, actor, { productName: name, price, quality, specs: specs(ramGb, storageGb) });

describe('model family', () => {
  it('is the first word of the name that is not the brand', () => {
    expect(modelFamilyOf('Lenovo ThinkPad T480', 'Lenovo')).toBe('thinkpad');
    expect(modelFamilyOf('MacBook Air M1', 'Apple')).toBe('macbook');
    expect(modelFamilyOf('Lenovo', 'Lenovo')).toBeNull();
  });
});

describe('price guidance', () => {
  it('with fewer than 5 comparables says how many and gives no prices', async () => {
    const f = family();
    for (const price of [300, 400, 500, 600]) await list(seller, `Lenovo ${f} T14`, price);
    const res = await guidance({
      category: '03',
      productName: `Lenovo ${f} T14s`,
      ramGb: 16,
      storageGb: 512,
      quality: 'Good',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      modelFamily: f,
      count: 4,
      enough: false,
      median: null,
      min: null,
      max: null,
    });
  });

  it('with 5 or more gives the median and range of comparable asking prices only', async () => {
    const f = family();
    await list(seller, `Lenovo ${f} A`, 300);
    await list(seller, `Lenovo ${f} B`, 400, 16, 256); // storage within half..double
    await list(otherSeller, `${f} C`, 500, 16, 1024);
    await list(otherSeller, `Lenovo ${f} D`, 600);
    await list(otherSeller, `Lenovo ${f} E`, 700);
    // Not comparable: other RAM, storage beyond double, other condition, another family.
    await list(seller, `Lenovo ${f} F`, 10, 8);
    await list(seller, `Lenovo ${f} G`, 10, 16, 2048);
    await list(seller, `Lenovo ${f} H`, 10, 16, 512, 'Fair');
    await list(seller, `Lenovo ${f}x I`, 10);
    const query = {
      category: 'lenovo',
      productName: `Lenovo ${f} Z`,
      ramGb: 16,
      storageGb: 512,
      quality: 'Good',
    };
    const res = await guidance(query);
    expect(res.json()).toEqual({ modelFamily: f, count: 5, enough: true, median: 500, min: 300, max: 700 });

    // A removed listing no longer counts.
    const removed = await list(seller, `Lenovo ${f} J`, 900);
    expect((await guidance(query)).json()).toMatchObject({ count: 6, max: 900 });
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/add-products/${removed}`,
      headers: bearer(seller),
    });
    expect((await guidance(query)).json()).toMatchObject({ count: 5, max: 700 });

    // The listing being edited is not its own comparable.
    expect((await guidance({ ...query, excludeProductId: removed })).json()).toMatchObject({ count: 5 });
  });

  it('refuses bad input with a clear message, and anonymous callers', async () => {
    const ok = { category: '03', productName: 'Lenovo ThinkPad', ramGb: 16, storageGb: 512, quality: 'Good' };
    for (const bad of [
      { ...ok, ramGb: 0 },
      { ...ok, storageGb: 'lots' },
      { ...ok, quality: 'Mint' },
      { ...ok, productName: '' },
      { ...ok, category: 'NoSuchBrand' },
    ]) {
      const res = await guidance(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
    expect((await guidance(ok, null)).statusCode).toBe(401);
  });
});
