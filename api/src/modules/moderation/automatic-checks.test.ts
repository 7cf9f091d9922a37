import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hammingDistance, photoHash } from '../../lib/photo-hash';
import { seedBulkListings } from '../../seed/bulk';
import {
  addProduct,
  bearer,
  demoActor,
  multipart,
  queryRows,
  registerActor,
  startTestApp,
  type Actor,
  type TestContext,
} from '../../test/harness';
import { automaticFlags, MAX_PHOTO_DISTANCE } from './automatic-checks';

/**
 * Each automatic check flags and does not flag, on listings created through the API on the real
 * database; the checks are called directly, as the listing's create transaction calls them.
 */

let ctx: TestContext;
let seller: Actor;
let otherSeller: Actor;
let admin: Actor;
beforeAll(async () => {
  ctx = await startTestApp();
  [seller, otherSeller, admin] = await Promise.all([
    registerActor(ctx.app, 'seller', 'Photo Owner'),
    registerActor(ctx.app, 'seller', 'Photo Taker'),
    demoActor(ctx.app, 'admin'),
  ]);
});
afterAll(async () => ctx?.close());

const flagsOf = (productId: string) => automaticFlags(ctx.app.deps.db, productId);
const codesOf = async (productId: string) => (await flagsOf(productId)).map((f) => f.code);

/** A photo-like picture: 16×12 random grey blocks (seeded, so each seed is its own photo), enlarged. */
async function blockPhoto(seed: number, width = 640, height = 480): Promise<Buffer> {
  let state = seed;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const cells = Buffer.alloc(16 * 12);
  for (let i = 0; i < cells.length; i++) cells[i] = Math.floor(random() * 256);
  return sharp(cells, { raw: { width: 16, height: 12, channels: 1 } })
    .resize(width, height, { kernel: 'cubic' })
    .png()
    .toBuffer();
}

async function upload(actor: Actor, data: Buffer, contentType = 'image/png'): Promise<string> {
  const body = multipart({}, { field: 'image', filename: 'photo', contentType, data });
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/images',
    headers: { ...body.headers, ...bearer(actor) },
    payload: body.payload,
  });
  if (res.statusCode !== 200) throw new Error(`upload: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: { url: string } }).data.url;
}

describe('photoHash', () => {
  it('keeps a re-encoded, resized copy within the threshold and another photo far from it', async () => {
    const original = await photoHash(await blockPhoto(1));
    const copy = await photoHash(
      await sharp(await blockPhoto(1))
        .resize(480)
        .jpeg({ quality: 45 })
        .toBuffer(),
    );
    const other = await photoHash(await blockPhoto(2));
    expect(hammingDistance(original, copy)).toBeLessThanOrEqual(MAX_PHOTO_DISTANCE);
    expect(hammingDistance(original, other)).toBeGreaterThan(16);
  });
});

describe('photo-reused', () => {
  it("flags a re-encoded copy of another seller's photo, naming that listing", async () => {
    const original = await addProduct(ctx.app, seller, { image: await upload(seller, await blockPhoto(11)) });
    const copy = await sharp(await blockPhoto(11))
      .resize(500)
      .jpeg({ quality: 50 })
      .toBuffer();
    const taken = await addProduct(ctx.app, otherSeller, {
      image: await upload(otherSeller, copy, 'image/jpeg'),
    });
    const flags = await flagsOf(taken);
    const flag = flags.find((f) => f.code === 'photo-reused');
    expect(flag?.detail).toContain(original);
    expect(flag?.detail).toMatch(
      /^Photo 1 matches a photo of listing \S+ by another seller \([0-4] of 64 bits differ\)$/,
    );
  });

  it('finds a reused photo that is not the cover', async () => {
    const original = await addProduct(ctx.app, seller, { image: await upload(seller, await blockPhoto(12)) });
    const own = await upload(otherSeller, await blockPhoto(13));
    const reused = await upload(otherSeller, await blockPhoto(12, 800, 600));
    const taken = await addProduct(ctx.app, otherSeller, { image: own, photos: [own, reused] });
    const flag = (await flagsOf(taken)).find((f) => f.code === 'photo-reused');
    expect(flag?.detail).toContain(`Photo 2 matches a photo of listing ${original}`);
  });

  it("does not flag a different photo, nor a seller's own photo on a second listing", async () => {
    const photo = await upload(seller, await blockPhoto(21));
    await addProduct(ctx.app, seller, { image: photo });
    const again = await addProduct(ctx.app, seller, { image: photo });
    const different = await addProduct(ctx.app, otherSeller, {
      image: await upload(otherSeller, await blockPhoto(22)),
    });
    expect(await codesOf(again)).not.toContain('photo-reused');
    expect(await codesOf(different)).not.toContain('photo-reused');
  });

  it('finds a hash exactly 4 bits away with one bit in each of four bands, and not one 5 bits away', async () => {
    const photo = await upload(seller, await blockPhoto(51));
    const original = await addProduct(ctx.app, seller, { image: photo });
    const [row] = await queryRows<{ phash: string }>(
      ctx,
      sql`select phash::text as phash from image_files where file_name = ${photo.split('/').pop()!}`,
    );
    const hash = BigInt(row!.phash);
    // Bits 63, 50, 37 and 24: one in each of the first four bands (13 bits each, from the top).
    const fourAway = hash ^ BigInt.asIntN(64, (1n << 63n) | (1n << 50n) | (1n << 37n) | (1n << 24n));
    const fiveAway = fourAway ^ 1n;
    const near = await upload(otherSeller, await blockPhoto(52));
    const far = await upload(otherSeller, await blockPhoto(53));
    const setHash = (url: string, value: bigint) =>
      queryRows(
        ctx,
        sql`update image_files set phash = ${value.toString()}::bigint where file_name = ${url.split('/').pop()!}`,
      );
    await setHash(near, fourAway);
    await setHash(far, fiveAway);
    const nearListing = await addProduct(ctx.app, otherSeller, { image: near });
    const farListing = await addProduct(ctx.app, otherSeller, { image: far });
    expect((await flagsOf(nearListing)).find((f) => f.code === 'photo-reused')?.detail).toContain(
      `listing ${original} by another seller (4 of 64 bits differ)`,
    );
    expect(await codesOf(farListing)).not.toContain('photo-reused');
  });

  // The check reads the oldest 1,000 listings first, then the photo's index: a photo on none of
  // the oldest is found through the index, on its oldest listing.
  it('names the oldest listing showing the photo when 1,000 older listings do not show it', async () => {
    await seedBulkListings({
      db: ctx.app.deps.db,
      count: 1_000,
      imagesByBrand: new Map([['Dell', ['images/placeholder-photo.webp']]]),
      sellers: 2,
      seed: 7,
    });
    const photo = await blockPhoto(61);
    const third = await registerActor(ctx.app, 'seller', 'Photo Third');
    const oldest = await addProduct(ctx.app, seller, { image: await upload(seller, photo) });
    await addProduct(ctx.app, third, { image: await upload(third, photo) });
    const taken = await addProduct(ctx.app, otherSeller, { image: await upload(otherSeller, photo) });
    expect((await flagsOf(taken)).find((f) => f.code === 'photo-reused')?.detail).toContain(
      `Photo 1 matches a photo of listing ${oldest} by another seller (0 of 64 bits differ)`,
    );
  });

  // A nearer photo beats an older listing: the oldest listing of all shows a photo 3 bits away,
  // a listing outside the oldest 1,000 shows the photo itself (after the 1,000 seeded above).
  it('names a newer listing showing the photo itself before the oldest showing a photo 3 bits away', async () => {
    const photo = await blockPhoto(71);
    const third = await registerActor(ctx.app, 'seller', 'Photo Fourth');
    const exactPhoto = await upload(third, photo);
    const fileOf = (url: string) => url.split('/').pop()!;
    const [stored] = await queryRows<{ phash: string }>(
      ctx,
      sql`select phash::text as phash from image_files where file_name = ${fileOf(exactPhoto)}`,
    );
    // Another rendition (uploads of the same bytes share one file), its hash set 3 bits away.
    const nearby = await upload(seller, await blockPhoto(71, 800, 600));
    const threeAway = BigInt(stored!.phash) ^ 0b10101n;
    await queryRows(
      ctx,
      sql`update image_files set phash = ${threeAway.toString()}::bigint where file_name = ${fileOf(nearby)}`,
    );
    const oldest = await addProduct(ctx.app, seller, { image: nearby });
    await queryRows(ctx, sql`update products set created_at = '2001-01-01' where id = ${oldest}`);
    const exact = await addProduct(ctx.app, third, { image: exactPhoto });
    const taken = await addProduct(ctx.app, otherSeller, { image: await upload(otherSeller, photo) });
    expect((await flagsOf(taken)).find((f) => f.code === 'photo-reused')?.detail).toContain(
      `Photo 1 matches a photo of listing ${exact} by another seller (0 of 64 bits differ)`,
    );
  });

  it('does not flag a photo whose only other listing is deleted', async () => {
    const photo = await blockPhoto(31);
    const gone = await addProduct(ctx.app, seller, { image: await upload(seller, photo) });
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/add-products/${gone}`,
      headers: bearer(seller),
    });
    expect(deleted.statusCode).toBe(200);
    const later = await addProduct(ctx.app, otherSeller, { image: await upload(otherSeller, photo) });
    expect(await codesOf(later)).not.toContain('photo-reused');
  });
});

describe('price-below-half-median', () => {
  // Comparable: same brand (category 03) and family ("thinkpad"), RAM, storage within ×2, condition.
  const comparable = (ramGb: number, price: number) => ({
    price,
    specs: {
      processor: 'Intel Core i5-8350U',
      ramGb,
      storageGb: 512,
      storageType: 'SSD',
      screenInches: 14,
      resolution: '1920x1080',
      graphics: 'Intel UHD Graphics 620',
      os: 'Windows 11',
    },
  });

  it('flags a price under half the median of at least 5 comparable listings, with the median', async () => {
    for (const price of [40000, 42000, 44000, 46000, 48000])
      await addProduct(ctx.app, otherSeller, comparable(12, price));
    const bait = await addProduct(ctx.app, seller, comparable(12, 20000));
    const flag = (await flagsOf(bait)).find((f) => f.code === 'price-below-half-median');
    expect(flag?.detail).toBe('Asking ৳20,000, under half the median ৳44,000 of 5 comparable listings');
    // Now 6 comparables (the bait among them), median ৳41,000: ৳22,500 is more than half of it.
    const fair = await addProduct(ctx.app, seller, comparable(12, 22500));
    expect(await codesOf(fair)).not.toContain('price-below-half-median');
  });

  it('does not judge with fewer than 5 comparable listings', async () => {
    for (const price of [40000, 42000, 44000, 46000])
      await addProduct(ctx.app, otherSeller, comparable(6, price));
    const cheap = await addProduct(ctx.app, seller, comparable(6, 1000));
    expect(await codesOf(cheap)).not.toContain('price-below-half-median');
  });
});

describe('contact-in-description', () => {
  it.each([
    ['Call 01712345678 for more', '01712345678'],
    ['WhatsApp +8801712345678', '+8801712345678'],
    ['Phone: 017-1234-5678', '017-1234-5678'],
    ['ফোন ০১৭১২৩৪৫৬৭৮', '০১৭১২৩৪৫৬৭৮'],
    ['Abroad: +44 20 7946 0958', '+44 20 7946 0958'],
    ['Mail rahim.k@example.com today', 'rahim.k@example.com'],
    ['See https://example.org/laptop', 'https://example.org/laptop'],
    ['More at www.secondhand.bd', 'www.secondhand.bd'],
    ['Page fb.com/rahimlaptops', 'fb.com/rahimlaptops'],
  ])('flags %j', async (description, found) => {
    const id = await addProduct(ctx.app, seller, { description });
    expect((await flagsOf(id)).find((f) => f.code === 'contact-in-description')?.detail).toBe(
      `Found “${found}”`,
    );
  });

  it('does not flag laptop text', async () => {
    const id = await addProduct(ctx.app, seller, {
      description:
        'i5-8350U, 15.6" 1920x1080, Wi-Fi 6, USB-C, DDR4-3200, 16 GB RAM, 512 GB SSD, bought 2021, price 45,000, battery 85%',
    });
    expect(await codesOf(id)).not.toContain('contact-in-description');
  });
});

describe('listed-word', () => {
  const addWord = async (word: string) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/moderation-words',
      headers: bearer(admin),
      payload: { word },
    });
    expect(res.statusCode).toBe(201);
  };

  it('flags a listed word as a whole word in any case and script, naming it', async () => {
    await addWord('replica');
    await addWord('চোরাই');
    const english = await addProduct(ctx.app, seller, { description: 'A REPLICA of the real one' });
    const bangla = await addProduct(ctx.app, seller, { description: 'চোরাই ল্যাপটপ নয়' });
    const inName = await addProduct(ctx.app, seller, { productName: 'ThinkPad T480 Replica' });
    expect((await flagsOf(english)).find((f) => f.code === 'listed-word')?.detail).toBe('Found “REPLICA”');
    expect((await flagsOf(bangla)).find((f) => f.code === 'listed-word')?.detail).toBe('Found “চোরাই”');
    expect(await codesOf(inName)).toContain('listed-word');
  });

  it('does not flag a listed word inside a longer word', async () => {
    await addWord('scam');
    const id = await addProduct(ctx.app, seller, { description: 'Scampi-coloured lid, no scams here' });
    expect(await codesOf(id)).not.toContain('listed-word');
  });
});

it('flags nothing on a plain listing', async () => {
  const id = await addProduct(ctx.app, seller, { image: await upload(seller, await blockPhoto(41)) });
  expect(await flagsOf(id)).toEqual([]);
});
