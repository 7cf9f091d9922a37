import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../db/index';
import { imageFiles } from '../db/schema/index';
import { importImageFolder } from '../lib/image-store';
import { writeSeedImage } from './images';

const dir = mkdtempSync(path.join(os.tmpdir(), 'sb-seed-images-'));
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createDatabase({ databaseUrl: 'memory://' });
  await database.migrate();
});
afterAll(async () => {
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

const stored = async (name: string) =>
  (await database.db.select().from(imageFiles).where(eq(imageFiles.fileName, name)))[0];
const widthOf = async (name: string) => {
  const row = await stored(name);
  expect(row, `${name} is stored`).toBeDefined();
  return (await sharp(row!.data).metadata()).width;
};

describe('writeSeedImage', () => {
  it('stores the image with its 400 and 800 px variants, none wider than the 800 px original', async () => {
    await writeSeedImage(database.db, 'seed-dell-xps-13.webp', 'Dell', 'XPS 13', 0);
    expect(await widthOf('seed-dell-xps-13.webp')).toBe(800);
    expect(await widthOf('seed-dell-xps-13-400w.webp')).toBe(400);
    expect(await widthOf('seed-dell-xps-13-800w.webp')).toBe(800);
    expect(await stored('seed-dell-xps-13.webp')).toMatchObject({
      contentType: 'image/webp',
      etag: expect.stringMatching(/^"[\w-]{27}"$/),
    });
  });

  it('adds the variants to a database stored before they existed, and keeps what is there', async () => {
    const before = await stored('seed-dell-xps-13.webp');
    await database.db.delete(imageFiles).where(eq(imageFiles.fileName, 'seed-dell-xps-13-400w.webp'));
    await writeSeedImage(database.db, 'seed-dell-xps-13.webp', 'Dell', 'XPS 13', 0);
    expect(await widthOf('seed-dell-xps-13-400w.webp')).toBe(400);
    expect((await stored('seed-dell-xps-13.webp'))?.createdAt).toEqual(before?.createdAt);
  });
});

describe('importImageFolder', () => {
  it('imports the files of a data folder from before the database, with missing variants, once', async () => {
    const main = await sharp({ create: { width: 1000, height: 500, channels: 3, background: '#123456' } })
      .webp()
      .toBuffer();
    writeFileSync(path.join(dir, '0123456789abcdef0123456789abcdef.webp'), main);
    // Not ours to serve: not a WebP by its bytes, a name the store never uses, a temporary file.
    writeFileSync(path.join(dir, 'fedcba9876543210fedcba9876543210.webp'), Buffer.from('<svg/>'));
    writeFileSync(path.join(dir, 'notes.txt'), 'hello');
    writeFileSync(path.join(dir, 'abc.webp.123.tmp'), main);

    expect(await importImageFolder(database.db, dir)).toEqual({ imported: 1, skipped: 1 });
    expect((await stored('0123456789abcdef0123456789abcdef.webp'))?.data.equals(main)).toBe(true);
    expect(await widthOf('0123456789abcdef0123456789abcdef-400w.webp')).toBe(400);
    expect(await widthOf('0123456789abcdef0123456789abcdef-800w.webp')).toBe(800);
    expect(await stored('fedcba9876543210fedcba9876543210.webp')).toBeUndefined();

    expect(await importImageFolder(database.db, dir)).toEqual({ imported: 0, skipped: 1 });
  });

  it('answers nothing to do for a data folder without images', async () => {
    expect(await importImageFolder(database.db, path.join(dir, 'missing'))).toEqual({
      imported: 0,
      skipped: 0,
    });
  });
});
