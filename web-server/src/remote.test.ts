import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRemoteServer } from './remote.js';
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
  writeDist,
} from './testing/fixture.js';

let site: Site;
let app: FastifyInstance;

beforeEach(() => {
  site = createSite();
  // Two releases, a staging folder that is not one yet, and a sibling sharing the folder's prefix.
  writeDist(path.join(site.releases, 'dashboard', 'v1'), 'v1');
  writeDist(path.join(site.releases, 'dashboard', 'v2'), 'v2');
  mkdirSync(path.join(site.releases, 'dashboard', '.staging', 'v3'), { recursive: true });
  writeFileSync(path.join(site.releases, 'dashboard', '.staging', 'v3', 'remoteEntry.js'), SECRET);
  mkdirSync(path.join(site.releases, 'dashboard-secret'), { recursive: true });
  writeFileSync(path.join(site.releases, 'dashboard-secret', 'secret.js'), SECRET);
  app = createRemoteServer({
    remote: 'dashboard',
    distDir: site.dist,
    releasesRoot: site.releases,
    logger: false,
  });
});

afterEach(async () => {
  await app.close();
  site.cleanup();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('the remote build and its releases', () => {
  it('serves its dist at / and each release under /releases/<version>/', async () => {
    expect((await get('/mf-manifest.json')).json()).toEqual({ name: 'dist' });
    expect((await get('/releases/v1/mf-manifest.json')).json()).toEqual({ name: 'v1' });
    const v2 = await get('/releases/v2/remoteEntry.js', { 'accept-encoding': 'br' });
    expect(v2.statusCode).toBe(200);
    expect(v2.headers['content-encoding']).toBe('br');
    expect(v2.headers['cache-control']).toBe('no-cache');
    expect(decoded(v2)).toBe(text('v2 remoteEntry'));
  });

  it('caches hashed release files for a year and serves their pre-compressed twins', async () => {
    const response = await get(`/releases/v1/${HASHED_JS}`, { 'accept-encoding': 'br;q=0, gzip' });
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(decoded(response)).toBe(text('v1 main'));
    const again = await get(`/releases/v1/${HASHED_JS}`, {
      'accept-encoding': 'br;q=0, gzip',
      'if-none-match': String(response.headers.etag),
    });
    expect(again.statusCode).toBe(304);
  });

  it('hides staging folders and answers 404 for unknown versions and files', async () => {
    for (const url of [
      '/releases/.staging/v3/remoteEntry.js',
      '/releases/%2Estaging/v3/remoteEntry.js',
      '/releases/v1/.hidden.js',
      '/releases/v9/mf-manifest.json',
      '/releases/v1/missing.js',
      '/releases/v1/',
      '/releases/v1/some/page',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain(SECRET);
      expect(response.headers['access-control-allow-origin']).toBe('*');
    }
  });

  it('falls back to its standalone page for client-side routes, not for assets', async () => {
    const page = await get('/dashboard/my-orders', { 'accept-encoding': 'gzip' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(decoded(page)).toBe(shellHtml);
    expect((await get('/missing.0123456789.js')).statusCode).toBe(404);
  });

  it('sends CORS headers on everything, answers OPTIONS and refuses writes', async () => {
    expect((await get(`/${HASHED_JS}`)).headers['access-control-allow-origin']).toBe('*');
    const preflight = await app.inject({ method: 'OPTIONS', url: '/releases/v1/mf-manifest.json' });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    const post = await app.inject({ method: 'POST', url: '/releases/v1/mf-manifest.json', payload: '{}' });
    expect(post.statusCode).toBe(405);
    expect(post.headers['access-control-allow-origin']).toBe('*');
  });

  it('reports health, live and ready', async () => {
    expect((await get('/health')).json()).toEqual({ status: 'ok' });
    expect((await get('/health/live')).json()).toEqual({ status: 'ok' });
    expect((await get('/health/ready')).json()).toEqual({ status: 'ok' });
  });

  it('refuses an unknown remote', () => {
    expect(() => createRemoteServer({ remote: 'basket', distDir: site.dist })).toThrow(/Unknown remote/);
  });
});

describe('paths that try to leave dist or the releases', () => {
  const releaseTraversals = [
    '/releases/..%2Fdashboard-secret%2Fsecret.js',
    '/releases/v1/..%2F..%2Fdashboard-secret%2Fsecret.js',
    '/releases/%2e%2e/dashboard-secret/secret.js',
    '/releases/v1/%2e%2e%2f%2e%2e%2f..%2Fdist-secret%2Fsecret.txt',
    '/releases/..%2F..%2Fdist-secret%2Fsecret.txt',
    '/releases/v1/remoteEntry.js%00',
    '/releases/%E0%A4%A',
  ];

  it.each([...TRAVERSALS, ...releaseTraversals])('refuses %s', async (url) => {
    const response = await get(url, { 'accept-encoding': 'br, gzip' });
    expect([400, 404]).toContain(response.statusCode);
    expect(response.body).not.toContain(SECRET);
  });

  it('refuses dot segments sent as they are over a real connection', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    for (const target of [
      ...RAW_TRAVERSALS,
      '/releases/../dashboard-secret/secret.js',
      '/releases/v1/../../dashboard-secret/secret.js',
    ]) {
      const response = await rawGet(port, target);
      expect([400, 404], target).toContain(response.status);
      expect(response.text).not.toContain(SECRET);
    }
  });
});
