import { createHash } from 'node:crypto';
import sharp, { type OutputInfo } from 'sharp';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ImageUploadResponseSchema } from 'shared-contracts/images';
import { MAX_IMAGE_EDGE } from 'shared-contracts/image-sizes';
import { images } from '../db/schema/index';
import { requireIdentity } from '../auth/access';
import { badRequest, HttpError } from '../lib/errors';
import { newId } from '../lib/ids';
import { writeImageWithVariants } from '../lib/image-files';

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

export const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, imagesDir } = app.deps;

  app.post(
    '/images',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['images'],
        security: [{ bearerAuth: [] }],
        consumes: ['multipart/form-data'],
        response: { 200: ImageUploadResponseSchema },
      },
    },
    async (request) => {
      const identity = requireIdentity(request);
      if (!request.isMultipart()) {
        throw new HttpError(
          415,
          'unsupported_media_type',
          'Send multipart/form-data with a file field named image',
        );
      }
      let source: Buffer | null = null;
      for await (const part of request.parts()) {
        if (part.type !== 'file') continue;
        if (part.fieldname !== 'image' || source) {
          part.file.resume();
          continue;
        }
        source = await part.toBuffer(); // throws 413 past the 5 MB limit
      }
      if (!source || source.length === 0) throw badRequest('The multipart field image is missing');
      const type = sniffImageType(source);
      if (!type)
        throw new HttpError(415, 'unsupported_media_type', 'Only JPEG, PNG and WebP images are accepted');
      let output: { data: Buffer; info: OutputInfo };
      try {
        output = await sharp(source, { limitInputPixels: 50_000_000, failOn: 'error' })
          .rotate()
          .resize({ width: MAX_IMAGE_EDGE, height: MAX_IMAGE_EDGE, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer({ resolveWithObject: true });
      } catch {
        throw badRequest('The image could not be decoded', 'invalid_image');
      }
      const fileName = `${createHash('sha256').update(output.data).digest('hex').slice(0, 32)}.webp`;
      await writeImageWithVariants(imagesDir, fileName, output.data);
      await db.insert(images).values({
        id: newId(),
        fileName,
        uploaderUid: identity.uid,
        uploaderId: request.user?.id ?? null,
        bytes: output.data.length,
        width: output.info.width,
        height: output.info.height,
        sourceType: type,
      });
      return {
        data: {
          url: `${config.publicApiUrl}/images/${fileName}`,
          width: output.info.width,
          height: output.info.height,
        },
      };
    },
  );
};
