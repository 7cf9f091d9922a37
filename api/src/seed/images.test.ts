import { existsSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { addMissingVariants } from '../lib/image-files';
import { writeSeedImage } from './images';

const dir = mkdtempSync(path.join(os.tmpdir(), 'sb-seed-images-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const widthOf = async (name: string) => (await sharp(path.join(dir, name)).metadata()).width;

describe('writeSeedImage', () => {
  it('writes the image with its 400 and 800 px variants, none wider than the 800 px original', async () => {
    await writeSeedImage(dir, 'seed-dell-xps-13.webp', 'Dell', 'XPS 13', 0);
    expect(await widthOf('seed-dell-xps-13.webp')).toBe(800);
    expect(await widthOf('seed-dell-xps-13-400w.webp')).toBe(400);
    expect(await widthOf('seed-dell-xps-13-800w.webp')).toBe(800);
  });

  it('adds the variants to a data folder written before they existed', async () => {
    unlinkSync(path.join(dir, 'seed-dell-xps-13-400w.webp'));
    unlinkSync(path.join(dir, 'seed-dell-xps-13-800w.webp'));
    await writeSeedImage(dir, 'seed-dell-xps-13.webp', 'Dell', 'XPS 13', 0);
    expect(existsSync(path.join(dir, 'seed-dell-xps-13-400w.webp'))).toBe(true);
    expect(existsSync(path.join(dir, 'seed-dell-xps-13-800w.webp'))).toBe(true);
  });
});

describe('addMissingVariants', () => {
  it('completes an upload stored before variants existed and leaves complete images alone', async () => {
    const main = await sharp({ create: { width: 1000, height: 500, channels: 3, background: '#123456' } })
      .webp()
      .toBuffer();
    writeFileSync(path.join(dir, '0123456789abcdef0123456789abcdef.webp'), main);
    expect(await addMissingVariants(dir)).toBe(1);
    expect(await widthOf('0123456789abcdef0123456789abcdef-400w.webp')).toBe(400);
    expect(await widthOf('0123456789abcdef0123456789abcdef-800w.webp')).toBe(800);
    expect(await addMissingVariants(dir)).toBe(0);
  });
});
