import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { MAX_IMAGE_EDGE } from 'shared-contracts/image-sizes';
import type { Database } from '../../db/index';
import { sniffImageType, storeImageWithVariants } from '../../lib/image-store';
import { recordUpload } from './images.repository';

/** A photo as this site stores every one: WebP, turned upright, at most MAX_IMAGE_EDGE a side. */
export interface EncodedImage {
  data: Buffer;
  width: number;
  height: number;
  sourceType: 'jpeg' | 'png' | 'webp';
}

export type EncodeFailure = 'not-an-image' | 'undecodable';

/**
 * Re-encodes a photo from outside (an upload, an imported URL): only JPEG, PNG and WebP by their
 * bytes, decoded by sharp, so what we store and serve is our own encoding and nothing else.
 */
export async function encodeImage(source: Buffer): Promise<EncodedImage | EncodeFailure> {
  const sourceType = sniffImageType(source);
  if (!sourceType) return 'not-an-image';
  try {
    const { data, info } = await sharp(source, { limitInputPixels: 50_000_000, failOn: 'error' })
      .rotate()
      .resize({ width: MAX_IMAGE_EDGE, height: MAX_IMAGE_EDGE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, sourceType };
  } catch {
    return 'undecodable';
  }
}

/** Stores an encoded image under its content hash and records who brought it; answers its file name. */
export async function storeEncodedImage(
  db: Database,
  image: EncodedImage,
  uploader: { uid: string; id: string | null },
): Promise<string> {
  const fileName = `${createHash('sha256').update(image.data).digest('hex').slice(0, 32)}.webp`;
  await storeImageWithVariants(db, fileName, image.data);
  await recordUpload(db, {
    fileName,
    uploaderUid: uploader.uid,
    uploaderId: uploader.id,
    bytes: image.data.length,
    width: image.width,
    height: image.height,
    sourceType: image.sourceType,
  });
  return fileName;
}
