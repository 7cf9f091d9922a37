// Prometheus metrics of one web server (host or remote) at GET /metrics
// (docs/decisions/0051-metrics.md, docs/operations.md#metrics): requests by route template and
// status, thrown errors, and on the host the server render's time and its workers' starts and
// crashes. One registry per server, labelled with its role.
import type { FastifyInstance } from 'fastify';
import {
  carriesToken,
  isLoopback,
  LATENCY_BUCKETS,
  METRICS_PATH,
  UNMATCHED_ROUTE,
} from './metrics-access.js';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

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
