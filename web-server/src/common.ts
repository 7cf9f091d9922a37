// What the host's and the remotes' servers share: method and path checks, CORS, static files
// (pre-compressed at build time, see tools/build-config/src/web-config.ts) with their cache headers, and
// on-the-fly compression for what code produces (JSON, rendered HTML).
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { metricsTokenFromEnv, registerMetrics, type ServerMetrics } from './metrics.js';
import { registerSecurityHeaders, type SecurityHeadersOptions } from './security-headers.js';
import { registerRequestTrace, traceRequestId } from './request-trace.js';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';

/** Build output named `name.[contenthash:10].ext` (tools/build-config/src/web-config.ts) never changes. */
export const HASHED = /\.[0-9a-f]{8,}\.[a-z0-9]+$/;
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Cached, but revalidated (ETag / Last-Modified) on every use. */
export const NO_CACHE = 'no-cache';
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.txt']);
const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';
const TEXT = 'text/plain; charset=utf-8';

export interface ServerOptions {
  /** Fastify's logger option; warnings and errors only by default (LOG_LEVEL=info logs pages). */
  logger?: FastifyServerOptions['logger'];
  /** Proxies in front of this server whose X-Forwarded-* headers are believed (TRUST_PROXY_HOPS). */
  trustProxyHops?: number;
  /** The site's public URL (WEB_ORIGIN); https there turns on Strict-Transport-Security. */
  publicUrl?: string;
  /** Opens /metrics to a scraper that is not on this machine (METRICS_TOKEN); unset: loopback only. */
  metricsToken?: string;
  /** This server's metrics; the host shares them with its renderer (main.ts). One of its own by default. */
  metrics?: ServerMetrics;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Server options from the environment (main.ts): WEB_ORIGIN, TRUST_PROXY_HOPS and LOG_LEVEL. */
export function serverOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): ServerOptions {
  const hops = Number(env.TRUST_PROXY_HOPS ?? 0);
  if (!Number.isInteger(hops) || hops < 0 || hops > 10) {
    throw new Error(`TRUST_PROXY_HOPS must be a whole number from 0 to 10, not "${env.TRUST_PROXY_HOPS}"`);
  }
  const level = env.LOG_LEVEL || 'warn';
  if (!LOG_LEVELS.includes(level)) {
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not "${env.LOG_LEVEL}"`);
  }
  return {
    trustProxyHops: hops,
    publicUrl: env.WEB_ORIGIN || undefined,
    metricsToken: metricsTokenFromEnv(env.METRICS_TOKEN),
    logger: { level },
  };
}

/** The name a file was built under: a pre-compressed variant is cached like its original. */
const originalName = (file: string) => path.basename(file).replace(/\.(br|gz)$/, '');

/**
 * Whether a request path could reach outside the folder it is served from: `..` segments
 * (encoded or not, with / or \), NUL bytes and malformed escapes are refused before routing.
 */
export function isUnsafePath(url: string): boolean {
  const query = url.indexOf('?');
  const raw = query === -1 ? url : url.slice(0, query);
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return true;
  }
  if (decoded.includes('\0')) return true;
  return decoded.split(/[\\/]/).some((segment) => segment === '..');
}

export const hasExtension = (urlPath: string) => path.posix.extname(urlPath) !== '';

/** The wildcard part of a `/*` route, as a path starting with `/` (already URL-decoded). */
export function wildcardPath(request: FastifyRequest): string {
  return `/${(request.params as { '*'?: string })['*'] ?? ''}`;
}

/** True when `urlPath` names a regular file inside `root` (never outside it). */
export async function isFileIn(root: string, urlPath: string): Promise<boolean> {
  const full = path.resolve(root, `.${path.posix.normalize(urlPath)}`);
  if (!full.startsWith(root + path.sep)) return false;
  try {
    return (await stat(full)).isFile();
  } catch {
    return false;
  }
}

/** Adds Accept-Encoding to Vary, keeping whatever a renderer already put there. */
export function varyOnEncoding(reply: FastifyReply) {
  const current = reply.getHeader('vary');
  const values = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
  if (!values.some((value) => value === '*' || value.toLowerCase() === 'accept-encoding')) {
    values.push('accept-encoding');
  }
  reply.header('vary', values.join(', '));
}

/** Data computed per request (never cached without revalidation), compressed when large enough. */
export function sendJson(reply: FastifyReply, body: unknown) {
  reply.header('cache-control', NO_CACHE).type('application/json; charset=utf-8');
  varyOnEncoding(reply);
  reply.compress(JSON.stringify(body));
  return reply;
}

/**
 * A file of `root`: its .br or .gz twin when the client accepts it (q=0 honoured), ETag and
 * Last-Modified with 304s, Cache-Control by name. A missing file ends in the 404 handler.
 */
export function sendAsset(reply: FastifyReply, root: string, urlPath: string) {
  return reply.sendFile(urlPath, root);
}

/** Servers shutting down (main.ts on SIGTERM): health answers 503, responses close their connection. */
const drainingServers = new WeakSet<FastifyInstance>();

/**
 * From now on the server reports not ready and sends `Connection: close` with every response, so
 * a load balancer stops sending to it and opens its next requests elsewhere instead of reusing a
 * connection this process is about to close (docs/decisions/0026-shutdown-durability-proxy-retry.md).
 */
export function startDraining(app: FastifyInstance) {
  drainingServers.add(app);
}

export function createBaseServer(
  { logger = { level: 'warn' }, trustProxyHops = 0, publicUrl, metricsToken }: ServerOptions,
  metrics: ServerMetrics,
  pageSources?: SecurityHeadersOptions['pageSources'],
): FastifyInstance {
  // Fastify's two lines a request are off: request-trace.ts writes one, at debug for files, whose
  // log would otherwise cost more than serving them.
  const app = Fastify({
    logger,
    genReqId: traceRequestId,
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'traceId' }),
    // Only for request.protocol (Strict-Transport-Security): X-Forwarded-Proto from a proxy we trust.
    trustProxy: (_address: string, hop: number) => hop < trustProxyHops,
  });
  // First, so every answer below (405, 400, 404, files, pages) carries them.
  registerSecurityHeaders(app, { pageSources, publicUrl });
  registerRequestTrace(app);
  app.addHook('onSend', async (_request, reply) => {
    if (drainingServers.has(app)) reply.header('connection', 'close');
  });

  app.addHook('onRequest', async (request, reply) => {
    // Remotes are fetched cross-origin by the host's page and by the host's server.
    reply.header('access-control-allow-origin', '*');
    if (request.method === 'OPTIONS') {
      return reply
        .code(204)
        .headers({
          'access-control-allow-methods': ALLOWED_METHODS,
          'access-control-allow-headers': request.headers['access-control-request-headers'] ?? '*',
          'access-control-max-age': '86400',
        })
        .send();
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(405).header('allow', ALLOWED_METHODS).type(TEXT).send('Method not allowed');
    }
    if (isUnsafePath(request.url)) return reply.code(400).type(TEXT).send('Bad request');
  });

  registerMetrics(app, metrics, metricsToken);

  app.setNotFoundHandler((_request, reply) => reply.code(404).type(TEXT).send('Not found'));
  app.setErrorHandler((error: { statusCode?: number }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) request.log.error(error);
    // A path the file sender refuses (403) is reported like any file that is not there.
    const shown = status === 403 ? 404 : status;
    return reply
      .code(shown)
      .type(TEXT)
      .send(shown >= 500 ? 'Internal server error' : shown === 404 ? 'Not found' : 'Bad request');
  });

  // Dynamic responses only (reply.compress in sendJson and for rendered pages): static files were
  // compressed at build time, at the highest levels, once.
  app.register(fastifyCompress, {
    global: false,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
    zlibOptions: { level: 6 },
  });
  app.register(fastifyStatic, {
    serve: false,
    preCompressed: true,
    cacheControl: false,
    dotfiles: 'ignore',
    index: false,
    setHeaders(res, file) {
      const name = originalName(file);
      res.setHeader('cache-control', HASHED.test(name) ? IMMUTABLE : NO_CACHE);
      if (COMPRESSIBLE.has(path.extname(name))) res.setHeader('vary', 'accept-encoding');
    },
  });
  // Every server, host or remote, answers its health check the same way (compose, start.ts, tests).
  // A web server depends on nothing but its files: ready is "not draining", /health its old name.
  const ready = async (_request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    if (drainingServers.has(app)) return reply.code(503).send({ status: 'draining' });
    return { status: 'ok' };
  };
  app.get('/health', ready);
  app.get('/health/ready', ready);
  app.get('/health/live', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );
  return app;
}
