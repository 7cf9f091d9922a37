import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startPeerApp, startTestApp, type TestContext } from '../test/harness';

let ctx: TestContext;
const TOKEN = 'metrics-token-0123456789abcdefghijklmnop';
const FOREIGN = '203.0.113.9';

beforeAll(async () => {
  ctx = await startTestApp({
    METRICS_TOKEN: TOKEN,
    // One trusted proxy: a remote caller's X-Forwarded-For becomes request.ip, which /metrics ignores.
    TRUST_PROXY_HOPS: '1',
    // A relay nobody listens on: mail stays queued with its next attempt, and delivery rounds run.
    SMTP_URL: 'smtp://127.0.0.1:9',
  });
});
afterAll(async () => ctx?.close());

const scrape = async (options: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  ctx.app.inject({ method: 'GET', url: '/metrics', ...options });

/** The value of one sample whose labels include `labels`; undefined when there is none. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}
const metricsText = async () => {
  const response = await scrape();
  expect(response.statusCode).toBe(200);
  return response.body;
};

describe('GET /metrics', () => {
  it('answers a caller on this machine in the Prometheus text format, with the process metrics', async () => {
    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    for (const family of [
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'sb_http_request_duration_seconds',
      'sb_http_errors_total',
      'sb_db_query_duration_seconds',
      'sb_catalog_cache_hits_total',
      'sb_catalog_cache_entries',
      'sb_mail_outbox_depth',
      'sb_mail_outbox_oldest_age_seconds',
      'sb_job_runs_total',
      'sb_job_failures_total',
      'sb_job_last_success_timestamp_seconds',
    ])
      expect(response.body).toContain(`# TYPE ${family} `);
    expect(sample(response.body, 'process_resident_memory_bytes', { role: 'api' })).toBeGreaterThan(0);
  });

  it('counts a catalogue read as a miss, then a hit, under its route template', async () => {
    const before = await metricsText();
    const url = '/api/v1/category/products/03?limit=3&page=1';
    expect((await ctx.app.inject({ method: 'GET', url })).headers['x-cache']).toBe('MISS');
    expect((await ctx.app.inject({ method: 'GET', url })).headers['x-cache']).toBe('HIT');
    const after = await metricsText();
    const delta = (name: string) => (sample(after, name) ?? 0) - (sample(before, name) ?? 0);
    expect(delta('sb_catalog_cache_misses_total')).toBe(1);
    expect(delta('sb_catalog_cache_hits_total')).toBe(1);
    expect(sample(after, 'sb_catalog_cache_entries')).toBeGreaterThanOrEqual(1);
    const route = { method: 'GET', route: '/api/v1/category/products/:id', status: '200' };
    expect(sample(after, 'sb_http_request_duration_seconds_count', route)).toBe(2);
    expect(sample(after, 'sb_http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(2);
    // The template, never the URL: one series however many brands and pages are read.
    expect(after).not.toContain('/category/products/03');

    await ctx.app.catalogCache.invalidate();
    expect(sample(await metricsText(), 'sb_catalog_cache_invalidations_total')).toBeGreaterThanOrEqual(1);
  });

  it('labels a request no route matches as unmatched, and counts thrown errors by route', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/no-such-thing-42' })).statusCode).toBe(404);
    const refused = await ctx.app.inject({ method: 'GET', url: '/api/v1/add-products' });
    expect(refused.statusCode).toBe(401);
    const text = await metricsText();
    expect(
      sample(text, 'sb_http_request_duration_seconds_count', { route: 'unmatched', status: '404' }),
    ).toBe(1);
    expect(text).not.toContain('no-such-thing-42');
    expect(sample(text, 'sb_http_errors_total', { route: '/api/v1/add-products' })).toBe(1);
    expect(
      sample(text, 'sb_http_request_duration_seconds_count', {
        route: '/api/v1/add-products',
        status: '401',
      }),
    ).toBe(1);
  });

  it('shows the mail waiting for the relay and the delivery rounds', async () => {
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/emailjs/api/v1.0/email/send',
      payload: {
        lib_version: '4.4.1',
        user_id: 'demo-public-key',
        service_id: 'service_secondbyte',
        template_id: 'template_contact',
        template_params: {
          user_name: 'Ann',
          user_email: 'ann@example.test',
          message: 'Is it still for sale?',
        },
      },
    });
    expect(sent.statusCode).toBe(200);
    // The round at start-up and the one the queued mail's NOTIFY starts; the relay refuses, so the
    // message waits for its next attempt.
    await vi.waitFor(async () => {
      const text = await metricsText();
      expect(sample(text, 'sb_job_runs_total', { job: 'mail_delivery' })).toBeGreaterThanOrEqual(2);
      expect(sample(text, 'sb_job_last_success_timestamp_seconds', { job: 'mail_delivery' })).toBeGreaterThan(
        Date.now() / 1000 - 600,
      );
    });
    const text = await metricsText();
    expect(sample(text, 'sb_mail_outbox_depth')).toBe(1);
    expect(sample(text, 'sb_mail_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'sb_job_failures_total', { job: 'mail_delivery' }) ?? 0).toBe(0);
  });

  it('times the statements sent to PostgreSQL and shows its pool; PGlite has neither', async () => {
    await ctx.app.inject({ method: 'GET', url: '/api/v1/recent-product?limit=1' });
    const text = await metricsText();
    if (ctx.database.kind === 'postgres') {
      expect(sample(text, 'sb_db_query_duration_seconds_count', { outcome: 'ok' })).toBeGreaterThan(0);
      expect(sample(text, 'sb_db_pool_total')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'sb_db_pool_idle')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'sb_db_pool_waiting')).toBe(0);
    } else {
      expect(sample(text, 'sb_db_query_duration_seconds_count', { outcome: 'ok' })).toBeUndefined();
      expect(text).not.toContain('sb_db_pool_total');
    }
  });

  it('refuses a remote caller without the token, whatever its X-Forwarded-For says', async () => {
    for (const headers of <Record<string, string>[]>[
      {},
      { 'x-forwarded-for': '127.0.0.1' },
      { authorization: 'Bearer wrong-token' },
      { authorization: `Basic ${TOKEN}` },
      { authorization: `Bearer ${TOKEN}x` },
    ]) {
      const response = await scrape({ remoteAddress: FOREIGN, headers });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        error: 'forbidden',
        message: expect.stringContaining('bearer token'),
      });
      expect(response.body).not.toContain('sb_');
    }
  });

  it('answers a remote caller with the bearer token', async () => {
    const response = await scrape({ remoteAddress: FOREIGN, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('# TYPE sb_http_request_duration_seconds histogram');
  });

  it('is neither under /api/v1 nor in the OpenAPI document, and leaves no series of its own', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/metrics' })).statusCode).toBe(404);
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(document.paths).filter((path) => path.includes('metrics'))).toEqual([]);
    expect(await metricsText()).not.toContain('route="/metrics"');
  });
});

describe('without METRICS_TOKEN', () => {
  let bare: TestContext;
  beforeAll(async () => {
    bare = await startPeerApp(ctx, { metricsToken: undefined });
  });
  afterAll(async () => bare?.close());

  it('serves this machine only, and says why to anyone else', async () => {
    expect((await bare.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
    const refused = await bare.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: FOREIGN,
      headers: { authorization: 'Bearer anything-at-all-anything-at-all-anything' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: 'forbidden',
      message: 'Metrics are served to this machine only (METRICS_TOKEN is not set)',
    });
  });
});
