import { existsSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
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
 * (docs/decisions/0017-image-width-variants.md).
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
