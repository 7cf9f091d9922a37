import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SandboxGateway } from './payments/sandbox';
import {
  addProduct,
  multipart,
  queryRows,
  registerActor,
  startPayment,
  startTestApp,
  type TestContext,
} from './test/harness';
import {
  fieldsOf,
  loadOperations,
  send,
  withValueAt,
  type ApiOperation,
  type RequestParts,
  type RoleName,
} from './test/openapi';
import { prepareFixtures, sampleOf, validRequest, type Fixtures } from './test/valid-requests';

/**
 * The contract test (docs/decisions/0031-openapi-contract.md): every operation of the API's own
 * OpenAPI document, called as every role with valid and invalid requests, and every answer held
 * against what the document declares for that operation: its status, its content type, its body
 * (validated by ajv against the document's own schema) and its headers. Nothing here lists routes
 * or statuses: a route added later is checked as soon as it is in the document.
 */

// ajv-formats is CommonJS with a default export; under NodeNext its namespace is what arrives.
const addFormats = (addFormatsModule as unknown as { default: typeof addFormatsModule }).default;

interface Header {
  required?: boolean;
  schema?: object;
}
interface Response {
  headers?: Record<string, Header>;
  content?: Record<string, { schema?: object }>;
}
interface NumberSchema {
  type?: string;
  maximum?: number;
  multipleOf?: number;
  anyOf?: NumberSchema[];
  oneOf?: NumberSchema[];
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, { responses?: Record<string, Response>; security?: unknown[] }>>;
}

/**
 * Headers that belong to HTTP, CORS or the security policy every answer carries
 * (plugins/security-headers.ts), not to one operation's contract. Every other header an answer
 * carries must be declared by the document for that operation and status.
 */
const GENERIC_HEADERS = new Set([
  'content-type',
  'content-length',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'vary',
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'cross-origin-embedder-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'permissions-policy',
]);
const isGeneric = (name: string) => GENERIC_HEADERS.has(name) || name.startsWith('access-control-');

const ROLES: RoleName[] = ['anonymous', 'buyer', 'seller', 'admin'];

let ctx: TestContext;
let fx: Fixtures;
let operations: ApiOperation[];
let doc: Document;
let ajv: Ajv2020;
/**
 * Valid requests the shared builders (test/valid-requests.ts) leave to be refused, because the
 * attack suite wants them so: here each operation must also be seen succeeding.
 */
let successful: Record<string, () => Partial<RequestParts>> = {};

const results = {
  requests: 0,
  failures: [] as string[],
  /** Which statuses each operation was seen answering, to print what the run covered. */
  seen: new Map<string, Set<number>>(),
};

beforeAll(async () => {
  // A budget the run exceeds, so the rate-limited routes' 429 and its headers are checked too.
  ctx = await startTestApp({ PUBLIC_WRITE_LIMIT_PER_MINUTE: '60' });
  fx = await prepareFixtures(ctx.app);
  const { buyer, seller } = fx.actors;
  const gateway = ctx.app.deps.gateway;
  if (!(gateway instanceof SandboxGateway)) throw new Error('the tests run the sandbox gateway');
  const paid = await startPayment(ctx.app, buyer, await addProduct(ctx.app, seller));
  const called = await startPayment(ctx.app, buyer, await addProduct(ctx.app, seller));
  const [payment] = await queryRows<{ amount_cents: number }>(
    ctx,
    sql`select amount_cents from payments where transaction_id = ${called.transactionId}`,
  );
  const reported = await addProduct(ctx.app, seller);
  const future = await registerActor(ctx.app, 'buyer', 'Future admin');
  successful = {
    'POST /api/v1/payment/sandbox/{id}': () => ({
      params: { id: String(paid.transactionId) },
      body: { outcome: 'paid', pageToken: gateway.pageToken(paid.transactionId) },
    }),
    'POST /api/v1/payment/callback': () => ({
      body: gateway.signCallback(called.transactionId, 'failed', Number(payment?.amount_cents)),
    }),
    'POST /api/v1/reports': () => ({ body: { productId: reported, reason: 'Looks stolen' } }),
    'GET /api/v1/images/{fileName}': () => ({ params: { fileName: 'seed-lenovo-thinkpad-t14-gen-2.webp' } }),
    'POST /api/v1/users/{id}/make-admin': () => ({ params: { id: future.id } }),
    'POST /api/v1/users/{id}/revoke-admin': () => ({ params: { id: future.id } }),
  };
  operations = await loadOperations(ctx.app);
  operations.sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
  doc = (await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as Document;
  // multipleOf 0.01 (prices) in floating point needs a tolerance: 321.5 / 0.01 is not an integer.
  ajv = new Ajv2020({ strict: false, allErrors: true, multipleOfPrecision: 9 });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  // The whole document as one schema: each answer is validated against a JSON pointer into it, so
  // `$ref`s to #/components resolve exactly as the document writes them.
  ajv.addSchema(doc, 'openapi.json');
}, 120_000);
afterAll(async () => ctx?.close());

const pointer = (...segments: string[]) =>
  segments.map((s) => encodeURIComponent(s.replaceAll('~', '~0').replaceAll('/', '~1'))).join('/');

const validators = new Map<string, ValidateFunction>();
function validatorFor(path: string, method: string, status: string, type: string) {
  const ref = `openapi.json#/${pointer('paths', path, method, 'responses', status, 'content', type, 'schema')}`;
  let validate = validators.get(ref);
  if (!validate) {
    validate = ajv.getSchema(ref);
    if (!validate) throw new Error(`no schema at ${ref}`);
    validators.set(ref, validate);
  }
  return validate;
}

/** The media type of a Content-Type header, without parameters. */
const mediaType = (value: string | undefined) => (value ?? '').split(';')[0]!.trim().toLowerCase();

function typeMatches(declared: string, actual: string) {
  if (declared === actual || declared === '*/*') return true;
  return declared.endsWith('/*') && actual.startsWith(declared.slice(0, -1));
}

/** Every way this answer departs from the document; empty when it matches. */
function departures(op: ApiOperation, res: LightMyRequestResponse): string[] {
  const method = op.method.toLowerCase();
  const responses = doc.paths[op.path]?.[method]?.responses ?? {};
  const status = String(res.statusCode);
  const key = [status, `${status[0]}XX`, 'default'].find((k) => responses[k]);
  if (!key) return [`status ${status} is not declared (declared: ${Object.keys(responses).join(', ')})`];
  const declared = responses[key]!;
  const problems: string[] = [];

  const type = mediaType(res.headers['content-type'] as string | undefined);
  const hasBody = res.rawPayload.length > 0;
  const content = declared.content ?? {};
  if (hasBody || type) {
    const match = Object.keys(content).find((t) => typeMatches(t.toLowerCase(), type));
    if (!match) {
      problems.push(
        `content type "${type}" is not declared for ${status} (declared: ${Object.keys(content).join(', ') || 'no body'})`,
      );
    } else if (type === 'application/json' || type.endsWith('+json') || type.startsWith('text/')) {
      let body: unknown = res.body;
      if (!type.startsWith('text/')) {
        try {
          body = JSON.parse(res.body);
        } catch {
          problems.push(`the ${type} body is not JSON: ${res.body.slice(0, 80)}`);
        }
      }
      const validate = validatorFor(op.path, method, key, match);
      if (!problems.length && !validate(body)) {
        const errors = (validate.errors ?? [])
          .slice(0, 3)
          .map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''}`)
          .join('; ');
        problems.push(`the ${status} body does not match its schema: ${errors} — ${res.body.slice(0, 160)}`);
      }
    }
  } else if (Object.keys(content).length > 0 && !['204', '304'].includes(status)) {
    problems.push(`${status} declares a body (${Object.keys(content).join(', ')}) but none came`);
  }

  const declaredHeaders = new Map(
    Object.entries(declared.headers ?? {}).map(([n, h]) => [n.toLowerCase(), h]),
  );
  for (const [name, value] of Object.entries(res.headers)) {
    const lower = name.toLowerCase();
    if (isGeneric(lower)) continue;
    const header = declaredHeaders.get(lower);
    if (!header) {
      problems.push(`header ${lower} is not declared for ${status}`);
      continue;
    }
    const schema = header.schema as { type?: string } | undefined;
    if (schema?.type === 'integer' || schema?.type === 'number') {
      const n = Number(value);
      const check = ajv.compile(schema);
      if (!Number.isFinite(n) || !check(n))
        problems.push(`header ${lower}: "${String(value)}" is not ${schema.type}`);
    }
  }
  for (const [name, header] of declaredHeaders) {
    if (header.required && res.headers[name] === undefined)
      problems.push(`required header ${name} is missing on ${status}`);
  }
  return problems;
}

async function check(
  op: ApiOperation,
  what: string,
  role: RoleName,
  parts: RequestParts,
  options: { token?: string; rawUrl?: string } = {},
) {
  const actor = role === 'anonymous' ? null : fx.actors[role];
  const res = await send(ctx.app, op, parts, actor, options);
  results.requests += 1;
  const seen = results.seen.get(op.key) ?? new Set<number>();
  seen.add(res.statusCode);
  results.seen.set(op.key, seen);
  for (const problem of departures(op, res))
    results.failures.push(`${op.key} ${what} as ${role} → ${res.statusCode}: ${problem}`);
  return res;
}

// ---------------------------------------------------------------------------------------------
// The requests: a valid one, then the usual ways a client gets it wrong.

const TINY_PNG = sharp({ create: { width: 4, height: 3, channels: 3, background: '#3a6' } })
  .png()
  .toBuffer();
const emailJsFields = {
  lib_version: '4.4.1',
  user_id: 'demo-public-key',
  service_id: 'service_secondbyte',
  template_id: 'template_contact',
  user_name: 'Ann',
  user_email: 'ann@example.test',
  message: 'Hello from the contract test',
};

async function multipartRequest(op: ApiOperation, base: RequestParts): Promise<RequestParts | null> {
  if (op.key === 'POST /api/v1/images') {
    const form = multipart(
      {},
      { field: 'image', filename: 'x.png', contentType: 'image/png', data: await TINY_PNG },
    );
    return { ...base, rawBody: form.payload, headers: form.headers };
  }
  if (op.key === 'POST /api/v1/products/{id}/verification/photo') {
    const form = multipart(
      {},
      { field: 'photo', filename: 'screen.png', contentType: 'image/png', data: await TINY_PNG },
    );
    return { ...base, rawBody: form.payload, headers: form.headers };
  }
  if (op.key === 'POST /api/v1/emailjs/api/v1.0/email/send-form') {
    const form = multipart(emailJsFields);
    return { ...base, rawBody: form.payload, headers: form.headers };
  }
  return null;
}

function variants(op: ApiOperation, base: RequestParts): [string, RequestParts, { rawUrl?: string }?][] {
  const list: [string, RequestParts, { rawUrl?: string }?][] = [];
  if (op.pathParams.length > 0) {
    const sampled = Object.fromEntries(op.pathParams.map((p) => [p.name, String(sampleOf(p.schema))]));
    list.push(['with ids no resource has', { ...base, params: sampled }]);
    list.push([
      'with a malformed id',
      { ...base, params: Object.fromEntries(op.pathParams.map((p) => [p.name, '../x y'])) },
    ]);
    list.push(['with broken percent-encoding', base, { rawUrl: op.path.replace(/\{\w+\}/g, '%zz') }]);
  }
  for (const q of op.queryParams.slice(0, 3)) {
    list.push([`with query ${q.name} invalid`, { ...base, query: { ...base.query, [q.name]: '-1x\u0001' } }]);
  }
  const withRaw = (rawBody: string | Buffer, contentType: string): RequestParts => ({
    ...base,
    body: undefined,
    rawBody,
    headers: { 'content-type': contentType },
  });
  if (op.body) {
    list.push(['with an empty JSON object', { ...base, body: {} }]);
    const firstField = fieldsOf(op).find((f) => f.part === 'body');
    if (firstField)
      list.push([
        `with body.${firstField.path.join('.')} of the wrong type`,
        { ...base, body: withValueAt(base.body, firstField.path, { $ne: 1 }) },
      ]);
    list.push(['with malformed JSON', withRaw('{"a":', 'application/json')]);
    list.push(['with JSON sent as text/plain', withRaw(JSON.stringify(base.body), 'text/plain')]);
    list.push([
      'with a 70 KB body',
      withRaw(JSON.stringify({ ...(base.body as object), pad: 'x'.repeat(70_000) }), 'application/json'),
    ]);
    list.push([
      'with JSON in UTF-16',
      withRaw(JSON.stringify(base.body), 'application/json; charset=utf-16'),
    ]);
  } else if (op.takesMultipart) {
    list.push(['with JSON instead of a form', { ...base, body: { image: 'x' } }]);
    list.push([
      'with an empty form',
      (() => {
        const form = multipart({});
        return withRaw(form.payload, form.headers['content-type']);
      })(),
    ]);
    list.push(['with XML', withRaw('<a/>', 'application/xml')]);
  }
  return list;
}

describe('the API answers only what its OpenAPI document declares', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(
      structuredClone(doc) as unknown as Parameters<Validator['validate']>[0],
    );
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('documents itself as OpenAPI 3.1 with the error body, the 303, the uploads and the year limit', () => {
    expect(doc.openapi).toBe('3.1.0');
    const op = (key: string) => {
      const [method, path] = key.split(' ') as [string, string];
      return (doc.paths[path]?.[method.toLowerCase()] ?? {}) as Record<string, unknown> & {
        responses?: Record<string, Response>;
        requestBody?: {
          content: Record<string, { schema: { properties?: Record<string, NumberSchema> } }>;
        };
      };
    };
    expect(op('GET /api/v1/outbox').security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(op('GET /api/v1/outbox').responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '500']),
    );
    expect(Object.keys(op('POST /api/v1/images').requestBody?.content ?? {})).toEqual([
      'multipart/form-data',
    ]);
    expect(
      Object.keys(op('POST /api/v1/emailjs/api/v1.0/email/send-form').requestBody?.content ?? {}),
    ).toEqual(['multipart/form-data']);
    expect(Object.keys(op('POST /api/v1/payment/sandbox/{id}').responses ?? {})).toContain('303');
    expect(op('POST /api/v1/payment/sandbox/{id}').responses?.['200']).toBeUndefined();
    // The number itself, or the number branch of a number-or-digits union.
    const numeric = (schema: NumberSchema | undefined): NumberSchema | undefined =>
      schema?.type === 'number' || schema?.type === 'integer'
        ? schema
        : (schema?.anyOf ?? schema?.oneOf ?? []).map(numeric).find(Boolean);
    const productFields =
      op('POST /api/v1/add-products').requestBody?.content['application/json']?.schema.properties;
    expect(numeric(productFields?.year)?.maximum).toBe(new Date().getFullYear());
    expect(numeric(productFields?.price)?.multipleOf).toBe(0.01);
    expect(op('GET /api/v1/buyer').responses?.['200']?.headers?.['x-total-count']?.required).toBe(true);
  });

  it('every answer to valid and invalid requests, as every role, is declared, with its body, type and headers', async () => {
    expect(operations.length).toBeGreaterThan(30);
    for (const op of operations) {
      for (const role of ROLES) {
        const actor = role === 'anonymous' ? null : fx.actors[role];
        const shared = validRequest(op, fx, actor);
        const base = { ...shared, ...successful[op.key]?.() };
        const valid = (op.takesMultipart && (await multipartRequest(op, base))) || base;
        const res = await check(op, 'valid request', role, valid);
        // Revalidation: a cached answer's ETag sent back must give the declared 304.
        const etag = res.headers.etag;
        if (typeof etag === 'string' && op.method === 'GET')
          await check(op, 'with If-None-Match', role, {
            ...valid,
            headers: { ...valid.headers, 'if-none-match': etag },
          });
        for (const [what, parts, options] of variants(op, base)) await check(op, what, role, parts, options);
        if (op.access !== 'public' && role !== 'anonymous')
          await check(op, 'with an invalid token', role, base, { token: 'not-a-token' });
      }
    }
    // Past the contact and newsletter budgets: the 429s and their headers are checked too.
    for (const op of operations.filter((o) => o.key.includes('/newsletter') || o.key.includes('/emailjs/'))) {
      for (let i = 0; i < 100; i++) {
        const base = validRequest(op, fx, null);
        const parts = (op.takesMultipart && (await multipartRequest(op, base))) || base;
        if ((await check(op, `valid request #${i + 2}`, 'anonymous', parts)).statusCode === 429) break;
      }
    }

    // While draining (SIGTERM, server.ts) health answers its declared 503 and the rest is unchanged.
    ctx.app.lifecycle.draining = true;
    try {
      for (const op of operations.filter(
        (o) => o.key === 'GET /api/v1/health' || o.key === 'GET /api/v1/category',
      ))
        await check(op, 'while draining', 'anonymous', validRequest(op, fx, null));
    } finally {
      ctx.app.lifecycle.draining = false;
    }

    const covered = [...results.seen].map(([key, statuses]) => `  ${key}: ${[...statuses].sort().join(' ')}`);
    console.log(
      [
        `contract test: ${results.requests} requests over ${operations.length} operations × ${ROLES.length} roles`,
        `  answers the document does not describe: ${results.failures.length}`,
        ...covered,
      ].join('\n'),
    );
    expect(results.failures).toEqual([]);
    // Each operation answered at least one success to some role: the run reached past the guards.
    const withoutSuccess = [...results.seen].filter(([, s]) => ![...s].some((x) => x < 400)).map(([k]) => k);
    expect(withoutSuccess).toEqual([]);
    expect([...results.seen.values()].some((s) => s.has(429))).toBe(true);
    expect(results.seen.get('GET /api/v1/health')).toContain(503);
  }, 600_000);
});
