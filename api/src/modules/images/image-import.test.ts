import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageFiles, images, products } from '../../db/schema/index';
import { loadConfig } from '../../config';
import { startImageServer, type ImageServer } from '../../test/image-server';
import {
  approveIfHeld,
  bearer,
  registerActor,
  startTestApp,
  TEST_PUBLIC_API_URL,
  type Actor,
  type TestContext,
} from '../../test/harness';
import { isPublicAddress } from './image-import';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '169.254.169.254', // cloud metadata
    '100.64.0.1', // carrier-grade NAT
    '100.100.100.200', // a cloud's metadata, inside carrier-grade NAT
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fe80::1',
    'fd00:ec2::254', // a cloud's IPv6 metadata, unique-local
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '64:ff9b::a00:1', // NAT64 of 10.0.0.1
    '2002:a00:1::', // 6to4 of 10.0.0.1
    'not an address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.215.14', '8.8.8.8', '2606:2800:21f:cb07:6820:80da:af6b:8b2c', '::ffff:8.8.8.8'])(
    'takes %s as public',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});

describe('IMAGE_IMPORT_ALLOW_ADDRESSES', () => {
  it('is refused in production and must list addresses', () => {
    const production = {
      NODE_ENV: 'production',
      PAYMENT_SIGNING_SECRET: 'x9Kq2LmZ7pR4tV8wY1bN6cF3hJ5sD0gA',
      API_TOKEN_SECRET: 'Q7wE3rT9yU1iO5pA2sD8fG4hJ6kL0zXc',
      PAYMENT_GATEWAY: 'sslcommerz',
      FIREBASE_AUTH_EMULATOR_HOST: '',
    };
    expect(() => loadConfig({ ...production, IMAGE_IMPORT_ALLOW_ADDRESSES: '127.0.0.2' })).toThrow(
      /IMAGE_IMPORT_ALLOW_ADDRESSES/,
    );
    expect(() => loadConfig({ IMAGE_IMPORT_ALLOW_ADDRESSES: 'localhost' })).toThrow(
      /IMAGE_IMPORT_ALLOW_ADDRESSES: must be IP addresses/,
    );
    expect(loadConfig({}).imageImport.allowAddresses).toEqual([]);
  });
});

let ctx: TestContext;
let server: ImageServer;
let seller: Actor;
beforeAll(async () => {
  server = await startImageServer(mkdtempSync(path.join(tmpdir(), 'sb-image-server-')));
  ctx = await startTestApp(server.env);
  seller = await registerActor(ctx.app, 'seller', 'Import Seller');
});
afterAll(async () => {
  await ctx?.close();
  await server?.close();
});

let serial = 0;
/** The spec's POST /add-products body: no specs, strings for the numbers, its image host's URL. */
const specBody = (image: string) => ({
  productName: `Dell Latitude 5490 i5 8GB 256GB SSD 14" #${++serial}`,
  email: 'ignored@example.test',
  price: '450',
  image,
  quality: 'Good',
  phone: '01711000111',
  location: 'Dhaka',
  category: 'Dell',
  description: 'Imported photo',
  year: '2019',
});
const post = (body: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/add-products', headers: bearer(seller), payload: body });
const rowCount = async () => ({
  listings: (await ctx.database.db.select({ n: count() }).from(products))[0]!.n,
  images: (await ctx.database.db.select({ n: count() }).from(images))[0]!.n,
});

describe('POST /add-products with an image on another site', () => {
  it('imports it once, re-encoded as WebP, and the listing shows our URL', async () => {
    const res = await post(specBody(`${server.origin}/photo.png`));
    expect(res.statusCode).toBe(201);
    // A new seller's listing waits for an operator (docs/product.md#moderation).
    const id = await approveIfHeld(ctx.app, res.json().insertedId);
    const details = (await ctx.app.inject({ url: `/api/v1/details/${id}` })).json();
    expect(details.image).toMatch(new RegExp(`^${TEST_PUBLIC_API_URL}/images/[0-9a-f]{32}\\.webp$`));
    expect(details.photos).toEqual([details.image]);
    const served = await ctx.app.inject({ url: details.image.replace('http://localhost:4999', '') });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 40, height: 30 });
    const fileName = details.image.split('/').pop();
    const [upload] = await ctx.database.db.select().from(images).where(eq(images.fileName, fileName));
    expect(upload).toMatchObject({ uploaderId: seller.id, sourceType: 'png' });
    expect(
      await ctx.database.db.select().from(imageFiles).where(eq(imageFiles.fileName, fileName)),
    ).toHaveLength(1);
  });

  it('follows a redirect on the same public host', async () => {
    const res = await post(specBody(`${server.origin}/to-photo`));
    expect(res.statusCode).toBe(201);
  });

  it.each([
    [
      'plain http',
      () => `http://${server.origin.slice('https://'.length)}/photo.png`,
      'must be an https URL',
    ],
    [
      'a private address',
      () => 'https://10.0.0.1/x.png',
      'leads to 10.0.0.1, a private or local network address',
    ],
    ['loopback', () => `https://127.0.0.1:${server.port}/photo.png`, 'leads to 127.0.0.1'],
    [
      'loopback by name',
      () => `https://localhost:${server.port}/photo.png`,
      'a private or local network address',
    ],
    ['IPv6 loopback', () => `https://[::1]:${server.port}/photo.png`, 'leads to ::1'],
    [
      'IPv4-mapped loopback',
      () => `https://[::ffff:127.0.0.1]:${server.port}/photo.png`,
      'a private or local',
    ],
    ['a redirect to loopback', () => `${server.origin}/to-loopback`, 'leads to 127.0.0.1'],
    ['a redirect to loopback by name', () => `${server.origin}/to-localhost-name`, 'a private or local'],
    ['a redirect to cloud metadata over http', () => `${server.origin}/to-metadata`, 'not https'],
    ['more than 5 MB', () => `${server.origin}/huge.png`, 'is larger than 5 MB'],
    ['a web page', () => `${server.origin}/page.html`, 'is not an image (text/html)'],
    ['text that says it is a PNG', () => `${server.origin}/fake.png`, 'could not be decoded'],
    ['a missing image', () => `${server.origin}/missing.png`, 'answered HTTP 404'],
  ])('refuses %s with a 400 naming body.image, creating nothing', async (_label, url, reason) => {
    const before = await rowCount();
    const res = await post(specBody(url()));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('image_import_failed');
    expect(res.json().message).toMatch(/^body\.image: /);
    expect(res.json().message).toContain(reason);
    expect(await rowCount()).toEqual(before);
  });

  it('refuses an image that does not arrive within 5 seconds', async () => {
    const started = Date.now();
    const res = await post(specBody(`${server.origin}/slow.png`));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('body.image: did not arrive within 5 seconds');
    expect(Date.now() - started).toBeLessThan(7_000);
  }, 15_000);

  it('names the photo that failed, and stores none of the others', async () => {
    const before = await rowCount();
    const good = `${server.origin}/photo.png`;
    const res = await post({ ...specBody(good), photos: [good, `${server.origin}/page.html`] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^body\.photos\.1: is not an image/);
    expect(await rowCount()).toEqual(before);
  });
});
