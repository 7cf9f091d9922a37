import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENT_REPLAYED_HEADER,
  IDEMPOTENT_WRITE_METHODS,
} from 'shared-contracts/idempotency';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from 'shared-contracts/errors';
import { LINK_HEADER, TOTAL_COUNT_HEADER } from 'shared-contracts/pagination';
import { z } from 'zod';
import type { Access } from '../auth/access';

/**
 * The OpenAPI document (GET /api/v1/openapi.json), completed in one place rather than on each
 * route (docs/decisions/0031-openapi-contract.md). Routes declare their input and their success
 * body with zod as always; this plugin adds what follows from the rest of their declaration:
 *  - security and `x-access` from `config.access` (auth/access.ts), with the 401/403/503 answers
 *    that access check can give;
 *  - the `{error, message}` body (shared-contracts/errors.ts) on 400 (validated input), 404 (a path
 *    id), 413/415 (a request body), 429 (a rate limit), 500 (anything);
 *  - `X-Total-Count` on paged lists (a `page` and `limit` query), ETag/Cache-Control/304 on the
 *    cached catalogue (`config.cache`), the rate-limit headers;
 *  - the year limit a refine enforces (`x-maximum: 'current-year'`) as a real `maximum`.
 * What only a handler knows (a 409, a lookup of a body id, an HTML or text answer, a redirect) is
 * listed in ROUTE_FACTS below; the contract test (src/contract.test.ts) fails on any answer the
 * document does not describe, so that list cannot drift unnoticed.
 */

/** OpenAPI 3.1: its schemas are plain JSON Schema 2020-12, which validators (ajv) read as they are. */
export const OPENAPI_VERSION = '3.1.0';

type Schema = Record<string, unknown>;
interface MediaType {
  schema: Schema;
}
interface Header {
  description?: string;
  required?: boolean;
  schema: Schema;
}
interface Response {
  description: string;
  headers?: Record<string, Header>;
  content?: Record<string, MediaType>;
}
interface Operation {
  parameters?: { in: string; name: string; required?: boolean; description?: string; schema?: Schema }[];
  requestBody?: { required?: boolean; content: Record<string, MediaType> };
  responses?: Record<string, Response>;
  security?: unknown[];
  'x-access'?: Access;
  [CONTRACT]?: RouteContract;
  [key: string]: unknown;
}

/** What the transform learns from each route's options, read back when the document is finished. */
const CONTRACT = 'x-route-contract';
interface RouteContract {
  access: Access;
  rateLimited: boolean;
  cached: boolean;
}

const ERROR_REF = { $ref: '#/components/schemas/ApiError' };
const JSON_TYPE = 'application/json';
const TEXT_TYPE = 'text/plain';

const errorResponse = (description: string, type = JSON_TYPE): Response => ({
  description,
  content: { [type]: { schema: type === JSON_TYPE ? ERROR_REF : { type: 'string' } } },
  // plugins/error-answers.ts: the sentence follows the request's Accept-Language, the code never does.
  headers: {
    'content-language': {
      description: 'Language of the message: bn-BD when Accept-Language prefers Bangla, else en-GB',
      schema: { type: 'string', enum: ['en-GB', 'bn-BD'] },
    },
  },
});

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input: `message` names the field (error `validation_error` or a more precise code)',
  401: 'No valid bearer token (`unauthorized`, `invalid_token`, `account_deleted`)',
  403: 'Signed in but not allowed (`forbidden`, `profile_required`, or a more precise code)',
  404: 'The resource does not exist (`not_found` or e.g. `product_not_found`)',
  409: 'The resource is not in a state that allows this (e.g. `already_booked`, `product_sold`)',
  413: 'The request body is too large (`payload_too_large`)',
  415: 'The body’s content type is not one this operation accepts (`unsupported_media_type`)',
  429: 'Too many requests from this address (`too_many_requests`); retry after `Retry-After` seconds',
  500: 'An unexpected failure on our side (`internal_error`)',
  502: 'The payment gateway failed (`gateway_error`)',
  503: 'A service the API needs cannot be reached (`auth_unavailable`, `busy`)',
};

const header = (description: string, schema: Schema = { type: 'string' }): Header => ({
  description,
  schema,
});
const RATE_LIMIT_HEADERS: Record<string, Header> = {
  'x-ratelimit-limit': header('Requests allowed per window', { type: 'integer' }),
  'x-ratelimit-remaining': header('Requests left in this window', { type: 'integer' }),
  'x-ratelimit-reset': header('Seconds until the window resets', { type: 'integer' }),
};
const CACHE_HEADERS: Record<string, Header> = {
  etag: header('Validator of this body; send it back in If-None-Match'),
  'cache-control': header('How long caches may keep the answer'),
  'x-cache': header(
    'HIT (from memory), STALE (expired, served while it is computed again) or MISS (computed now)',
    { type: 'string', enum: ['HIT', 'STALE', 'MISS'] },
  ),
};

interface RouteFacts {
  /** Statuses the handler or its service answers beyond what the central rules derive. */
  statuses?: number[];
  /** Replaces the success answers (non-JSON bodies, redirects). */
  success?: Record<string, Response>;
  /** Error bodies are plain text here (EmailJS's SDK shows them as they are). */
  textErrors?: boolean;
  /** Body content types the route reads besides (or instead of) the JSON of its zod schema. */
  requestBody?: { required: boolean; content: Record<string, MediaType> };
  /** Answers 429 through a shared budget hook (app.rateLimit) rather than `config.rateLimit`. */
  rateLimited?: boolean;
}

const EMAILJS_FIELDS: Schema = {
  type: 'object',
  description: 'The EmailJS fields, each a form field: template parameters next to the ids',
  properties: {
    lib_version: { type: 'string' },
    user_id: { type: 'string' },
    service_id: { type: 'string' },
    template_id: { type: 'string' },
    accessToken: { type: 'string' },
    user_name: { type: 'string' },
    user_email: { type: 'string' },
    message: { type: 'string' },
  },
  required: ['user_id', 'service_id', 'template_id'],
};

const textOk: Record<string, Response> = {
  200: {
    description: 'Accepted (EmailJS answers the text OK)',
    content: { [TEXT_TYPE]: { schema: { type: 'string' } } },
  },
};

/** A CSV download (lib/csv.ts): the file itself, saved under the name the API gives it. */
const csvDownload = (what: string): Record<string, Response> => ({
  200: {
    description: `${what}, as CSV (UTF-8 with a byte-order mark, CRLF lines)`,
    headers: {
      'content-disposition': { ...header('attachment; filename="secondbyte-….csv"'), required: true },
      'cache-control': header('no-store'),
    },
    content: { 'text/csv': { schema: { type: 'string' } } },
  },
});

/**
 * Keyed by `METHOD path` under the API prefix, as the document writes paths. Only what the route's
 * own declaration cannot say: everything else comes from the central rules.
 */
export const ROUTE_FACTS: Record<string, RouteFacts> = {
  'POST /users': { statuses: [403, 409] },
  'GET /users/{email}': { statuses: [403] },
  'PATCH /users/{email}': { statuses: [403] },
  'GET /jwt': { statuses: [403] },
  'POST /add-products': { statuses: [404] },
  'POST /bookings': { statuses: [404, 409] },
  'POST /bookings/{id}/accept': { statuses: [403, 409] },
  'POST /bookings/{id}/decline': { statuses: [403, 409] },
  'POST /bookings/{id}/cancel': { statuses: [403, 409] },
  'POST /bookings/{id}/complete': { statuses: [403, 409] },
  'POST /offers': { statuses: [404, 409] },
  'GET /offers/mine': { statuses: [404] },
  'POST /offers/{id}/accept': { statuses: [403, 404, 409] },
  'POST /offers/{id}/decline': { statuses: [403, 404, 409] },
  'POST /offers/{id}/counter': { statuses: [403, 404, 409] },
  'POST /add-advertise': { statuses: [404, 409] },
  'POST /payment/init': { statuses: [404, 409] },
  'POST /payment/callback': { statuses: [401, 404, 409, 502] },
  'GET /payment/sandbox/{id}': {
    success: {
      200: {
        description: 'The sandbox gateway’s hosted payment page',
        headers: { 'cache-control': header('no-store') },
        content: { 'text/html': { schema: { type: 'string' } } },
      },
    },
  },
  'POST /payment/sandbox/{id}': {
    statuses: [403],
    requestBody: {
      required: true,
      content: {}, // filled from the JSON schema: the page's forms post it urlencoded
    },
    success: {
      303: {
        description: 'The outcome is recorded; the browser goes back to the site’s result page',
        headers: { location: { ...header('The site’s payment result page'), required: true } },
      },
    },
  },
  'POST /reports': { statuses: [404, 409] },
  // An unknown listing is a 404; one not waiting for review (already decided) a 409.
  'POST /admin/moderation/{id}/approve': { statuses: [404, 409] },
  'POST /admin/moderation/{id}/refuse': { statuses: [404, 409] },
  'POST /conversations': { statuses: [404, 409] },
  'GET /conversations/{id}': { statuses: [404] },
  'POST /conversations/{id}/messages': { statuses: [404, 409] },
  'POST /conversations/{id}/read': { statuses: [404, 409] },
  'POST /conversations/{id}/report': { statuses: [404, 409] },
  'GET /events': {
    success: {
      200: {
        description:
          'Server-sent events of the signed-in user: `event: message | notification | conversation-read | reset` with `data: {}`, and `: ping` comments; the stream ends after LIVE_STREAM_MAX_SECONDS',
        headers: {
          'cache-control': header('no-store'),
          'x-accel-buffering': header('no: proxies must not buffer the stream'),
        },
        content: { 'text/event-stream': { schema: { type: 'string' } } },
      },
    },
  },
  'PATCH /add-products/{id}': { statuses: [404, 409] },
  'PUT /saved/{productId}': { statuses: [404, 409] },
  'DELETE /saved/{productId}': { statuses: [404] },
  'POST /reports/{id}/dismiss': { statuses: [409] },
  'POST /reports/{id}/remove-listing': { statuses: [409] },
  'POST /users/{id}/make-admin': { statuses: [409] },
  'POST /users/{id}/revoke-admin': { statuses: [409] },
  'GET /orders/{transactionId}': { statuses: [403, 404] },
  'POST /orders/{transactionId}/hand-over': { statuses: [403, 404, 409] },
  'POST /orders/{transactionId}/confirm': { statuses: [403, 404, 409] },
  'POST /orders/{transactionId}/cancel': { statuses: [403, 404, 409] },
  'POST /orders/{transactionId}/dispute': { statuses: [403, 404, 409] },
  'GET /disputes/{id}': { statuses: [403, 404] },
  'POST /disputes/{id}/resolve': { statuses: [404, 409] },
  'GET /payout-method': { statuses: [404] },
  'POST /payouts': { statuses: [409] },
  'POST /admin/payouts/{id}/paid': { statuses: [409] },
  'POST /admin/payouts/{id}/failed': { statuses: [409] },
  // Verified devices (docs/product.md#verified-devices).
  'GET /products/{id}/verification': { statuses: [403, 404] },
  'POST /products/{id}/verification': { statuses: [403, 404, 409] },
  'POST /products/{id}/verification/photo': { statuses: [403, 404, 409, 413] },
  'POST /admin/verifications/{id}/approve': { statuses: [404, 409] },
  'POST /admin/verifications/{id}/refuse': { statuses: [404, 409] },
  'GET /admin/verifications/{id}/photo': {
    statuses: [404],
    success: {
      200: {
        description: 'The verification photo (WebP), for the operators only; no cache may keep it',
        headers: { 'cache-control': header('private, no-store') },
        content: { 'image/webp': { schema: { type: 'string', format: 'binary' } } },
      },
    },
  },
  'GET /admin/payouts.csv': { success: csvDownload('The payouts of one state for a bulk transfer') },
  'GET /balance/statement.csv': { success: csvDownload('Every movement of the caller’s money') },
  'GET /images/{fileName}': {
    success: {
      200: {
        description: 'The image bytes; names are content hashes, so caches may keep them for a year',
        headers: CACHE_HEADERS,
        content: Object.fromEntries(
          ['image/webp', 'image/jpeg', 'image/png'].map((t) => [
            t,
            { schema: { type: 'string', format: 'binary' } },
          ]),
        ),
      },
      304: { description: 'Not modified (If-None-Match matched the ETag)', headers: CACHE_HEADERS },
    },
  },
  'POST /images': {
    requestBody: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: {
              image: { type: 'string', format: 'binary', description: 'JPEG, PNG or WebP, at most 5 MB' },
            },
            required: ['image'],
          },
        },
      },
    },
  },
  'POST /emailjs/api/v1.0/email/send': { textErrors: true, rateLimited: true, success: textOk },
  'POST /emailjs/api/v1.0/email/send-form': {
    textErrors: true,
    rateLimited: true,
    success: textOk,
    requestBody: { required: true, content: { 'multipart/form-data': { schema: EMAILJS_FIELDS } } },
  },
};

/** Replaces `x-maximum: 'current-year'` (a refine zod cannot export) with this year's number. */
function withCurrentYear(node: unknown, year: number): unknown {
  if (Array.isArray(node)) return node.map((n) => withCurrentYear(n, year));
  if (!node || typeof node !== 'object') return node;
  const out: Schema = {};
  for (const [key, value] of Object.entries(node)) out[key] = withCurrentYear(value, year);
  if (out['x-maximum'] === 'current-year') out.maximum = year;
  return out;
}

function completeOperation(key: string, op: Operation) {
  const contract = op[CONTRACT];
  delete op[CONTRACT];
  if (!contract) return;
  const facts = ROUTE_FACTS[key] ?? {};
  const [method] = key.split(' ');
  const errorType = facts.textErrors ? TEXT_TYPE : JSON_TYPE;
  const responses: Record<string, Response> = { ...(facts.success ?? op.responses ?? {}) };

  if (facts.requestBody) {
    const json = op.requestBody?.content[JSON_TYPE];
    op.requestBody = {
      required: facts.requestBody.required,
      content: {
        ...(json ? { [JSON_TYPE]: json, 'application/x-www-form-urlencoded': json } : {}),
        ...facts.requestBody.content,
      },
    };
  }
  // A success answer without a declared body is JSON described elsewhere; say so honestly.
  for (const [status, response] of Object.entries(responses)) {
    if (status.startsWith('2') && !response.content && status !== '204')
      response.content = { [JSON_TYPE]: { schema: {} } };
  }

  const params = op.parameters ?? [];
  const statuses = new Map<number, Response>();
  const add = (status: number, type = JSON_TYPE) =>
    statuses.set(status, errorResponse(ERROR_DESCRIPTIONS[status] ?? 'Error', type));
  const takesBody = method !== 'GET';
  if (params.length > 0 || takesBody) add(400, errorType);
  if (params.some((p) => p.in === 'path')) add(404, errorType);
  if (takesBody) {
    add(413, errorType);
    add(415, errorType);
  }
  if (contract.access !== 'public') {
    add(401, errorType);
    add(503, errorType);
    if (contract.access !== 'signed-in') add(403, errorType);
  }
  const rateLimited = contract.rateLimited || facts.rateLimited === true;
  if (rateLimited) add(429, errorType);
  for (const status of facts.statuses ?? []) add(status, status >= 500 ? JSON_TYPE : errorType);
  add(500);
  for (const [status, response] of statuses) responses[status] ??= response;

  if (params.some((p) => p.name === 'page') && params.some((p) => p.name === 'limit')) {
    const ok = responses['200'];
    if (ok)
      ok.headers = {
        ...ok.headers,
        [TOTAL_COUNT_HEADER]: {
          ...header('Rows in the whole list (every page)', { type: 'integer', minimum: 0 }),
          required: true,
        },
        ...(params.some((p) => p.name === 'cursor')
          ? {
              [LINK_HEADER]: header(
                'The next page by keyset, `<…?cursor=…>; rel="next"` (RFC 8288); absent on the last page',
              ),
            }
          : {}),
      };
  }
  if (contract.cached) {
    const ok = responses['200'];
    if (ok) ok.headers = { ...ok.headers, ...CACHE_HEADERS };
    // The cache answers 304 with the headers of the 200 it stands for, the total included.
    const total = ok?.headers?.[TOTAL_COUNT_HEADER];
    const link = ok?.headers?.[LINK_HEADER];
    responses['304'] ??= {
      description: 'Not modified (If-None-Match matched the ETag)',
      headers: {
        ...CACHE_HEADERS,
        ...(total ? { [TOTAL_COUNT_HEADER]: { ...total, required: false } } : {}),
        ...(link ? { [LINK_HEADER]: link } : {}),
      },
    };
  }
  if (rateLimited) {
    for (const [status, response] of Object.entries(responses)) {
      response.headers = {
        ...response.headers,
        ...RATE_LIMIT_HEADERS,
        ...(status === '429' ? { 'retry-after': header('Seconds to wait', { type: 'integer' }) } : {}),
      };
    }
  }
  if (IDEMPOTENT_WRITE_METHODS.has(method!)) declareIdempotencyKey(op, responses);
  declareTraceContext(op, responses);
  op.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * Every operation continues a W3C trace and names it in its answer (plugins/trace-context.ts;
 * docs/decisions/0053-trace-context.md).
 */
function declareTraceContext(op: Operation, responses: Record<string, Response>) {
  op.parameters = [
    ...(op.parameters ?? []),
    {
      in: 'header',
      name: 'traceparent',
      required: false,
      description:
        'W3C trace context of the caller (`00-<trace id>-<span id>-<flags>`): continued when valid, replaced by a fresh trace otherwise',
      schema: { type: 'string' },
    },
  ];
  for (const response of Object.values(responses))
    response.headers = {
      ...response.headers,
      traceresponse: header(
        'This request’s trace and span (`00-<trace id>-<span id>-<flags>`), to quote in a report',
      ),
    };
}

/** Every write takes an Idempotency-Key (plugins/idempotency.ts; api/README.md, Idempotent writes). */
function declareIdempotencyKey(op: Operation, responses: Record<string, Response>) {
  op.parameters = [
    ...(op.parameters ?? []),
    {
      in: 'header',
      name: IDEMPOTENCY_KEY_HEADER,
      required: false,
      description:
        'One per user action, 8–128 visible ASCII characters: a repeat within 24 hours (same caller, method, path and body) gets the first answer instead of writing again; the same key with another body gets 422',
      schema: { type: 'string', pattern: IDEMPOTENCY_KEY_PATTERN.source },
    },
  ];
  for (const [status, response] of Object.entries(responses)) {
    if (status.startsWith('2'))
      response.headers = {
        ...response.headers,
        [IDEMPOTENT_REPLAYED_HEADER]: header(
          '`true` when this is the stored answer to an earlier request with the key',
          {
            type: 'string',
            enum: ['true'],
          },
        ),
      };
  }
}

export interface OpenApiOptions {
  prefix: string;
  serverUrl: string;
}

/**
 * GET /openapi.json's handler. The document is built once; the year limits follow the calendar
 * without a restart.
 */
export function serveOpenApiDocument(app: FastifyInstance) {
  let served: { year: number; doc: unknown } | null = null;
  return async () => {
    const year = new Date().getFullYear();
    if (served?.year !== year) served = { year, doc: withCurrentYear(app.swagger(), year) };
    return served.doc;
  };
}

export const openApiDocument = fp<OpenApiOptions>(
  async (app: FastifyInstance, opts) => {
    await app.register(swagger, {
      openapi: {
        openapi: OPENAPI_VERSION,
        info: {
          title: 'SecondByte API',
          version: '1.0.0',
          description: 'Marketplace API for used laptops, under /api/v1 (api/README.md).',
        },
        servers: [{ url: opts.serverUrl }],
        components: {
          securitySchemes: {
            bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'Firebase ID token' },
          },
          schemas: {
            ApiError: z.toJSONSchema(ApiErrorSchema, { target: 'draft-2020-12' }) as Schema,
          },
        },
      },
      // Each operation carries its access policy (x-access) and, when it needs a token, bearerAuth:
      // the document says who may call what, and the attack suite reads it (api/README.md).
      transform: (input) => {
        const out = jsonSchemaTransform(input);
        const config = (input.route.config ?? {}) as { access?: Access; rateLimit?: unknown; cache?: string };
        const access = config.access ?? 'public';
        const security = access === 'public' ? {} : { security: [{ bearerAuth: [] }] };
        const contract: RouteContract = {
          access,
          rateLimited: config.rateLimit !== undefined,
          cached: config.cache !== undefined,
        };
        return { ...out, schema: { ...out.schema, ...security, 'x-access': access, [CONTRACT]: contract } };
      },
      transformObject: (document) => {
        if (!('openapiObject' in document)) throw new Error('the API documents itself as OpenAPI 3');
        const { openapiObject } = document;
        const paths = (openapiObject.paths ?? {}) as Record<string, Record<string, Operation>>;
        for (const [path, methods] of Object.entries(paths)) {
          for (const [method, op] of Object.entries(methods)) {
            completeOperation(`${method.toUpperCase()} ${path.slice(opts.prefix.length)}`, op);
          }
        }
        return openapiObject;
      },
    });
  },
  { name: 'openapi-document' },
);
