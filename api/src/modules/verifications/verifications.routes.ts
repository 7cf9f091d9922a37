import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ProductIdParamsSchema } from 'shared-contracts/products';
import {
  AdminVerificationListSchema,
  AdminVerificationSchema,
  MyVerificationAnswerSchema,
  MyVerificationSchema,
  RefuseVerificationSchema,
  SubmitSerialSchema,
  VerificationIdParamsSchema,
  VerificationsQuerySchema,
} from 'shared-contracts/verifications';
import { requireUser } from '../../auth/access';
import { badRequest, HttpError, notFound } from '../../lib/errors';
import { sendTotal } from '../../lib/http';
import { encodeImage } from '../images/images.service';
import {
  findAdminVerification,
  latestVerificationOf,
  listVerifications,
  verificationPhoto,
} from './verifications.repository';
import { attachPhoto, decide, myVerification, submitSerial } from './verifications.service';
import { toAdminVerification, toMyVerification } from './verifications.wire';

/**
 * Verified devices (docs/product.md#verified-devices): the seller's serial and photo on their
 * listing, and the operators' queue, photo and decisions.
 */
export const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const bearer = [{ bearerAuth: [] }];

  app.get(
    '/products/:id/verification',
    {
      config: { access: ['seller'] },
      schema: {
        tags: ['verifications'],
        security: bearer,
        params: ProductIdParamsSchema,
        response: { 200: MyVerificationAnswerSchema },
      },
    },
    async (request) => {
      const row = await myVerification(db, requireUser(request), request.params.id);
      return { verification: row ? toMyVerification(row) : null };
    },
  );

  app.post(
    '/products/:id/verification',
    {
      config: { access: ['seller'] },
      schema: {
        tags: ['verifications'],
        security: bearer,
        params: ProductIdParamsSchema,
        body: SubmitSerialSchema,
        response: { 201: MyVerificationSchema },
      },
    },
    async (request, reply) => {
      await submitSerial(db, requireUser(request), request.params.id, request.body.serial);
      const row = await latestVerificationOf(db, request.params.id);
      return reply.code(201).send(toMyVerification(row!));
    },
  );

  // The photo is re-encoded like every upload (images.service encodeImage) but stored on the
  // submission, not among the public images: only the operators' route below serves it.
  app.post(
    '/products/:id/verification/photo',
    {
      config: { access: ['seller'] },
      schema: {
        tags: ['verifications'],
        security: bearer,
        params: ProductIdParamsSchema,
        consumes: ['multipart/form-data'],
        response: { 200: MyVerificationSchema },
      },
    },
    async (request) => {
      const seller = requireUser(request);
      if (!request.isMultipart()) {
        throw new HttpError(
          415,
          'unsupported_media_type',
          'Send multipart/form-data with a file field named photo',
        );
      }
      let source: Buffer | null = null;
      for await (const part of request.parts()) {
        if (part.type !== 'file') continue;
        if (part.fieldname !== 'photo' || source) {
          part.file.resume();
          continue;
        }
        source = await part.toBuffer(); // throws 413 past the 5 MB limit
      }
      if (!source || source.length === 0) throw badRequest('The multipart field photo is missing');
      const encoded = await encodeImage(source);
      if (encoded === 'not-an-image')
        throw new HttpError(415, 'unsupported_media_type', 'Only JPEG, PNG and WebP images are accepted');
      if (encoded === 'undecodable') throw badRequest('The image could not be decoded', 'invalid_image');
      await attachPhoto(db, seller, request.params.id, encoded.data);
      const row = await latestVerificationOf(db, request.params.id);
      return toMyVerification(row!);
    },
  );

  app.get(
    '/admin/verifications',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['verifications'],
        security: bearer,
        querystring: VerificationsQuerySchema,
        response: { 200: AdminVerificationListSchema },
      },
    },
    async (request, reply) => {
      const { rows, total } = await listVerifications(db, request.query);
      sendTotal(reply, total);
      return rows.map((row) => toAdminVerification(row, config.publicApiUrl));
    },
  );

  app.get(
    '/admin/verifications/:id/photo',
    {
      config: { access: ['admin'] },
      schema: { tags: ['verifications'], security: bearer, params: VerificationIdParamsSchema },
    },
    async (request, reply) => {
      const photo = await verificationPhoto(db, request.params.id);
      if (!photo) throw notFound('This verification has no photo', 'verification_photo_not_found');
      // Private: no shared cache may keep a photo of someone's screen.
      return reply.header('cache-control', 'private, no-store').type('image/webp').send(photo);
    },
  );

  for (const move of ['approve', 'refuse'] as const) {
    app.post(
      `/admin/verifications/:id/${move}`,
      {
        config: { access: ['admin'] },
        schema: {
          tags: ['verifications'],
          security: bearer,
          params: VerificationIdParamsSchema,
          ...(move === 'refuse' ? { body: RefuseVerificationSchema } : {}),
          response: { 200: AdminVerificationSchema },
        },
      },
      async (request) => {
        const body = request.body as { reason: string } | undefined;
        await decide(
          db,
          app.deps.mailer,
          requireUser(request),
          request.params.id,
          move === 'approve' ? { move } : { move, reason: body!.reason },
        );
        const row = await findAdminVerification(db, request.params.id);
        return toAdminVerification(row!, config.publicApiUrl);
      },
    );
  }
};
