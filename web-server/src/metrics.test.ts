import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serverOptionsFromEnv } from './common.js';
import { createHostServer } from './host.js';
import { createRemoteServer } from './remote.js';
import { releaseSetLabel } from './render/render-pool.js';
import type { PageRenderer } from './renderer.js';
import { createSite, HASHED_JS, type Site } from './testing/fixture.js';

const TOKEN = 'web-metrics-token-0123456789abcdefghij';
const FOREIGN = '203.0.113.9';

let site: Site;
const servers: FastifyInstance[] = [];
const savedEnv = { ...process.env };

beforeEach(() => {
  site = createSite();
  process.env.RELEASES_DIR = site.releases;
  delete process.env.REMOTES_FILE;
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
  site.cleanup();
  process.env = { ...savedEnv };
});

/** A renderer that renders the home page and gives up on every other page. */
const homeOnly: PageRenderer = {
  render: async (request) =>
    request.url === '/' ? { status: 200, headers: {}, body: '<html><body>home</body></html>' } : null,
  close: async () => undefined,
};

const host = (metricsToken?: string) => {
  const server = createHostServer({ distDir: site.dist, logger: false, renderer: homeOnly, metricsToken });
  servers.push(server);
  return server;
};
const remote = (metricsToken?: string) => {
  const server = createRemoteServer({
    remote: 'catalog',
    distDir: site.dist,
    releasesRoot: site.releases,
    logger: false,
    metricsToken,
  });
  servers.push(server);
  return server;
};

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

const scrape = (server: FastifyInstance, remoteAddress?: string, authorization?: string) =>
  server.inject({
    method: 'GET',
    url: '/metrics',
    remoteAddress,
    headers: authorization ? { authorization } : {},
  });

describe('the host server', () => {
  it('serves its metrics to this machine, by route template, with the render time', async () => {
    const server = host();
    expect((await server.inject({ method: 'GET', url: '/' })).body).toContain('home');
    expect((await server.inject({ method: 'GET', url: '/details/123' })).statusCode).toBe(200);
    expect((await server.inject({ method: 'GET', url: '/remotes.json' })).statusCode).toBe(200);
    expect((await server.inject({ method: 'GET', url: `/${HASHED_JS}` })).statusCode).toBe(200);
    const response = await scrape(server);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    const role = { role: 'host' };
    expect(sample(text, 'process_resident_memory_bytes', role)).toBeGreaterThan(0);
    expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    // Pages and files share the wildcard's template: no series per URL.
    expect(
      sample(text, 'sb_http_request_duration_seconds_count', { ...role, route: '/*', status: '200' }),
    ).toBe(3);
    expect(sample(text, 'sb_http_request_duration_seconds_count', { route: '/remotes.json' })).toBe(1);
    expect(text).not.toContain('/details/123');
    expect(sample(text, 'sb_render_duration_seconds_count', { outcome: 'rendered' })).toBe(1);
    expect(sample(text, 'sb_render_duration_seconds_count', { outcome: 'shell' })).toBe(1);
    expect(text).toContain('# TYPE sb_render_worker_starts_total counter');
    expect(text).toContain('# TYPE sb_render_worker_crashes_total counter');
  });

  it('refuses a remote caller without the token, and answers one with it', async () => {
    const server = host(TOKEN);
    for (const authorization of [undefined, 'Bearer nope', `Bearer ${TOKEN}-`]) {
      const refused = await scrape(server, FOREIGN, authorization);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        error: 'forbidden',
        message: expect.stringContaining('bearer token'),
      });
    }
    const forged = await server.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: FOREIGN,
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(forged.statusCode).toBe(403);
    expect((await scrape(server, FOREIGN, `Bearer ${TOKEN}`)).statusCode).toBe(200);
  });
});

describe('a remote server', () => {
  it('serves its own metrics, labelled with its name', async () => {
    const server = remote();
    await server.inject({ method: 'GET', url: '/mf-manifest.json' });
    await server.inject({ method: 'GET', url: '/releases/v9/missing.js' });
    const text = (await scrape(server)).body;
    expect(sample(text, 'sb_http_request_duration_seconds_count', { role: 'catalog', route: '/*' })).toBe(1);
    // A missing file ends in the not-found handler, which answers for no route.
    expect(
      sample(text, 'sb_http_request_duration_seconds_count', { route: 'unmatched', status: '404' }),
    ).toBe(1);
    expect(text).not.toContain('missing.js');
    expect(text).not.toContain('role="host"');
  });

  it('says why it refuses a remote caller when no token is set', async () => {
    const refused = await scrape(remote(), '198.51.100.7', `Bearer ${TOKEN}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: 'forbidden',
      message: 'Metrics are served to this machine only (METRICS_TOKEN is not set)',
    });
  });
});

describe('METRICS_TOKEN', () => {
  it('is read from the environment and refused when short or spaced', () => {
    expect(serverOptionsFromEnv({}).metricsToken).toBeUndefined();
    expect(serverOptionsFromEnv({ METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
    for (const bad of ['short', `${TOKEN} ${TOKEN}`])
      expect(() => serverOptionsFromEnv({ METRICS_TOKEN: bad })).toThrow(
        /METRICS_TOKEN must be at least 32 visible characters without spaces/,
      );
  });
});

describe('release set label', () => {
  it('names each remote with its promoted release, or dist for its own build', () => {
    expect(
      releaseSetLabel({
        dashboard: 'http://localhost:8002/mf-manifest.json',
        catalog: 'http://localhost:8001/releases/2026-11-27.3/mf-manifest.json',
      }),
    ).toBe('catalog@2026-11-27.3 dashboard@dist');
  });
});
