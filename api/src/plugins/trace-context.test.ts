import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, startTestApp, type TestContext } from '../test/harness';

// docs/decisions/0053-trace-context.md: the API continues the trace a traceparent names, every log
// line of the request carries its trace id, and the answer names it; on PGlite and, with
// TEST_DATABASE_URL, on PostgreSQL.
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN = '00f067aa0ba902b7';
const TRACEPARENT = `00-${TRACE_ID}-${CALLER_SPAN}-01`;

interface LogLine {
  level: number;
  msg: string;
  traceId?: string;
  url?: string;
  status?: number;
  spanId?: string;
  parentSpanId?: string;
}

let ctx: TestContext;
const lines: LogLine[] = [];
beforeAll(async () => {
  ctx = await startTestApp(
    { LOG_LEVEL: 'debug' },
    { logDestination: { write: (line) => void lines.push(JSON.parse(line) as LogLine) } },
  );
});
afterAll(async () => ctx?.close());

/**
 * The lines the app wrote for the `requests` requests `send` makes (nothing else runs in between
 * in this file), once each one's request line is out: Fastify runs onResponse after the answer.
 */
async function linesDuring(send: () => Promise<unknown>, requests = 1) {
  const from = lines.length;
  await send();
  await vi.waitFor(() =>
    expect(lines.slice(from).filter((line) => line.msg === 'request')).toHaveLength(requests),
  );
  return lines.slice(from);
}

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });

describe('trace context on the API', () => {
  it('logs every line of a request with the incoming trace id and answers it in traceresponse', async () => {
    let traceresponse: unknown;
    const during = await linesDuring(async () => {
      const res = await get('/api/v1/recent-product', { traceparent: TRACEPARENT });
      expect(res.statusCode).toBe(200);
      traceresponse = res.headers.traceresponse;
    });
    const requestLine = during.find((line) => line.msg === 'request');
    expect(requestLine).toMatchObject({ traceId: TRACE_ID, url: '/api/v1/recent-product', status: 200 });
    expect(requestLine?.parentSpanId).toBe(CALLER_SPAN);
    expect(requestLine?.spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(requestLine?.spanId).not.toBe(CALLER_SPAN);
    expect(during.length).toBeGreaterThan(0);
    for (const line of during) expect(line.traceId).toBe(TRACE_ID);
    expect(traceresponse).toBe(`00-${TRACE_ID}-${requestLine?.spanId}-01`);
  });

  it('carries the trace id on a refusal and on a 404, at info', async () => {
    const during = await linesDuring(async () => {
      expect((await get('/api/v1/add-products', { traceparent: TRACEPARENT })).statusCode).toBe(401);
      expect((await get('/api/v1/no-such-route', { traceparent: TRACEPARENT })).statusCode).toBe(404);
    }, 2);
    const refusals = during.filter((line) => line.msg === 'request');
    expect(refusals.map((line) => [line.status, line.level, line.traceId])).toEqual([
      [401, 30, TRACE_ID],
      [404, 30, TRACE_ID],
    ]);
  });

  it.each([
    ['uppercase hex', TRACEPARENT.toUpperCase()],
    ['an all-zero trace id', `00-${'0'.repeat(32)}-${CALLER_SPAN}-01`],
    ['an all-zero span id', `00-${TRACE_ID}-${'0'.repeat(16)}-01`],
    ['version ff', `ff-${TRACE_ID}-${CALLER_SPAN}-01`],
    ['garbage', 'not a trace'],
  ])('starts a fresh trace for a traceparent with %s, and still answers', async (_what, traceparent) => {
    let answered: { statusCode: number; headers: Record<string, unknown> } | undefined;
    const during = await linesDuring(async () => {
      answered = await get('/api/v1/health', { traceparent });
    });
    expect(answered?.statusCode).toBe(200);
    const requestLine = during.find((line) => line.msg === 'request');
    expect(requestLine?.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(requestLine?.traceId).not.toBe(TRACE_ID);
    expect(requestLine?.traceId).not.toBe('0'.repeat(32));
    expect(requestLine?.parentSpanId).toBeUndefined();
    expect(answered?.headers.traceresponse).toBe(`00-${requestLine?.traceId}-${requestLine?.spanId}-01`);
  });

  it('starts a trace of its own for a request without traceparent, one per request', async () => {
    const first = await get('/api/v1/health');
    const second = await get('/api/v1/health');
    const traceOf = (res: typeof first) => String(res.headers.traceresponse).split('-')[1];
    expect(traceOf(first)).toMatch(/^[0-9a-f]{32}$/);
    expect(traceOf(second)).not.toBe(traceOf(first));
  });

  it('lets the site send traceparent and read traceresponse (CORS)', async () => {
    const preflight = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/recent-product',
      headers: {
        origin: 'http://localhost:3999',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'traceparent',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(String(preflight.headers['access-control-allow-headers'])).toMatch(/traceparent/i);
    const res = await get('/api/v1/health', { origin: 'http://localhost:3999', traceparent: TRACEPARENT });
    expect(String(res.headers['access-control-expose-headers'])).toMatch(/traceresponse/i);
  });
});

describe('an unhandled error', () => {
  it('is logged at error with the request’s trace id', async () => {
    const errorLines: LogLine[] = [];
    const broken = await startTestApp(
      { LOG_LEVEL: 'error', CATALOG_CACHE: 'off' },
      { logDestination: { write: (line) => void errorLines.push(JSON.parse(line) as LogLine) } },
    );
    // The table a read needs is gone for a moment: the read fails as an unexpected error would.
    await queryRows(broken, sql`alter table products rename to products_away`);
    try {
      const res = await broken.app.inject({
        method: 'GET',
        url: '/api/v1/recent-product',
        headers: { traceparent: TRACEPARENT },
      });
      expect(res.statusCode).toBe(500);
      await vi.waitFor(() => expect(errorLines.some((line) => line.msg === 'request')).toBe(true));
      expect(errorLines.map((line) => [line.msg, line.level, line.traceId])).toEqual([
        ['unhandled error', 50, TRACE_ID],
        ['request', 50, TRACE_ID],
      ]);
    } finally {
      await queryRows(broken, sql`alter table products_away rename to products`);
      await broken.close();
    }
  });
});
