import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { products, users } from './db/schema/index';
import { logForeignImageUrls } from './services/own-images';
import {
  addProduct,
  appWithSeller,
  bearer,
  multipart,
  ownImageUrl,
  registerActor,
  signUp,
  TEST_PUBLIC_API_URL,
  validProduct,
  type Actor,
} from './test/harness';

// docs/product.md#photos: listings and profiles show only images this site stores.
const env = appWithSeller('Own Images Seller');
let buyer: Actor;
beforeAll(async () => {
  buyer = await registerActor(env.ctx.app, 'buyer', 'Own Images Buyer');
});

const PLACEHOLDER = `${TEST_PUBLIC_API_URL}/images/placeholder-photo.webp`;
const NOT_OURS = 'must be an image uploaded to this site (POST /images)';

async function uploadImage(token: string) {
  const png = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#3a6ea5' } })
    .png()
    .toBuffer();
  const body = multipart({}, { field: 'image', filename: 'a.png', contentType: 'image/png', data: png });
  const res = await env.ctx.app.inject({
    method: 'POST',
    url: '/api/v1/images',
    headers: { ...body.headers, authorization: `Bearer ${token}` },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: { url: string } }).data.url;
}

const postProduct = (body: Record<string, unknown>) =>
  env.ctx.app.inject({
    method: 'POST',
    url: '/api/v1/add-products',
    headers: bearer(env.seller),
    payload: body,
  });
const listingCount = async () =>
  (await env.ctx.database.db.select({ id: products.id }).from(products)).length;

describe('listing images', () => {
  it('accepts an image uploaded through POST /images and shows it from our origin', async () => {
    const url = await uploadImage(env.seller.token);
    const id = await addProduct(env.ctx.app, env.seller, { image: url, photos: [url, ownImageUrl()] });
    const details = (await env.ctx.app.inject({ method: 'GET', url: `/api/v1/details/${id}` })).json();
    expect(details).toMatchObject({ image: url, photos: [url, ownImageUrl()] });
    // Stored relative to PUBLIC_API_URL, so the rows survive a change of host.
    const [row] = await env.ctx.database.db.select().from(products).where(eq(products.id, id));
    expect(row?.imageUrl).toBe(`images/${url.split('/').pop()}`);
  });

  // Another site's image is imported instead (modules/images/image-import.test.ts).
  it('refuses a data: URL with a 400 naming the field', async () => {
    const res = await postProduct(validProduct({ image: 'data:image/webp;base64,UklGRg==' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('body.image');
  });

  it.each([
    [
      'our origin, an image we do not store',
      `${TEST_PUBLIC_API_URL}/images/0123456789abcdef0123456789abcdef.webp`,
      'image',
    ],
    ['our origin, not an image path', `${TEST_PUBLIC_API_URL}/details/seed-dell-xps-13-9310.webp`, 'image'],
    ['a query string', `${ownImageUrl()}?v=2`, 'image'],
  ])('refuses %s as the cover with a 400 naming the field, storing nothing', async (_label, image, field) => {
    const before = await listingCount();
    const res = await postProduct(validProduct({ image }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(`body.${field}`);
    expect(res.json().message).toContain(NOT_OURS);
    expect(await listingCount()).toBe(before);
  });

  it('names the photo that is not ours', async () => {
    const res = await postProduct(
      validProduct({
        photos: [ownImageUrl(), `${TEST_PUBLIC_API_URL}/images/ffffffffffffffffffffffffffffffff.webp`],
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`body.photos.1: ${NOT_OURS}; no such image is stored`);
  });

  it('refuses another host in an advert body, which otherwise ignores the copied product fields', async () => {
    const id = await addProduct(env.ctx.app, env.seller);
    const res = await env.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/add-advertise',
      headers: bearer(env.seller),
      payload: { _id: id, image: 'https://evil.example.test/a.webp' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('body.image');
    const ours = await env.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/add-advertise',
      headers: bearer(env.seller),
      payload: { _id: id, image: ownImageUrl() },
    });
    expect(ours.statusCode).toBe(201);
  });
});

describe('profile photos', () => {
  it('accepts an uploaded photo and refuses any other URL with a 400 naming url', async () => {
    const user = await signUp('photo');
    const post = (url: string | null) =>
      env.ctx.app.inject({
        method: 'POST',
        url: '/api/v1/users',
        headers: { authorization: `Bearer ${user.token}` },
        payload: { name: 'Photo Person', email: user.email, url, role: 'buyer' },
      });
    for (const url of [
      'https://lh3.googleusercontent.com/a/photo.jpg',
      `${TEST_PUBLIC_API_URL}/images/nope.webp`,
    ]) {
      const res = await post(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toContain('body.url');
    }
    expect(await env.ctx.database.db.select().from(users).where(eq(users.email, user.email))).toHaveLength(0);
    const photo = await uploadImage(user.token);
    expect((await post(photo)).statusCode).toBe(201);
    const me = await env.ctx.app.inject({
      method: 'GET',
      url: `/api/v1/users/${user.email}`,
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(me.json().url).toBe(photo);
  });
});

describe('rows from before: external URLs', () => {
  it('are shown as our placeholder image, served by us, and counted in the start-up log', async () => {
    const id = await addProduct(env.ctx.app, env.seller);
    await env.ctx.database.db
      .update(products)
      .set({
        imageUrl: 'https://i.ibb.co/abc/laptop.jpg',
        photoUrls: [
          'https://i.ibb.co/abc/laptop.jpg',
          `${TEST_PUBLIC_API_URL}/images/seed-dell-xps-13-9310.webp`,
        ],
      })
      .where(eq(products.id, id));
    await env.ctx.database.db
      .update(users)
      .set({ photoUrl: 'data:image/png;base64,AAAA' })
      .where(eq(users.id, buyer.id));

    const details = (await env.ctx.app.inject({ method: 'GET', url: `/api/v1/details/${id}` })).json();
    expect(details.image).toBe(PLACEHOLDER);
    expect(details.photos).toEqual([PLACEHOLDER, ownImageUrl('seed-dell-xps-13-9310.webp')]);
    const recent = (
      await env.ctx.app.inject({ method: 'GET', url: '/api/v1/recent-product?limit=50' })
    ).json();
    for (const p of recent as { image: string }[])
      expect(p.image.startsWith(`${TEST_PUBLIC_API_URL}/images/`)).toBe(true);
    const profile = await env.ctx.app.inject({
      method: 'GET',
      url: `/api/v1/users/${buyer.email}`,
      headers: bearer(buyer),
    });
    expect(profile.json().url).toBe(PLACEHOLDER);

    const placeholder = await env.ctx.app.inject({ method: 'GET', url: new URL(PLACEHOLDER).pathname });
    expect(placeholder.statusCode).toBe(200);
    expect(placeholder.headers['content-type']).toBe('image/webp');

    const warnings: string[] = [];
    const counts = await logForeignImageUrls(env.ctx.database.db, {
      warn: (m: string) => warnings.push(m),
    } as never);
    expect(counts).toEqual({ listings: 1, profiles: 1 });
    expect(warnings).toEqual([
      expect.stringContaining('1 listings and 1 profiles name images on other hosts'),
    ]);
  });
});

describe('GET /images/:fileName', () => {
  it('serves from the database with immutable caching and an ETag, answering 304 to a matching If-None-Match', async () => {
    const path = new URL(ownImageUrl()).pathname;
    const first = await env.ctx.app.inject({ method: 'GET', url: path });
    expect(first.statusCode).toBe(200);
    expect(first.headers).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=31536000, immutable',
      etag: expect.stringMatching(/^"[\w-]+"$/),
    });
    expect((await sharp(first.rawPayload).metadata()).format).toBe('webp');
    const again = await env.ctx.app.inject({
      method: 'GET',
      url: path,
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const head = await env.ctx.app.inject({ method: 'HEAD', url: path });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/webp');
  });

  it('answers 404 for a name it does not store and 400 for a name that could never be stored', async () => {
    const missing = await env.ctx.app.inject({
      method: 'GET',
      url: '/api/v1/images/0123456789abcdef0123456789abcdee.webp',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'image_not_found' });
    for (const name of [
      '..%2F..%2Fetc%2Fpasswd',
      '..%2Fpglite%2FPG_VERSION',
      'a.svg',
      'A.webp',
      '%00.webp',
      `${'a'.repeat(200)}.webp`,
    ]) {
      const res = await env.ctx.app.inject({ method: 'GET', url: `/api/v1/images/${name}` });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message, name).toContain('params.fileName');
    }
    const traversal = await env.ctx.app.inject({ method: 'GET', url: '/api/v1/images/../health' });
    expect(traversal.headers['content-type']).not.toBe('image/webp');
  });
});
