import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHostServer, type HostServerOptions } from './host.js';
import { createRemoteServer } from './remote.js';
import type { PageRenderer } from './renderer.js';
import { sitePageSources } from './security-headers.js';
import { createSite, HASHED_JS, type Site } from './testing/fixture.js';

// docs/decisions/0028-secure-by-default.md: every answer of the host's and the remotes' servers
// carries the security headers; a host page's policy names what the page is told to use.
let site: Site;
const servers: FastifyInstance[] = [];
const savedEnv = { ...process.env };

beforeEach(() => {
  site = createSite();
  process.env.RELEASES_DIR = site.releases;
  delete process.env.REMOTES_FILE;
  for (const name of ['PUBLIC_API_URL', 'FIREBASE_API_KEY', 'FIREBASE_AUTH_DOMAIN', 'EMAILJS_ORIGIN']) {
    delete process.env[name];
  }
  // The default ports, whatever the test command set for its own stack (AUTH_EMULATOR_PORT…).
  for (const name of Object.keys(process.env).filter((n) => /_PORT$/.test(n))) delete process.env[name];
  process.env.SB_PORT_OFFSET = '0';
});

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
  site.cleanup();
  process.env = { ...savedEnv };
});

/** A renderer that writes an inline script with the nonce it was given, as the host's does. */
const nonceEchoingRenderer: PageRenderer = {
  async render({ url, nonce }) {
    return {
      status: 200,
      headers: {},
      body: `<!doctype html><html><body><main>${url}</main><script nonce="${nonce}">start()</script></body></html>`,
    };
  },
  async close() {},
};

function host(options: Partial<HostServerOptions> = {}) {
  const server = createHostServer({ distDir: site.dist, logger: false, ...options });
  servers.push(server);
  return server;
}

function remote(options: { trustProxyHops?: number; publicUrl?: string } = {}) {
  const server = createRemoteServer({
    remote: 'catalog',
    distDir: site.dist,
    releasesRoot: site.releases,
    logger: false,
    ...options,
  });
  servers.push(server);
  return server;
}

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: unknown): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );
}

const COMMON = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
};

describe("the host's pages", () => {
  it('a rendered page: scripts from the site, the remotes and its own nonce only; never framed', async () => {
    const app = host({ renderer: nonceEchoingRenderer });
    const response = await app.inject({ method: 'GET', url: '/details/42' });
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({
      ...COMMON,
      'cross-origin-opener-policy': 'same-origin-allow-popups',
      'cross-origin-resource-policy': 'same-origin',
    });
    expect(response.headers['strict-transport-security']).toBeUndefined();
    const csp = directives(response.headers['content-security-policy']);
    const nonce = /<script nonce="([^"]+)">/.exec(response.body)![1]!;
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(csp.get('script-src')).toEqual([
      "'self'",
      `'nonce-${nonce}'`,
      'http://localhost:3001',
      'http://localhost:3002',
      'http://localhost:3003',
      'https://apis.google.com',
    ]);
    expect(csp.get('style-src')).toEqual([
      "'self'",
      "'unsafe-inline'",
      'http://localhost:3001',
      'http://localhost:3002',
      'http://localhost:3003',
    ]);
    expect(csp.get('connect-src')).toEqual([
      "'self'",
      'http://localhost:4000',
      'http://localhost:3001',
      'http://localhost:3002',
      'http://localhost:3003',
      'http://127.0.0.1:9099',
    ]);
    expect(csp.get('img-src')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'http://localhost:4000',
      'http://localhost:3001',
      'http://localhost:3002',
      'http://localhost:3003',
    ]);
    expect(csp.get('frame-src')).toEqual(["'self'", 'http://127.0.0.1:9099']);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(String(response.headers['content-security-policy'])).not.toMatch(
      /unsafe-eval|script-src[^;]*unsafe-inline/,
    );

    // A fresh nonce for every response.
    const again = await app.inject({ method: 'GET', url: '/details/42' });
    const second = /<script nonce="([^"]+)">/.exec(again.body)![1]!;
    expect(second).not.toBe(nonce);
    expect(directives(again.headers['content-security-policy']).get('script-src')).toContain(
      `'nonce-${second}'`,
    );
  });

  it('the same headers on the shell, files, run-time JSON, 404, 405 and a refused path', async () => {
    const app = host();
    const answers = await Promise.all([
      app.inject({ method: 'GET', url: '/login' }),
      app.inject({ method: 'GET', url: `/${HASHED_JS}`, headers: { 'accept-encoding': 'br' } }),
      app.inject({ method: 'GET', url: '/remotes.json' }),
      app.inject({ method: 'GET', url: '/app-config.json' }),
      app.inject({ method: 'GET', url: '/health' }),
      app.inject({ method: 'GET', url: '/missing.js' }),
      app.inject({ method: 'POST', url: '/login' }),
      app.inject({ method: 'GET', url: '/login%00.js' }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 404, 405, 400]);
    for (const answer of answers) {
      expect(answer.headers).toMatchObject(COMMON);
      expect(directives(answer.headers['content-security-policy']).get('frame-ancestors')).toEqual([
        "'none'",
      ]);
      expect(directives(answer.headers['content-security-policy']).get('script-src')).toContain("'self'");
    }
  });

  it('follows the live remotes: a release promoted to another address is allowed on the next page', async () => {
    const app = host({ renderer: nonceEchoingRenderer });
    writeFileSync(
      path.join(site.releases, 'live.json'),
      JSON.stringify({ remotes: { catalog: 'https://cdn.secondbyte.example/catalog/v7/mf-manifest.json' } }),
    );
    const csp = directives(
      (await app.inject({ method: 'GET', url: '/' })).headers['content-security-policy'],
    );
    expect(csp.get('script-src')).toContain('https://cdn.secondbyte.example');
    expect(csp.get('script-src')).not.toContain('http://localhost:3001');
  });
});

describe('sitePageSources', () => {
  it('with a real Firebase project: its auth endpoints and auth domain instead of the emulator', () => {
    const sources = sitePageSources(
      {
        apiUrl: 'https://api.secondbyte.example/api/v1',
        firebase: {
          apiKey: 'key',
          authDomain: 'secondbyte-prod.firebaseapp.com',
          projectId: 'secondbyte-prod',
        },
        emailjs: { origin: 'https://api.emailjs.com' },
      },
      { catalog: 'https://catalog.secondbyte.example/mf-manifest.json', bad: 'not a url' },
    );
    expect(sources).toEqual({
      remotes: ['https://catalog.secondbyte.example'],
      api: ['https://api.secondbyte.example'],
      connect: [
        'https://identitytoolkit.googleapis.com',
        'https://securetoken.googleapis.com',
        'https://api.emailjs.com',
      ],
      scripts: ['https://apis.google.com'],
      frames: ['https://secondbyte-prod.firebaseapp.com'],
    });
  });
});

describe("a remote's files", () => {
  it('a policy for files that never run as a page, and loadable by the host page (another origin)', async () => {
    const app = remote();
    for (const url of [`/${HASHED_JS}`, '/mf-manifest.json', '/missing.js', '/releases/v1/nothing.js']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers).toMatchObject({
        ...COMMON,
        'content-security-policy':
          "default-src 'none';frame-ancestors 'none';base-uri 'none';form-action 'none'",
        'cross-origin-resource-policy': 'cross-origin',
        'access-control-allow-origin': '*',
      });
    }
  });
});

describe('Strict-Transport-Security only over https', () => {
  it('not over plain http, nor for an X-Forwarded-Proto nobody was told to trust', async () => {
    for (const app of [host(), remote()]) {
      const response = await app.inject({
        method: 'GET',
        url: '/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('behind a trusted proxy (TRUST_PROXY_HOPS) that says https', async () => {
    for (const app of [host({ trustProxyHops: 1 }), remote({ trustProxyHops: 1 })]) {
      const https = await app.inject({
        method: 'GET',
        url: '/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const http = await app.inject({
        method: 'GET',
        url: '/health',
        headers: { 'x-forwarded-proto': 'http' },
      });
      expect(http.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('when the site is public over https (WEB_ORIGIN)', async () => {
    for (const app of [
      host({ publicUrl: 'https://secondbyte.example' }),
      remote({ publicUrl: 'https://secondbyte.example' }),
    ]) {
      const response = await app.inject({ method: 'GET', url: '/health' });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    }
  });
});
