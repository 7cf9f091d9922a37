import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import sharp from 'sharp';
import { IMAGE_VARIANT_WIDTHS, isImageFileName, variantFileName } from 'shared-contracts/image-sizes';
import type { Database } from '../db/index';
import { imageFiles } from '../db/schema/index';
import { photoHash } from './photo-hash';

/** Magic bytes: the declared content type and file name are never trusted. */
export function sniffImageType(buf: Buffer): 'jpeg' | 'png' | 'webp' | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (
    buf.length >= 8 &&
    buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (buf.length >= 12 && buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  return null;
}

/** Every file one image is stored as: the main WebP, then its width variants (shared-contracts/image-sizes). */
export const imageFileNames = (fileName: string) => [
  fileName,
  ...IMAGE_VARIANT_WIDTHS.map((width) => variantFileName(fileName, width)),
];

const VARIANT_FILE = /-\d+w\.webp$/;
export const isVariantFileName = (name: string) => VARIANT_FILE.test(name);

const etagOf = (data: Buffer) => `"${createHash('sha256').update(data).digest('base64url').slice(0, 27)}"`;

/** Which of `names` the store already holds. */
export async function storedImageNames(db: Database, names: string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await db
    .select({ fileName: imageFiles.fileName })
    .from(imageFiles)
    .where(inArray(imageFiles.fileName, names));
  return new Set(rows.map((r) => r.fileName));
}

export async function imageExists(db: Database, fileName: string): Promise<boolean> {
  return (await storedImageNames(db, [fileName])).has(fileName);
}

/** Names are content hashes or fixed seed names, so a row already there is never stale: keep it. */
async function insertImageFile(db: Database, fileName: string, data: Buffer, phash: bigint | null = null) {
  await db
    .insert(imageFiles)
    .values({ fileName, contentType: 'image/webp', etag: etagOf(data), size: data.length, data, phash })
    .onConflictDoNothing({ target: imageFiles.fileName });
}

/**
 * Stores `main` (a WebP) as `fileName` beside its 400 and 800 px wide variants, so clients can
 * build a srcset from the URL alone. A variant is never wider than the main image (a small
 * original gets copies at its own width, so every name a client derives exists)
 * (docs/decisions/0021-image-width-variants.md). Safe to repeat and to run in two processes at once.
 */
export async function storeImageWithVariants(db: Database, fileName: string, main: Buffer) {
  const names = imageFileNames(fileName);
  const stored = await storedImageNames(db, names);
  if (names.every((name) => stored.has(name))) return;
  // The variants first: a reader that finds the main image finds its srcset complete.
  const { width = 0 } = await sharp(main).metadata();
  for (const variantWidth of IMAGE_VARIANT_WIDTHS) {
    const name = variantFileName(fileName, variantWidth);
    if (stored.has(name)) continue;
    const data =
      width <= variantWidth
        ? main
        : await sharp(main).resize({ width: variantWidth }).webp({ quality: 80 }).toBuffer();
    await insertImageFile(db, name, data);
  }
  // The main image carries its perceptual hash, for the moderation queue's "photo reused" check.
  if (!stored.has(fileName)) await insertImageFile(db, fileName, main, await photoHash(main));
}

/**
 * Hashes the main images stored before image_files had a perceptual hash (migration 0031), a batch
 * at a time, so the "photo reused" check also finds photos of listings older than the check. Runs
 * at every start (server.ts); once every main image is hashed it is one scan of image_files' names
 * that finds nothing (variants keep a null hash: no listing shows one as a photo).
 * An image sharp cannot decode gets hash 0 and is counted, so it is not read again.
 */
export async function backfillPhotoHashes(
  db: Database,
  batch = 50,
): Promise<{ hashed: number; failed: number }> {
  let hashed = 0;
  let failed = 0;
  for (;;) {
    const rows = await db
      .select({ fileName: imageFiles.fileName, data: imageFiles.data })
      .from(imageFiles)
      .where(and(isNull(imageFiles.phash), sql`${imageFiles.fileName} !~ '-[0-9]+w\.webp$'`))
      .limit(batch);
    if (rows.length === 0) break;
    for (const row of rows) {
      let phash = 0n;
      try {
        phash = await photoHash(row.data);
        hashed += 1;
      } catch {
        failed += 1;
      }
      await db.update(imageFiles).set({ phash }).where(eq(imageFiles.fileName, row.fileName));
    }
  }
  return { hashed, failed };
}

/**
 * Brings the images of a data folder from before images lived in the database (DATA_DIR/images)
 * into it, with any width variants they lack. Files stay where they are; names already stored are
 * skipped, so every start can run it. A file that is not a WebP we could have written is left out
 * (and counted), as the old static server never served it as an image either.
 */
export async function importImageFolder(
  db: Database,
  imagesDir: string,
): Promise<{ imported: number; skipped: number }> {
  if (!existsSync(imagesDir)) return { imported: 0, skipped: 0 };
  const files = (await readdir(imagesDir)).filter((name) => isImageFileName(name));
  const groupOf = (name: string) => (isVariantFileName(name) ? [name] : imageFileNames(name));
  const stored = await storedImageNames(db, [...new Set(files.flatMap(groupOf))]);
  let imported = 0;
  let skipped = 0;
  // Main images first (with their variants), then any lone variant file the folder has.
  const ordered = [
    ...files.filter((n) => !isVariantFileName(n)),
    ...files.filter((n) => isVariantFileName(n)),
  ];
  for (const name of ordered) {
    const group = groupOf(name);
    if (group.every((n) => stored.has(n))) continue;
    const data = await readFile(path.join(imagesDir, name));
    if (sniffImageType(data) !== 'webp') {
      skipped += 1;
      continue;
    }
    try {
      if (isVariantFileName(name)) await insertImageFile(db, name, data);
      else await storeImageWithVariants(db, name, data);
      for (const n of group) stored.add(n);
      imported += 1;
    } catch {
      skipped += 1; // sharp cannot read it: it never rendered as an image anyway
    }
  }
  return { imported, skipped };
}

export interface StoredImage {
  contentType: string;
  etag: string;
  data: Buffer;
}

/**
 * Reads images for the GET route, keeping the most recently served in memory: a stored image never
 * changes (its name is its content), so a cached copy cannot go stale on any replica.
 */
export function createImageReader(db: Database, maxBytes: number) {
  const cache = new LRUCache<string, StoredImage>({
    maxSize: maxBytes,
    sizeCalculation: (image) => Math.max(1, image.data.length),
  });
  return async function readImage(fileName: string): Promise<StoredImage | null> {
    const cached = cache.get(fileName);
    if (cached) return cached;
    const [row] = await db
      .select({ contentType: imageFiles.contentType, etag: imageFiles.etag, data: imageFiles.data })
      .from(imageFiles)
      .where(eq(imageFiles.fileName, fileName))
      .limit(1);
    if (!row) return null;
    if (row.data.length <= maxBytes / 8) cache.set(fileName, row);
    return row;
  };
}
