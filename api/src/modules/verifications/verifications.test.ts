import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isVerificationCode } from 'shared-contracts/device-serials';
import type { AdminVerification, MyVerification } from 'shared-contracts/verifications';
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

let ctx: TestContext;
let seller: Actor;
let otherSeller: Actor;
let buyer: Actor;
let admin: Actor;
let png: Buffer;
beforeAll(async () => {
  ctx = await startTestApp();
  [seller, otherSeller, buyer, admin] = await Promise.all([
    registerActor(ctx.app, 'seller', 'Vera Seller'),
    registerActor(ctx.app, 'seller', 'Other Seller'),
    registerActor(ctx.app, 'buyer', 'Bina Buyer'),
    demoActor(ctx.app, 'admin'),
  ]);
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366aa' } })
    .png()
    .toBuffer();
});
afterAll(async () => ctx?.close());

// Seed brands (api/src/seed/catalog.ts): 01 Dell, 02 HP, 03 Lenovo, 04 Apple, 05 Asus.
const LENOVO = '03';
let serialCounter = 0;
/** A fresh Lenovo serial (8 letters or digits) each call, so tests do not share one. */
const lenovoSerial = () => `PF${String(++serialCounter).padStart(6, '0')}`;

const submit = (actor: Actor | null, productId: string, serial: unknown, language?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/products/${productId}/verification`,
    headers: { ...bearer(actor), ...(language ? { 'accept-language': language } : {}) },
    payload: { serial },
  });

const upload = (actor: Actor | null, productId: string, data: Buffer, contentType = 'image/png') => {
  const body = multipart({}, { field: 'photo', filename: 'screen.png', contentType, data });
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/products/${productId}/verification/photo`,
    headers: { ...bearer(actor), ...body.headers },
    payload: body.payload,
  });
};

const decideAs = (actor: Actor | null, id: string, move: 'approve' | 'refuse', payload?: object) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/admin/verifications/${id}/${move}`,
    headers: bearer(actor),
    ...(payload === undefined ? {} : { payload }),
  });

const queue = async (q: string) => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/admin/verifications?q=${encodeURIComponent(q)}`,
    headers: bearer(admin),
  });
  expect(res.statusCode).toBe(200);
  return { items: res.json() as AdminVerification[], total: Number(res.headers['x-total-count']) };
};

/** A listing of the seller's with a serial submitted and its photo in: waiting for an operator. */
async function pendingListing(serial = lenovoSerial()) {
  const productId = await addProduct(ctx.app, seller, { category: LENOVO });
  const submitted = await submit(seller, productId, serial);
  expect(submitted.statusCode).toBe(201);
  const uploaded = await upload(seller, productId, png);
  expect(uploaded.statusCode).toBe(200);
  const [item] = (await queue(serial)).items;
  return { productId, serial, item: item!, code: (submitted.json() as MyVerification).code! };
}

const listingSerial = async (productId: string) =>
  (
    await queryRows<{ serial_number: string | null }>(
      ctx,
      sql`select serial_number from products where id = ${productId}`,
    )
  )[0]!.serial_number;

describe('a seller submits the serial of their listing', () => {
  it.each([
    ['01', 'ABC12', 'A Dell Service Tag is 7 letters or digits'],
    ['02', '5CG1234', 'An HP serial number is 10 letters or digits'],
    ['03', 'PF2ABCDEF', 'A Lenovo serial number is 8 letters or digits'],
    ['04', 'C02XK1ABJGIO', 'An Apple serial number is 10 or 12 letters or digits, without I or O'],
    ['05', 'L9NRCV12', 'An Asus serial number is 12 to 15 letters or digits'],
  ])(
    'refuses a serial outside brand %s’s format, naming it, and stores nothing',
    async (category, serial, format) => {
      const productId = await addProduct(ctx.app, seller, { category });
      const res = await submit(seller, productId, serial);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'serial_format' });
      expect(res.json().message).toContain(format);
      expect(await listingSerial(productId)).toBeNull();
      const bangla = await submit(seller, productId, serial, 'bn');
      expect(bangla.json().message).toMatch(/সিরিয়াল নম্বরটি মেলে না: .*[অ-হ]/);
    },
  );

  it('refuses an empty or overlong serial as bad input', async () => {
    const productId = await addProduct(ctx.app, seller, { category: LENOVO });
    for (const serial of ['', '   ', 'X'.repeat(41), 12345678]) {
      expect((await submit(seller, productId, serial)).statusCode).toBe(400);
    }
    expect(await listingSerial(productId)).toBeNull();
  });

  it('normalises the serial, answers a one-time code and the last 4 only', async () => {
    const productId = await addProduct(ctx.app, seller, { category: LENOVO });
    const res = await submit(seller, productId, '  pf9abcde ');
    expect(res.statusCode).toBe(201);
    const answer = res.json() as MyVerification;
    expect(answer).toMatchObject({ productId, serialLast4: 'BCDE', state: 'awaiting-photo' });
    expect(isVerificationCode(answer.code!)).toBe(true);
    expect(res.body).not.toContain('PF9ABCDE');
    expect(await listingSerial(productId)).toBe('PF9ABCDE');
    const mine = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/products/${productId}/verification`,
      headers: bearer(seller),
    });
    expect(mine.json()).toEqual({ verification: answer });
  });

  it('lets only the listing’s seller submit or upload', async () => {
    const productId = await addProduct(ctx.app, seller, { category: LENOVO });
    expect((await submit(null, productId, lenovoSerial())).statusCode).toBe(401);
    expect((await submit(buyer, productId, lenovoSerial())).statusCode).toBe(403);
    expect((await submit(otherSeller, productId, lenovoSerial())).statusCode).toBe(403);
    expect((await upload(otherSeller, productId, png)).statusCode).toBe(403);
    expect((await submit(seller, 'no-such-listing', lenovoSerial())).statusCode).toBe(404);
    expect(await listingSerial(productId)).toBeNull();
  });

  it('takes the photo only after a serial, and only as an image', async () => {
    const productId = await addProduct(ctx.app, seller, { category: LENOVO });
    expect((await upload(seller, productId, png)).json()).toMatchObject({ error: 'verification_state' });
    await submit(seller, productId, lenovoSerial());
    const text = await upload(seller, productId, Buffer.from('not an image at all'), 'image/png');
    expect(text.statusCode).toBe(415);
    const res = await upload(seller, productId, png);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: 'pending', code: null });
  });
});

describe('a serial already on another active listing', () => {
  it('answers 409 serial_in_use, keeps the serial off the listing and puts a conflict in the queue', async () => {
    const serial = lenovoSerial();
    const first = await addProduct(ctx.app, seller, { category: LENOVO });
    expect((await submit(seller, first, serial)).statusCode).toBe(201);
    const second = await addProduct(ctx.app, otherSeller, { category: LENOVO });
    const res = await submit(otherSeller, second, serial.toLowerCase());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'serial_in_use',
      message: 'This serial number is already on another listing. Our team will look at it.',
    });
    expect(await listingSerial(second)).toBeNull();
    const { items } = await queue(serial);
    const conflictItem = items.find((i) => i.productId === second);
    expect(conflictItem).toMatchObject({ state: 'conflict', conflict: 'duplicate', serial });
    // The operators can refuse the conflict item (not approve it: the serial is not on the listing).
    expect((await decideAs(admin, conflictItem!._id, 'approve')).statusCode).toBe(409);
    expect(
      (await decideAs(admin, conflictItem!._id, 'refuse', { reason: 'Same laptop twice' })).statusCode,
    ).toBe(200);
  });

  it('frees the serial when its listing is sold or removed', async () => {
    const serial = lenovoSerial();
    const first = await addProduct(ctx.app, seller, { category: LENOVO });
    await submit(seller, first, serial);
    await ctx.app.inject({ method: 'DELETE', url: `/api/v1/add-products/${first}`, headers: bearer(seller) });
    const second = await addProduct(ctx.app, otherSeller, { category: LENOVO });
    expect((await submit(otherSeller, second, serial)).statusCode).toBe(201);
  });
});

describe('a serial reported stolen', () => {
  it('puts the listing’s serial on the stolen list; a later submission of it answers 409', async () => {
    const serial = lenovoSerial();
    const reported = await addProduct(ctx.app, seller, { category: LENOVO });
    await submit(seller, reported, serial);
    const report = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/reports',
      headers: bearer(buyer),
      payload: { productId: reported, reason: 'This is my laptop, stolen last week', stolen: true },
    });
    expect(report.statusCode).toBe(201);
    const reports = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/reports?limit=100',
      headers: bearer(admin),
    });
    expect(
      (reports.json() as { productId: string; stolen: boolean }[]).find((r) => r.productId === reported),
    ).toMatchObject({ stolen: true });
    const again = await addProduct(ctx.app, otherSeller, { category: LENOVO });
    const res = await submit(otherSeller, again, serial);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'serial_reported_stolen' });
    const item = (await queue(serial)).items.find((i) => i.productId === again);
    expect(item).toMatchObject({ state: 'conflict', conflict: 'reported-stolen', reportedStolen: true });
  });
});

describe('the operators’ queue', () => {
  it('shows the full serial, the code and the photo to admins only, and approves', async () => {
    const { productId, serial, item, code } = await pendingListing();
    expect(item).toMatchObject({ productId, serial, code, state: 'pending', brand: 'Lenovo' });
    expect(item.photoUrl).toMatch(new RegExp(`/admin/verifications/${item._id}/photo$`));
    const photoPath = `/api/v1/admin/verifications/${item._id}/photo`;
    const photo = await ctx.app.inject({ method: 'GET', url: photoPath, headers: bearer(admin) });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');
    expect(photo.headers['cache-control']).toContain('no-store');
    expect(
      (await ctx.app.inject({ method: 'GET', url: photoPath, headers: bearer(seller) })).statusCode,
    ).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: photoPath })).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/verifications', headers: bearer(seller) }))
        .statusCode,
    ).toBe(403);

    expect((await decideAs(seller, item._id, 'approve')).statusCode).toBe(403);
    const approved = await decideAs(admin, item._id, 'approve');
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ state: 'approved' });
    expect((await decideAs(admin, item._id, 'approve')).json()).toMatchObject({
      error: 'verification_decided',
    });

    const details = await ctx.app.inject({ method: 'GET', url: `/api/v1/details/${productId}` });
    expect(details.json().verifiedDevice).toEqual({ checkedAt: expect.any(String) });
    const audit = await queryRows<{ action: string; actor_id: string }>(
      ctx,
      sql`select action, actor_id from audit_log where target_id = ${item._id}`,
    );
    expect(audit).toEqual([{ action: 'verification.approve', actor_id: admin.id }]);
    const notices = await queryRows<{ kind: string }>(
      ctx,
      sql`select kind from notifications where user_id = ${seller.id} and params->>'productId' = ${productId} and kind like 'verification-%'`,
    );
    expect(notices.map((n) => n.kind)).toEqual(['verification-approved']);
  });

  it('refuses only with a reason of 3 to 300 characters, which the seller reads; a new code follows', async () => {
    const { productId, item, code } = await pendingListing();
    for (const payload of [{}, { reason: '' }, { reason: 'no' }, { reason: 'x'.repeat(301) }]) {
      const res = await decideAs(admin, item._id, 'refuse', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
    expect((await queue(item.serial)).items[0]).toMatchObject({ state: 'pending' });
    const refused = await decideAs(admin, item._id, 'refuse', { reason: 'The code is not on the photo' });
    expect(refused.statusCode).toBe(200);
    const mine = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/products/${productId}/verification`,
      headers: bearer(seller),
    });
    expect(mine.json().verification).toMatchObject({
      state: 'refused',
      reason: 'The code is not on the photo',
    });
    const notice = await queryRows<{ kind: string; reason: string }>(
      ctx,
      sql`select kind, params->>'reason' as reason from notifications where user_id = ${seller.id} and params->>'productId' = ${productId} and kind like 'verification-%'`,
    );
    expect(notice).toEqual([{ kind: 'verification-refused', reason: 'The code is not on the photo' }]);
    // Single use: the resubmission issues another code, and the listing has no badge meanwhile.
    const again = await submit(seller, productId, item.serial);
    expect(again.statusCode).toBe(201);
    expect((again.json() as MyVerification).code).not.toBe(code);
    const details = await ctx.app.inject({ method: 'GET', url: `/api/v1/details/${productId}` });
    expect(details.json().verifiedDevice).toBeNull();
  });

  it('pages and searches on the server', async () => {
    const a = await pendingListing();
    await pendingListing();
    const all = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/admin/verifications?state=pending&limit=1&page=1',
      headers: bearer(admin),
    });
    expect(all.json()).toHaveLength(1);
    expect(Number(all.headers['x-total-count'])).toBeGreaterThanOrEqual(2);
    const bySerial = await queue(a.serial.slice(2));
    expect(bySerial.total).toBe(1);
    expect(bySerial.items[0]!.productId).toBe(a.productId);
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/admin/verifications?state=nonsense',
      headers: bearer(admin),
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the serial leaves the API only in the operators’ queue', () => {
  it('is in no catalogue, search, seller or my-products answer', async () => {
    const { productId, serial, item } = await pendingListing();
    await decideAs(admin, item._id, 'approve');
    const reads = [
      { url: `/api/v1/details/${productId}` },
      { url: `/api/v1/category/products/${LENOVO}` },
      { url: `/api/v1/search?q=ThinkPad&verified=true` },
      { url: `/api/v1/sellers/${seller.id}` },
      { url: `/api/v1/add-products?email=${encodeURIComponent(seller.email)}`, actor: seller },
      { url: `/api/v1/products/${productId}/verification`, actor: seller },
      { url: '/api/v1/notifications', actor: seller },
    ];
    for (const read of reads) {
      const res = await ctx.app.inject({ method: 'GET', url: read.url, headers: bearer(read.actor) });
      expect(res.statusCode, read.url).toBe(200);
      expect(res.body, read.url).not.toContain(serial);
    }
  });
});

describe('search', () => {
  it('filters to verified devices with verified=true', async () => {
    const { productId, item } = await pendingListing();
    await decideAs(admin, item._id, 'approve');
    const unverified = await addProduct(ctx.app, seller, { category: LENOVO });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/search?verified=true&limit=48' });
    expect(res.statusCode).toBe(200);
    const items = (res.json() as { items: { _id: string; verifiedDevice: unknown }[] }).items;
    expect(items.map((i) => i._id)).toContain(productId);
    expect(items.map((i) => i._id)).not.toContain(unverified);
    expect(items.every((i) => i.verifiedDevice !== null)).toBe(true);
    const all = await ctx.app.inject({ method: 'GET', url: '/api/v1/search?verified=false&sort=newest' });
    expect((all.json() as { items: { _id: string }[] }).items.map((i) => i._id)).toContain(unverified);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/search?verified=yes' })).statusCode).toBe(
      400,
    );
  });
});
