import { existsSync } from 'node:fs';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { IMAGE_VARIANT_WIDTHS, variantFileName } from 'shared-contracts/image-sizes';

/** Write then rename: a concurrent reader never sees half a file. */
async function writeAtomically(file: string, data: Buffer) {
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(tmp, data);
  await rename(tmp, file);
}

/** Every file one image is stored as: the main WebP, then its width variants (shared-contracts/image-sizes). */
export const imageFileNames = (fileName: string) => [
  fileName,
  ...IMAGE_VARIANT_WIDTHS.map((width) => variantFileName(fileName, width)),
];

/**
 * Stores `main` (a WebP) as `fileName` beside its 400 and 800 px wide variants, so clients can
 * build a srcset from the URL alone. A variant is never wider than the main image (a small
 * original gets copies at its own width, so every name a client derives exists). Files already
 * there are kept: names come from the content, so they cannot be stale
 * (docs/decisions/0021-image-width-variants.md).
 */
export async function writeImageWithVariants(imagesDir: string, fileName: string, main: Buffer) {
  const mainFile = path.join(imagesDir, fileName);
  if (!existsSync(mainFile)) await writeAtomically(mainFile, main);
  const { width = 0 } = await sharp(main).metadata();
  for (const variantWidth of IMAGE_VARIANT_WIDTHS) {
    const file = path.join(imagesDir, variantFileName(fileName, variantWidth));
    if (existsSync(file)) continue;
    const data =
      width <= variantWidth
        ? main
        : await sharp(main).resize({ width: variantWidth }).webp({ quality: 80 }).toBuffer();
    await writeAtomically(file, data);
  }
}

const MAIN_IMAGE_FILE = /^[a-z0-9]+(?:-[a-z0-9]+)*\.webp$/i;
const VARIANT_FILE = /-\d+w\.webp$/;

/**
 * Writes the variants of images stored before variants existed (uploads are not re-rendered like
 * the seed), so no srcset a client derives points at a missing file. Answers how many it completed.
 */
export async function addMissingVariants(imagesDir: string): Promise<number> {
  let completed = 0;
  for (const name of await readdir(imagesDir)) {
    if (!MAIN_IMAGE_FILE.test(name) || VARIANT_FILE.test(name)) continue;
    if (imageFileNames(name).every((file) => existsSync(path.join(imagesDir, file)))) continue;
    try {
      await writeImageWithVariants(imagesDir, name, await readFile(path.join(imagesDir, name)));
      completed += 1;
    } catch {
      // A file sharp cannot read is left as it is: its page shows the main image, as before.
    }
  }
  return completed;
}
