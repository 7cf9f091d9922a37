import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { LANGUAGE_LOCALES } from 'shared-contracts/locale';
import { HttpError } from '../lib/errors';
import { localisedErrorMessage, requestLanguage } from '../lib/error-messages';

interface ErrorAnswer {
  status: number;
  code: string;
  message: string;
  params?: Record<string, string | number>;
}

/** `body.productName: ...` — the part and the field, for zod's errors and the clean-input net's alike. */
function validationMessage(err: FastifyError): string {
  if (Array.isArray(err.validation) && err.validation.length > 0) {
    return err.validation
      .slice(0, 5)
      .map((v) => {
        const where = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
        const part = err.validationContext ?? 'request';
        return `${part}${where ? `.${where}` : ''}: ${v.message ?? 'invalid'}`;
      })
      .join('; ');
  }
  return err.message;
}

/** The `{error, message}` answer (shared-contracts/errors.ts) for whatever a request threw. */
function errorAnswer(err: FastifyError): ErrorAnswer {
  if (err instanceof HttpError)
    return { status: err.statusCode, code: err.code, message: err.message, params: err.params };
  if (err.validation) return { status: 400, code: 'validation_error', message: validationMessage(err) };
  const status = err.statusCode ?? 500;
  if (status === 413 || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.code === 'FST_REQ_FILE_TOO_LARGE')
    return { status: 413, code: 'payload_too_large', message: 'The request body is too large' };
  if (status === 415) return { status, code: 'unsupported_media_type', message: err.message };
  if (status >= 400 && status < 500) {
    const code = status === 404 ? 'not_found' : status === 401 ? 'unauthorized' : 'bad_request';
    return { status, code, message: err.message };
  }
  return { status: 500, code: 'internal_error', message: 'Something went wrong on our side' };
}

/**
 * Sends a refusal in the language the request asks for (Accept-Language; docs/product.md#languages-and-money):
 * the code stays the same, the sentence is translated, and caches learn that it varies.
 */
function sendErrorAnswer(request: FastifyRequest, reply: FastifyReply, answer: ErrorAnswer, asText = false) {
  const language = requestLanguage(request.headers['accept-language']);
  const message = localisedErrorMessage(answer, language);
  reply
    .code(answer.status)
    .header('content-language', LANGUAGE_LOCALES[language])
    .header('vary', 'Accept-Language');
  if (asText) return reply.type('text/plain; charset=utf-8').send(message);
  return reply.send({ error: answer.code, message });
}

/**
 * Every refusal of the API, from a route, a hook, the validator or Fastify itself, as
 * `{ error, message }` — except the EmailJS-compatible routes, whose SDK shows a refusal's body
 * as text (modules/emailjs/emailjs.routes.ts), so every refusal there is text whichever layer refused.
 */
export const errorAnswers = fp<{ emailjsPrefix: string }>(async (app, { emailjsPrefix }) => {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const answer = errorAnswer(err);
    if (answer.status >= 500 && !(err instanceof HttpError)) request.log.error({ err }, 'unhandled error');
    if (answer.status < 500 && request.routeOptions.url?.startsWith(emailjsPrefix)) {
      return sendErrorAnswer(
        request,
        reply,
        err.validation ? { ...answer, message: `Invalid ${answer.message}` } : answer,
        true,
      );
    }
    return sendErrorAnswer(request, reply, answer);
  });

  app.setNotFoundHandler((request, reply) =>
    sendErrorAnswer(request, reply, {
      status: 404,
      code: 'not_found',
      message: `No route ${request.method} ${request.url.split('?')[0]}`,
    }),
  );
});

/** Fastify's own refusals before any route (a URL it cannot decode, `%zz`), still as `{error, message}`. */
export function frameworkErrorAnswer(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  void sendErrorAnswer(request, reply, { status: 400, code: 'bad_request', message: err.message });
}
