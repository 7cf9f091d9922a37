import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';
import { MAX_IMAGE_BYTES } from 'shared-contracts/images';
import { HttpError } from '../lib/errors';
import { refuseUncleanUnvalidatedParts } from '../lib/clean-input';

/**
 * How the API reads what a request sends, beyond Fastify's JSON: the sandbox payment page's
 * urlencoded form posts, JSON only in UTF-8, image uploads (multipart, one file), and the
 * clean-input net for parts no schema checks.
 */
export const requestBodies = fp<{ bodyLimit: number }>(async (app, { bodyLimit }) => {
  // Sandbox payment page forms post urlencoded bodies.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  // JSON is UTF-8 (RFC 8259): a body that declares another charset would be read as something it
  // is not, so it is refused rather than guessed at (found by the attack suite, api/README.md).
  app.addHook('preParsing', async (request, _reply, payload) => {
    const type = request.headers['content-type'] ?? '';
    const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(type)?.[1]?.toLowerCase();
    if (
      charset &&
      charset !== 'utf-8' &&
      charset !== 'utf8' &&
      /^\s*application\/([\w.+-]+\+)?json\b/i.test(type)
    ) {
      throw new HttpError(415, 'unsupported_media_type', 'JSON bodies are UTF-8: send charset=utf-8 or none');
    }
    return payload;
  });

  // Image uploads: the only bodies allowed above bodyLimit, one file of at most MAX_IMAGE_BYTES.
  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 20, fieldSize: 16 * 1024, parts: 25 },
  });

  // Parts without a schema never reach the validator compiler; the clean-input net covers them here.
  app.addHook('preValidation', async (request) => refuseUncleanUnvalidatedParts(request));
});
