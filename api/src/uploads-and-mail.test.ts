import { randomInt } from 'node:crypto';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { srcSetFor } from 'shared-contracts/image-sizes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, imageFiles, newsletterSubscribers } from './db/schema/index';
import { bearer, multipart, signUp, startTestApp, type TestContext } from './test/harness';

let ctx: TestContext;
let user: { token: string };
beforeAll(async () => {
  ctx = await startTestApp();
  user = await signUp('uploader'); // signed in, no profile yet: the register screen uploads the photo first
});
afterAll(async () => ctx?.close());

const upload = (file?: Parameters<typeof multipart>[1], fields: Record<string, string> = {}) => {
  const body = multipart(fields, file);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/images?key=ignored',
    headers: { ...body.headers, ...bearer(user) },
    payload: body.payload,
  });
};

describe('POST /images', () => {
  it('accepts a JPEG whatever it claims to be, resizes it to WebP and serves it with immutable caching', async () => {
    const jpeg = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#c00' } })
      .jpeg()
      .toBuffer();
    const res = await upload({
      field: 'image',
      filename: 'photo.txt',
      contentType: 'text/plain',
      data: jpeg,
    });
    expect(res.statusCode).toBe(200);
    const { data } = res.json() as { data: { url: string; width: number; height: number } };
    expect(data.url).toMatch(/^http:\/\/localhost:4999\/api\/v1\/images\/[0-9a-f]{32}\.webp$/);
    expect([data.width, data.height]).toEqual([1200, 800]);
    const served = await ctx.app.inject({ method: 'GET', url: new URL(data.url).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
  });

  it('accepts PNG and WebP', async () => {
    for (const format of ['png', 'webp'] as const) {
      const image = sharp({ create: { width: 20, height: 20, channels: 4, background: '#0f0' } });
      const data = await (format === 'png' ? image.png() : image.webp()).toBuffer();
      const res = await upload({
        field: 'image',
        filename: `a.${format}`,
        contentType: `image/${format}`,
        data,
      });
      expect(res.statusCode).toBe(200);
    }
  });

  it('refuses other types by their bytes (415), a missing field (400), broken images (400), non-multipart (415)', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(
      (await upload({ field: 'image', filename: 'a.png', contentType: 'image/png', data: svg })).statusCode,
    ).toBe(415);
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    expect(
      (await upload({ field: 'image', filename: 'a.gif', contentType: 'image/gif', data: gif })).statusCode,
    ).toBe(415);
    expect((await upload(undefined, { image: 'not a file' })).statusCode).toBe(400);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
    const broken = await upload({ field: 'image', filename: 'a.png', contentType: 'image/png', data: png });
    expect(broken.json()).toMatchObject({ error: 'invalid_image' });
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/images',
      headers: bearer(user),
      payload: { image: 'x' },
    });
    expect(json.statusCode).toBe(415);
  });

  it('refuses files over 5 MB with 413', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 0xff);
    big[0] = 0xff;
    big[1] = 0xd8;
    big[2] = 0xff;
    const res = await upload({ field: 'image', filename: 'big.jpg', contentType: 'image/jpeg', data: big });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: 'payload_too_large' });
  });
});

describe('POST /images width variants', () => {
  // A colour no other run has used: the files are named by content, so this upload writes them.
  const uniqueJpeg = (width: number, height: number) =>
    sharp({
      create: {
        width,
        height,
        channels: 3,
        background: { r: randomInt(256), g: randomInt(256), b: randomInt(256) },
      },
    })
      .jpeg()
      .toBuffer();
  const uploadJpeg = async (width: number, height: number) => {
    const res = await upload({
      field: 'image',
      filename: 'laptop.jpg',
      contentType: 'image/jpeg',
      data: await uniqueJpeg(width, height),
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as { data: { url: string } }).data.url;
  };
  /** The srcset's files, each fetched through the API: [url, width descriptor, served image]. */
  const servedSizes = async (url: string) =>
    Promise.all(
      srcSetFor(url)!
        .split(', ')
        .map(async (candidate) => {
          const [variantUrl, descriptor] = candidate.split(' ');
          const pathname = new URL(variantUrl!).pathname;
          const [row] = await ctx.database.db
            .select({ fileName: imageFiles.fileName })
            .from(imageFiles)
            .where(eq(imageFiles.fileName, path.basename(pathname)));
          expect(row, `${pathname} is stored in the database`).toBeDefined();
          const served = await ctx.app.inject({ method: 'GET', url: pathname });
          expect(served.statusCode).toBe(200);
          expect(served.headers['content-type']).toBe('image/webp');
          expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
          const meta = await sharp(served.rawPayload).metadata();
          expect(meta.format).toBe('webp');
          return { name: path.basename(pathname), descriptor, width: meta.width, height: meta.height };
        }),
    );

  it('stores 400 and 800 px wide variants beside the 1200 px image, served like it', async () => {
    const url = await uploadJpeg(3000, 2000);
    const name = path.basename(new URL(url).pathname, '.webp');
    expect(await servedSizes(url)).toEqual([
      { name: `${name}-400w.webp`, descriptor: '400w', width: 400, height: 267 },
      { name: `${name}-800w.webp`, descriptor: '800w', width: 800, height: 533 },
      { name: `${name}.webp`, descriptor: '1200w', width: 1200, height: 800 },
    ]);
  });

  it('derives a srcset only for our own main image URLs', () => {
    expect(srcSetFor('https://i.ibb.co/abc/laptop.webp')).toBeUndefined();
    expect(srcSetFor('http://localhost:4999/api/v1/images/abc.png')).toBeUndefined();
    expect(srcSetFor('http://localhost:4999/api/v1/images/abc-400w.webp')).toBeUndefined();
    expect(srcSetFor('http://localhost:4999/api/v1/images/seed-dell-xps-13.webp')).toBe(
      'http://localhost:4999/api/v1/images/seed-dell-xps-13-400w.webp 400w, ' +
        'http://localhost:4999/api/v1/images/seed-dell-xps-13-800w.webp 800w, ' +
        'http://localhost:4999/api/v1/images/seed-dell-xps-13.webp 1200w',
    );
  });

  it('never makes a variant wider than the original', async () => {
    const url = await uploadJpeg(600, 450);
    const sizes = await servedSizes(url);
    expect(sizes.map((s) => [s.descriptor, s.width, s.height])).toEqual([
      ['400w', 400, 300],
      ['800w', 600, 450],
      ['1200w', 600, 450],
    ]);
  });

  it('sizes a portrait photo by its width', async () => {
    const url = await uploadJpeg(1500, 3000);
    const sizes = await servedSizes(url);
    expect(sizes.map((s) => [s.width, s.height])).toEqual([
      [400, 800],
      [600, 1200],
      [600, 1200],
    ]);
  });

  it('serves the seed images with their variants too', async () => {
    const details = await ctx.app.inject({ method: 'GET', url: '/api/v1/recent-product?limit=1' });
    const [product] = details.json() as { image: string }[];
    expect(product?.image).toMatch(/\/api\/v1\/images\/seed-[a-z0-9-]+\.webp$/);
    const sizes = await servedSizes(product!.image);
    expect(sizes.map((s) => s.width)).toEqual([400, 800, 800]);
  });
});

describe('EmailJS-compatible contact endpoint', () => {
  const valid = {
    lib_version: '4.4.1',
    user_id: 'demo-public-key',
    service_id: 'service_secondbyte',
    template_id: 'template_contact',
    template_params: {
      user_name: 'Ann <b>',
      user_email: 'ann@example.test',
      message: "Hi'); DROP TABLE users; --",
    },
  };
  const send = (payload: object) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/emailjs/api/v1.0/email/send', payload });

  it('stores a message sent as @emailjs/browser send() does, answering OK', async () => {
    const res = await send(valid);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('OK');
    const rows = await ctx.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.replyTo, 'ann@example.test'));
    expect(rows[0]).toMatchObject({
      kind: 'contact',
      status: 'queued',
      toAddress: 'support@secondbyte.test',
    });
    expect(rows[0]?.body).toContain('DROP TABLE users');
  });

  it('accepts the multipart form sendForm() posts', async () => {
    const body = multipart({
      user_name: 'Form User',
      user_email: 'form@example.test',
      message: 'From the contact form',
      lib_version: '4.4.1',
      service_id: 'service_secondbyte',
      template_id: 'template_contact',
      user_id: 'demo-public-key',
    });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/emailjs/api/v1.0/email/send-form',
      headers: body.headers,
      payload: body.payload,
    });
    expect(res.body).toBe('OK');
    const rows = await ctx.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.replyTo, 'form@example.test'));
    expect(rows).toHaveLength(1);
  });

  it('writes the e-mail in the language the visitor wrote in, and refuses a language we do not speak', async () => {
    const bangla = {
      ...valid,
      template_params: { ...valid.template_params, user_email: 'bn@example.test', language: 'bn' },
    };
    expect((await send(bangla)).body).toBe('OK');
    const [row] = await ctx.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.replyTo, 'bn@example.test'));
    expect(row).toMatchObject({ subject: 'যোগাযোগ ফর্ম: Ann <b>' });
    expect(row?.body).toMatch(/^প্রেরক: Ann <b> <bn@example\.test>\n\n/);
    const [english] = await ctx.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.replyTo, 'ann@example.test'));
    expect(english?.subject).toBe('Contact form: Ann <b>');
    const french = await send({ ...valid, template_params: { ...valid.template_params, language: 'fr' } });
    expect(french.statusCode).toBe(400);
  });

  it('refuses a wrong key, service or template, or missing fields, and stores nothing', async () => {
    const before = (await ctx.database.db.select().from(emailOutbox)).length;
    for (const bad of [
      { ...valid, user_id: 'wrong' },
      { ...valid, service_id: 'wrong' },
      { ...valid, template_id: 'wrong' },
      { ...valid, template_params: { user_name: 'x', message: 'no e-mail' } },
      { ...valid, template_params: { ...valid.template_params, message: 'x'.repeat(10_000) } },
    ]) {
      const res = await send(bad);
      expect(`${res.statusCode} ${res.body}`).toMatch(/^400 /);
      expect(res.headers['content-type']).toContain('text/plain');
    }
    expect((await ctx.database.db.select().from(emailOutbox)).length).toBe(before);
  });
});

describe('POST /newsletter', () => {
  it('is idempotent', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/newsletter',
        payload: { email: 'Fan@Example.test' },
      });
      expect(res.json()).toEqual({ acknowledged: true });
    }
    const rows = await ctx.database.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, 'fan@example.test'));
    expect(rows).toHaveLength(1);
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/newsletter',
      payload: { email: 'nope' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
