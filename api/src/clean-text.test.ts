import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Actor, type TestContext } from './test/harness';
import {
  fieldsOf,
  loadOperations,
  roleAllowed,
  roleNames,
  send,
  stringSchemaOf,
  withValueAt,
  type ApiOperation,
  type FieldRef,
} from './test/openapi';
import { prepareFixtures, validRequest, type Fixtures } from './test/valid-requests';

/**
 * The clean-text rule (docs/product.md#text-fields) on every string field of every operation in
 * the OpenAPI document: NUL, other control characters and lone surrogates are a 400 naming the
 * field; newline and tab pass in multi-line fields (marked x-text: multi-line by the contracts).
 */
let ctx: TestContext;
let fx: Fixtures;
let operations: ApiOperation[];

beforeAll(async () => {
  ctx = await startTestApp({ PUBLIC_WRITE_LIMIT_PER_MINUTE: '100000' });
  fx = await prepareFixtures(ctx.app);
  operations = await loadOperations(ctx.app);
});
afterAll(async () => ctx?.close());

const label = (f: FieldRef) => `${f.part}.${f.path.join('.')}`;

/** An actor the route lets in, so the request reaches validation. */
function allowedActor(op: ApiOperation): Actor | null {
  const role = (['anonymous', 'buyer', 'seller', 'admin'] as const).find((r) => roleAllowed(op.access, r));
  if (!role) throw new Error(`no role may call ${op.key}`);
  return role === 'anonymous' ? null : fx.actors[role];
}

function withField(op: ApiOperation, f: FieldRef, value: string, actor: Actor | null) {
  const parts = validRequest(op, fx, actor);
  const key = String(f.path[0]);
  if (f.part === 'params') parts.params[key] = value;
  else if (f.part === 'querystring') parts.query[key] = value;
  else parts.body = withValueAt(parts.body, f.path, value);
  return parts;
}

const messageOf = (body: string) => {
  try {
    return (JSON.parse(body) as { message?: string }).message ?? body;
  } catch {
    return body; // the EmailJS-compatible routes answer plain text
  }
};

const stringFields = () =>
  operations.flatMap((op) =>
    fieldsOf(op)
      .filter((f) => stringSchemaOf(f.schema))
      .map((f) => ({ op, f })),
  );

const unclean: [string, string][] = [
  ['NUL', 'a\u0000b'],
  ['U+0001', 'a\u0001b'],
  ['escape (U+001B)', 'a\u001b[31mb'],
  ['DEL', 'a\u007fb'],
  ['carriage return', 'a\rb'],
];

describe('clean text on every string field of the OpenAPI document', () => {
  it('finds the routes and their string fields', () => {
    expect(operations.length).toBeGreaterThan(30);
    expect(roleNames).toHaveLength(5);
    const labels = stringFields().map(({ op, f }) => `${op.key} ${label(f)}`);
    expect(labels).toEqual(
      expect.arrayContaining([
        'GET /api/v1/details/{id} params.id',
        'POST /api/v1/add-products body.productName',
        'POST /api/v1/add-products body.description',
        'GET /api/v1/search querystring.q',
      ]),
    );
    expect(labels.length).toBeGreaterThan(60);
  });

  it('refuses control characters and lone surrogates with a 400 naming the field', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const { op, f } of stringFields()) {
      const actor = allowedActor(op);
      const multiLine = stringSchemaOf(f.schema)?.['x-text'] === 'multi-line';
      const values: [string, string][] = [
        ...unclean,
        ...(multiLine
          ? []
          : ([
              ['newline', 'a\nb'],
              ['tab', 'a\tb'],
            ] as [string, string][])),
        // A URL cannot carry half a UTF-16 character; a JSON body can.
        ...(f.part === 'body' ? ([['lone surrogate', 'a\ud800b']] as [string, string][]) : []),
      ];
      for (const [name, value] of values) {
        const res = await send(ctx.app, op, withField(op, f, value, actor), actor);
        checked += 1;
        const message = messageOf(res.body);
        if (res.statusCode !== 400 || !message.includes(label(f))) {
          failures.push(`${op.key} ${label(f)} with ${name} → ${res.statusCode} ${message}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(300);
    // Hundreds of requests, a few more with every route that takes text (the money routes added ~40).
  }, 120_000);

  it('accepts newline and tab in multi-line fields', async () => {
    const multiLine = stringFields().filter(({ f }) => stringSchemaOf(f.schema)?.['x-text'] === 'multi-line');
    expect(multiLine.map(({ op, f }) => `${op.key} ${label(f)}`)).toEqual(
      expect.arrayContaining([
        'POST /api/v1/add-products body.description',
        'POST /api/v1/reports body.reason',
        'POST /api/v1/emailjs/api/v1.0/email/send body.template_params.message',
      ]),
    );
    for (const { op, f } of multiLine) {
      const actor = allowedActor(op);
      const res = await send(ctx.app, op, withField(op, f, 'Line one\nLine two\twith a tab', actor), actor);
      expect(`${op.key} ${label(f)} → ${res.statusCode} ${messageOf(res.body)}`).not.toContain(
        label(f) + ':',
      );
      expect(res.statusCode).toBeLessThan(500);
    }
  });

  it('keeps multi-line text as written and refuses NUL in a path id and a JSON field (issue 14)', async () => {
    const seller = fx.actors.seller;
    const details = await ctx.app.inject({ method: 'GET', url: '/api/v1/details/%00' });
    expect(details.statusCode).toBe(400);
    expect(details.json()).toMatchObject({
      error: 'validation_error',
      message: expect.stringContaining('params.id:'),
    });
    const add = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/add-products',
      headers: { authorization: `Bearer ${seller.token}` },
      payload: {
        ...(validRequest(
          operations.find((o) => o.key === 'POST /api/v1/add-products')!,
          fx,
          seller,
        ).body as object),
        productName: 'a\u0000b',
      },
    });
    expect(add.statusCode).toBe(400);
    expect(add.json()).toMatchObject({
      error: 'validation_error',
      message: expect.stringContaining('body.productName:'),
    });
  });

  it('refuses NUL and lone surrogates that no field schema checks: free-form bodies, keys, query strings', async () => {
    const cases: [string, { method: 'GET' | 'POST'; url: string; payload?: object }, string][] = [
      [
        'a value inside the payment callback record',
        { method: 'POST', url: '/api/v1/payment/callback', payload: { transactionId: 'a\u0000' } },
        'body.transactionId:',
      ],
      [
        'a key of the payment callback record',
        { method: 'POST', url: '/api/v1/payment/callback', payload: { 'x\u0000y': 1 } },
        'body.x\u0000y:',
      ],
      [
        'a lone surrogate in a nested value',
        { method: 'POST', url: '/api/v1/payment/callback', payload: { outer: { inner: ['ok', '\udfff'] } } },
        'body.outer.inner.1:',
      ],
      [
        'a query parameter of a route without a query schema',
        { method: 'GET', url: '/api/v1/health?x=%00' },
        'querystring.x:',
      ],
    ];
    for (const [name, request, field] of cases) {
      const res = await ctx.app.inject(request);
      expect(`${name} → ${res.statusCode}`).toBe(`${name} → 400`);
      expect(res.json()).toEqual({ error: 'validation_error', message: expect.stringContaining(field) });
    }
  });
});
