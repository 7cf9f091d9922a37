import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ImageUploadResponseSchema } from 'shared-contracts/images';
import { isImageFileName, MAX_IMAGE_FILE_NAME_LENGTH } from 'shared-contracts/image-sizes';
import { z } from 'zod';
import { requireIdentity } from '../../auth/access';
import { badRequest, HttpError, notFound } from '../../lib/errors';
import { createImageReader, sniffImageType } from '../../lib/image-store';
import { encodeImage, storeEncodedImage } from './images.service';

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
      const encoded = await encodeImage(source);
      if (encoded === 'not-an-image')
        throw new HttpError(415, 'unsupported_media_type', 'Only JPEG, PNG and WebP images are accepted');
      if (encoded === 'undecodable') throw badRequest('The image could not be decoded', 'invalid_image');
      const fileName = await storeEncodedImage(db, encoded, {
        uid: identity.uid,
        id: request.user?.id ?? null,
      });
      return {
        data: {
          url: `${config.publicApiUrl}/images/${fileName}`,
          width: encoded.width,
          height: encoded.height,
        },
      };
    },
  );
};
