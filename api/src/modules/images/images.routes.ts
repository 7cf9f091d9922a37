import { createHash } from 'node:crypto';
import sharp, { type OutputInfo } from 'sharp';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ImageUploadResponseSchema } from 'shared-contracts/images';
import { isImageFileName, MAX_IMAGE_EDGE, MAX_IMAGE_FILE_NAME_LENGTH } from 'shared-contracts/image-sizes';
import { z } from 'zod';
import { requireIdentity } from '../../auth/access';
import { badRequest, HttpError, notFound } from '../../lib/errors';
import { createImageReader, sniffImageType, storeImageWithVariants } from '../../lib/image-store';
import { recordUpload } from './images.repository';

export { sniffImageType };

const ImageParamsSchema = z.object({
  fileName: z
    .string()
    .max(MAX_IMAGE_FILE_NAME_LENGTH)
    .refine(isImageFileName, 'an image file name: lower-case letters, digits and dashes, ending in .webp'),
});

export const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const readImage = createImageReader(db, config.imageCacheBytes);

  // The bytes live in the database, so every replica serves every image
  // (docs/decisions/0024-images-in-the-database.md). Names are content hashes: cache for a year.
  app.get(
    '/images/:fileName',
    {
      config: { access: 'public' },
      schema: { tags: ['images'], params: ImageParamsSchema },
    },
    async (request, reply) => {
      const image = await readImage(request.params.fileName);
      if (!image) throw notFound(`No image named ${request.params.fileName}`, 'image_not_found');
      reply.header('cache-control', 'public, max-age=31536000, immutable').header('etag', image.etag);
      const ifNoneMatch = request.headers['if-none-match'];
      if (
        ifNoneMatch &&
        ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === image.etag)
      ) {
        return reply.code(304).send(); // no body, so no Content-Type (RFC 9110 §15.4.5)
      }
      return reply.type(image.contentType).send(image.data);
    },
  );

  app.post(
    '/images',
    {
      config: { access: 'signed-in', keepsCatalog: true },
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
      await storeImageWithVariants(db, fileName, output.data);
      await recordUpload(db, {
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
