// Prometheus metrics of one web server (host or remote) at GET /metrics
// (docs/decisions/0051-metrics.md, docs/operations.md#metrics): requests by route template and
// status, thrown errors, and on the host the server render's time and its workers' starts and
// crashes. One registry per server, labelled with its role.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

export const METRICS_PATH = '/metrics';
/** The route label of a request no route matched: the raw URL would make one series per probe. */
export const UNMATCHED_ROUTE = 'unmatched';
/** Files answer in well under a millisecond; a rendered page within its budget (1.5 s by default). */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** A token a scraper elsewhere must present: long and without spaces, like the API's (api/src/config.ts). */
const TOKEN_SHAPE = /^[\x21-\x7e]{32,}$/;

/** METRICS_TOKEN, checked: unset or empty means loopback callers only. */
export function metricsTokenFromEnv(value: string | undefined): string | undefined {
  const token = value?.trim();
  if (!token) return undefined;
  if (!TOKEN_SHAPE.test(token))
    throw new Error(
      'METRICS_TOKEN must be at least 32 visible characters without spaces, e.g. the output of `openssl rand -hex 32`',
    );
  return token;
}

export class ServerMetrics {
  readonly registry = new Registry();
  readonly requestDuration: Histogram<'method' | 'route' | 'status'>;
  readonly thrownErrors: Counter<'route'>;
  /** Until the renderer's answer starts (its status and head): what the visitor waits for. */
  readonly renderDuration: Histogram<'outcome'>;
  readonly renderWorkerStarts: Counter<'release_set'>;
  readonly renderWorkerCrashes: Counter<'release_set'>;

  constructor(readonly role: string) {
    this.registry.setDefaultLabels({ role });
    collectDefaultMetrics({ register: this.registry });
    const registers = [this.registry];
    this.requestDuration = new Histogram({
      name: 'sb_http_request_duration_seconds',
      help: 'Requests answered, by method, route template and status, and how long each took',
      labelNames: ['method', 'route', 'status'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.thrownErrors = new Counter({
      name: 'sb_http_errors_total',
      help: 'Errors thrown while answering a request, by route template',
      labelNames: ['route'],
      registers,
    });
    this.renderDuration = new Histogram({
      name: 'sb_render_duration_seconds',
      help: 'Server renders of a page until the answer starts: rendered, or the browser-rendered shell instead',
      labelNames: ['outcome'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.renderWorkerStarts = new Counter({
      name: 'sb_render_worker_starts_total',
      help: 'Render workers started, by the set of remote releases they render',
      labelNames: ['release_set'],
      registers,
    });
    this.renderWorkerCrashes = new Counter({
      name: 'sb_render_worker_crashes_total',
      help: 'Render workers that exited without being stopped, by release set',
      labelNames: ['release_set'],
      registers,
    });
  }
}

/** The socket's own peer, never X-Forwarded-For: a remote caller can write any header it likes. */
export function isLoopback(address: string | undefined): boolean {
  return address === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address ?? '');
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the Authorization header carries `token`, compared in constant time. */
export function carriesToken(header: string | undefined, token: string | undefined): boolean {
  if (!token || !header) return false;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match?.[1]) return false;
  return timingSafeEqual(digest(match[1]), digest(token));
}

/** Times every request by its route template and serves GET /metrics to loopback or the token. */
export function registerMetrics(app: FastifyInstance, metrics: ServerMetrics, token: string | undefined) {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    if (route !== METRICS_PATH)
      metrics.requestDuration
        .labels(request.method, route, String(reply.statusCode))
        .observe(reply.elapsedTime / 1000);
    done();
  });
  app.addHook('onError', (request, _reply, _error, done) => {
    metrics.thrownErrors.labels(request.routeOptions.url ?? UNMATCHED_ROUTE).inc();
    done();
  });
  app.get(METRICS_PATH, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!isLoopback(request.raw.socket?.remoteAddress) && !carriesToken(request.headers.authorization, token))
      return reply.code(403).send({
        error: 'forbidden',
        message: token
          ? 'Metrics are served to this machine and to callers with the metrics bearer token'
          : 'Metrics are served to this machine only (METRICS_TOKEN is not set)',
      });
    const body = await metrics.registry.metrics();
    return reply.type(metrics.registry.contentType).send(body);
  });
}
