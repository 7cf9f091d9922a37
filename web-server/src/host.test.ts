import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHostServer } from './host.js';
import type { PageRenderer, PageRequest, RenderedPage } from './renderer.js';
import {
  createSite,
  decoded,
  HASHED_JS,
  RAW_TRAVERSALS,
  rawGet,
  SECRET,
  shellHtml,
  type Site,
  text,
  TRAVERSALS,
} from './testing/fixture.js';

let site: Site;
let app: FastifyInstance;
const savedEnv = { ...process.env };

beforeEach(() => {
  site = createSite();
  process.env.RELEASES_DIR = site.releases;
  delete process.env.REMOTES_FILE;
  app = createHostServer({ distDir: site.dist, logger: false });
});

afterEach(async () => {
  await app.close();
  site.cleanup();
  process.env = { ...savedEnv };
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('static files', () => {
  it('serves a content-hashed file pre-compressed with brotli, cached for a year', async () => {
    const response = await get(`/${HASHED_JS}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toMatch(/javascript; charset=utf-8/);
    expect(String(response.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(decoded(response)).toBe(text('dist main'));
  });

  it.each([
    ['br;q=0, gzip', 'gzip'],
    ['gzip, br;q=0', 'gzip'],
    ['br;q=0, *', 'gzip'],
    ['gzip;q=0.5, br;q=0.8', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
    ['identity', undefined],
  ])('picks the pre-compressed twin for Accept-Encoding "%s"', async (accept, encoding) => {
    const response = await get(`/${HASHED_JS}`, { 'accept-encoding': accept });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(decoded(response)).toBe(text('dist main'));
  });

  it('sends the plain file without Accept-Encoding', async () => {
    const response = await get(`/${HASHED_JS}`);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(text('dist main'));
  });

  it.each(['/remoteEntry.js', '/mf-manifest.json', '/index.html', '/robots.txt', '/assets/logo.svg'])(
    'revalidates %s (no-cache, ETag, 304)',
    async (url) => {
      const first = await get(url, { 'accept-encoding': 'br' });
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe('no-cache');
      expect(first.headers.etag).toBeTruthy();
      expect(first.headers['last-modified']).toBeTruthy();
      const again = await get(url, { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers['cache-control']).toBe('no-cache');
      const since = await get(url, {
        'accept-encoding': 'br',
        'if-modified-since': String(first.headers['last-modified']),
      });
      expect(since.statusCode).toBe(304);
    },
  );

  it('answers a 304 for a hashed file too, and keeps it immutable', async () => {
    const first = await get(`/${HASHED_JS}`, { 'accept-encoding': 'gzip' });
    const again = await get(`/${HASHED_JS}`, {
      'accept-encoding': 'gzip',
      'if-none-match': String(first.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each([
    ['/main.abcdef0123.css', /^text\/css/, 'public, max-age=31536000, immutable'],
    ['/mf-manifest.json', /^application\/json/, 'no-cache'],
    ['/assets/laptop.0a1b2c3d4e.webp', /^image\/webp$/, 'public, max-age=31536000, immutable'],
    ['/assets/inter.0a1b2c3d4e.woff2', /^font\/woff2$/, 'public, max-age=31536000, immutable'],
    ['/assets/logo.svg', /^image\/svg\+xml/, 'no-cache'],
    ['/robots.txt', /^text\/plain/, 'no-cache'],
  ])('serves %s as %s', async (url, type, cacheControl) => {
    const response = await get(url, { 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(type);
    expect(response.headers['cache-control']).toBe(cacheControl);
  });

  it('answers HEAD with the headers only', async () => {
    const response = await app.inject({ method: 'HEAD', url: `/${HASHED_JS}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe('');
  });

  it('answers 404 for a missing asset, never the shell', async () => {
    for (const url of ['/missing.js', '/assets/missing.0123456789.css', '/missing/deep/file.json']) {
      const response = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('<div id="root">');
    }
  });
});

describe('paths that try to leave dist', () => {
  it.each(TRAVERSALS)('refuses %s', async (url) => {
    const response = await get(url, { 'accept-encoding': 'br, gzip' });
    expect([400, 404]).toContain(response.statusCode);
    expect(response.body).not.toContain(SECRET);
  });

  it('refuses dot segments sent as they are over a real connection', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    for (const target of RAW_TRAVERSALS) {
      const response = await rawGet(port, target);
      expect([400, 404], target).toContain(response.status);
      expect(response.text).not.toContain(SECRET);
    }
  });

  it('does not serve dot files', async () => {
    writeFileSync(path.join(site.dist, '.env'), SECRET);
    const response = await get('/.env');
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain(SECRET);
  });
});

describe('methods and CORS', () => {
  it('answers OPTIONS with 204 and CORS headers', async () => {
    const response = await app.inject({
      method: 'OPTIONS',
      url: '/remotes.json',
      headers: { origin: 'http://elsewhere.test', 'access-control-request-method': 'GET' },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-methods']).toContain('GET');
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH'] as const)('refuses %s with 405', async (method) => {
    const response = await app.inject({ method, url: '/index.html', payload: 'x' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD, OPTIONS');
  });

  it('allows any origin', async () => {
    expect((await get(`/${HASHED_JS}`)).headers['access-control-allow-origin']).toBe('*');
  });
});

describe('run-time files', () => {
  it('reports health', async () => {
    const response = await get('/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('computes /remotes.json on every request from live.json, without a restart', async () => {
    const before = await get('/remotes.json');
    expect(before.statusCode).toBe(200);
    expect(before.headers['cache-control']).toBe('no-cache');
    expect(before.json().dashboard).toMatch(/\/mf-manifest\.json$/);
    expect(before.json().dashboard).not.toContain('/releases/');

    const url = 'http://localhost:3002/releases/v7/mf-manifest.json';
    writeFileSync(path.join(site.releases, 'live.json'), JSON.stringify({ remotes: { dashboard: url } }));
    const after = await get('/remotes.json');
    expect(after.json().dashboard).toBe(url);
    expect(after.json().catalog).toBe(before.json().catalog);

    const other = path.join(site.root, 'other-live.json');
    writeFileSync(
      other,
      JSON.stringify({ remotes: { catalog: 'http://cdn.test/catalog/mf-manifest.json' } }),
    );
    process.env.REMOTES_FILE = other;
    expect((await get('/remotes.json')).json().catalog).toBe('http://cdn.test/catalog/mf-manifest.json');
  });

  it('computes /app-config.json from the environment of the moment', async () => {
    process.env.PUBLIC_API_URL = 'https://api.example.test/api/v1';
    const response = await get('/app-config.json', { 'accept-encoding': 'br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(String(response.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(JSON.parse(decoded(response)).apiUrl).toBe('https://api.example.test/api/v1');
  });

  it('compresses a large enough JSON answer', async () => {
    const many = Object.fromEntries(
      Array.from({ length: 40 }, (_, i) => [`remote${i}`, `http://cdn.test/r${i}/mf-manifest.json`]),
    );
    writeFileSync(path.join(site.releases, 'live.json'), JSON.stringify({ remotes: many }));
    const response = await get('/remotes.json', { 'accept-encoding': 'br;q=0, gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(response)).remote39).toBe('http://cdn.test/r39/mf-manifest.json');
  });
});

describe('pages without a renderer', () => {
  it.each(['/', '/about-build', '/dashboard/my-orders', '/category/lenovo?page=2'])(
    'answers %s with the SPA shell',
    async (url) => {
      const response = await get(url, { 'accept-encoding': 'br' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(decoded(response)).toBe(shellHtml);
    },
  );

  it('serves an existing file without an extension as that file', async () => {
    const response = await get('/LICENSE');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('a file without an extension');
  });
});

function fakeRenderer(render: (request: PageRequest) => Promise<RenderedPage | null>) {
  return { render: vi.fn(render), close: vi.fn(async () => {}) } satisfies PageRenderer;
}

const renderedHtml = (url: string) =>
  `<!doctype html><html><body><main>rendered ${url}</main>${'<p>listing</p>'.repeat(200)}</body></html>`;

describe('pages with a renderer', () => {
  const logs: string[] = [];
  const withRenderer = async (renderer: PageRenderer) => {
    await app.close();
    logs.length = 0;
    app = createHostServer({
      distDir: site.dist,
      renderer,
      logger: { level: 'info', stream: { write: (line: string) => void logs.push(line) } },
    });
    return renderer;
  };

  it('renders pages, compressed by Accept-Encoding, no-cache by default', async () => {
    const renderer = await withRenderer(
      fakeRenderer(async ({ url }) => ({ status: 200, headers: {}, body: renderedHtml(url) })),
    );
    const response = await get('/category/lenovo?page=2', { 'accept-encoding': 'gzip, br', cookie: 'a=1' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(String(response.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(decoded(response)).toBe(renderedHtml('/category/lenovo?page=2'));
    expect(renderer.render).toHaveBeenCalledWith(
      expect.objectContaining({
        url: '/category/lenovo?page=2',
        method: 'GET',
        headers: expect.objectContaining({ cookie: 'a=1' }),
      }),
    );
  });

  it('honours q=0 and sends identity when nothing is acceptable', async () => {
    await withRenderer(
      fakeRenderer(async ({ url }) => ({ status: 200, headers: {}, body: renderedHtml(url) })),
    );
    const gzip = await get('/', { 'accept-encoding': 'br;q=0, gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip)).toBe(renderedHtml('/'));
    const plain = await get('/', { 'accept-encoding': 'br;q=0' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(renderedHtml('/'));
  });

  it("streams a rendered body and lets the renderer's headers and status win", async () => {
    await withRenderer(
      fakeRenderer(async ({ url }) => ({
        status: 404,
        headers: { 'cache-control': 'private, no-store', 'set-cookie': 'session=abc', vary: 'Cookie' },
        body: Readable.from([renderedHtml(url).slice(0, 100), renderedHtml(url).slice(100)]),
      })),
    );
    const response = await get('/product/unknown', { 'accept-encoding': 'gzip' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['set-cookie']).toBe('session=abc');
    expect(String(response.headers.vary).toLowerCase()).toMatch(/cookie.*accept-encoding/);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(decoded(response)).toBe(renderedHtml('/product/unknown'));
  });

  it('does not ask the renderer for assets, run-time files or existing files', async () => {
    const renderer = await withRenderer(fakeRenderer(async () => null));
    for (const url of [
      `/${HASHED_JS}`,
      '/missing.js',
      '/remotes.json',
      '/health',
      '/LICENSE',
      '/index.html',
    ]) {
      await get(url);
    }
    expect(renderer.render).not.toHaveBeenCalled();
  });

  it.each([
    ['returns null', async () => null, /no page/],
    [
      'throws',
      async () => {
        throw new Error('render exploded');
      },
      /render exploded/,
    ],
    ['answers a 500', async () => ({ status: 500, headers: {}, body: 'broken' }), /server error/],
  ])('serves the shell with 200 when the renderer %s, and logs it', async (_what, render, logged) => {
    await withRenderer(fakeRenderer(render as PageRenderer['render']));
    const response = await get('/about-build', { 'accept-encoding': 'br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(decoded(response)).toBe(shellHtml);
    expect(logs.join('\n')).toMatch(logged);
  });

  it('closes the renderer when the server closes', async () => {
    const renderer = await withRenderer(fakeRenderer(async () => null));
    await app.ready();
    await app.close();
    expect(renderer.close).toHaveBeenCalledTimes(1);
  });
});
