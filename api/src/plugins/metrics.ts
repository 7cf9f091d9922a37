import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import {
  carriesToken,
  isLoopback,
  LATENCY_BUCKETS,
  METRICS_PATH,
  UNMATCHED_ROUTE,
} from 'web-server/metrics-access';
import { observeQueries, type Database } from '../db/index';
import { mailQueue } from '../modules/outbox/outbox.repository';

/**
 * Prometheus metrics of this API process at GET /metrics (docs/decisions/0051-metrics.md,
 * docs/operations.md#metrics). Per request it costs one histogram observation; everything else
 * (the catalogue cache's counts, the pool, the mail queue) is read when Prometheus scrapes.
 */

/** The background jobs whose rounds are counted (plugins/expiry-sweeps.ts, money-sweeps.ts, mail-delivery.ts). */
export type JobName =
  'booking_expiry' | 'offer_expiry' | 'money_sweeps' | 'mail_delivery' | 'search_digest' | 'search_alert';

export interface ApiMetrics {
  readonly registry: Registry;
  /** Runs one round of a background job: counts it, its failure, and stamps its last success. */
  job<T>(name: JobName, round: () => Promise<T>): Promise<T>;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: ApiMetrics;
  }
}

/** Answers the caller that may not read the metrics; null when it may. */
export function refuseMetricsCaller(request: FastifyRequest, reply: FastifyReply, token: string | undefined) {
  if (isLoopback(request.raw.socket?.remoteAddress)) return null;
  if (carriesToken(request.headers.authorization, token)) return null;
  return reply
    .code(403)
    .header('cache-control', 'no-store')
    .send({
      error: 'forbidden',
      message: token
        ? 'Metrics are served to this machine and to callers with the metrics bearer token'
        : 'Metrics are served to this machine only (METRICS_TOKEN is not set)',
    });
}

export const metrics = fp<{ db: Database; metricsToken: string | undefined }>(
  async (app, { db, metricsToken }) => {
    const registry = new Registry();
    registry.setDefaultLabels({ role: 'api' });
    collectDefaultMetrics({ register: registry });
    const registers = [registry];

    const requestDuration = new Histogram({
      name: 'sb_http_request_duration_seconds',
      help: 'Requests answered, by method, route template and status, and how long each took',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    });
    const thrownErrors = new Counter({
      name: 'sb_http_errors_total',
      help: 'Errors thrown while answering a request (a refusal or a failure), by route template',
      labelNames: ['route'] as const,
      registers,
    });
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
      if (route !== METRICS_PATH)
        requestDuration
          .labels(request.method, route, String(reply.statusCode))
          .observe(reply.elapsedTime / 1000);
      done();
    });
    app.addHook('onError', (request, _reply, _error, done) => {
      thrownErrors.labels(request.routeOptions.url ?? UNMATCHED_ROUTE).inc();
      done();
    });

    // The database pool, read at scrape; PGlite is one connection in this process and has none.
    const client = (db as unknown as { $client?: unknown }).$client;
    if (client instanceof pg.Pool) {
      const pool = client;
      for (const [name, help, read] of [
        ['sb_db_pool_total', 'Connections the pool holds, busy or idle', () => pool.totalCount],
        ['sb_db_pool_idle', 'Connections idle in the pool', () => pool.idleCount],
        ['sb_db_pool_waiting', 'Queries waiting for a free connection', () => pool.waitingCount],
      ] as const)
        new Gauge({
          name,
          help,
          registers,
          collect() {
            this.set(read());
          },
        });
    }
    const queryDuration = new Histogram({
      name: 'sb_db_query_duration_seconds',
      help: 'Statements sent to PostgreSQL and how long each took (not measured on PGlite)',
      labelNames: ['outcome'] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    });
    const ok = queryDuration.labels('ok');
    const failed = queryDuration.labels('error');
    const stopObserving = observeQueries(db, (seconds, error) => (error ? failed : ok).observe(seconds));
    if (stopObserving) app.addHook('onClose', async () => stopObserving());

    // The catalogue cache counts for itself (plugins/catalog-cache.ts); copied at scrape.
    const cacheCounter = (name: string, help: string, read: () => number) =>
      new Counter({
        name,
        help,
        registers,
        collect() {
          this.reset();
          this.inc(read());
        },
      });
    const stats = () => app.catalogCache.stats;
    cacheCounter(
      'sb_catalog_cache_hits_total',
      'Catalogue answers from memory, stale ones included',
      () => stats().hits,
    );
    cacheCounter(
      'sb_catalog_cache_misses_total',
      'Catalogue answers computed from the database',
      () => stats().misses,
    );
    cacheCounter(
      'sb_catalog_cache_coalesced_total',
      'Catalogue requests that waited for the same answer being computed',
      () => stats().coalesced,
    );
    cacheCounter(
      'sb_catalog_cache_stale_total',
      'Expired catalogue answers served while a refresh ran',
      () => stats().stale,
    );
    cacheCounter(
      'sb_catalog_cache_invalidations_total',
      'Catalogue answers forgotten because a write changed what they show',
      () => stats().invalidated,
    );
    new Gauge({
      name: 'sb_catalog_cache_entries',
      help: 'Catalogue answers held in memory',
      registers,
      collect() {
        this.set(app.catalogCache.size);
      },
    });

    // One query per scrape, over the outbox's due index (modules/outbox/outbox.repository.ts). A
    // scrape collects its gauges concurrently: both share the read in flight.
    let reading: Promise<Awaited<ReturnType<typeof mailQueue>> | null> | null = null;
    const queue = () =>
      (reading ??= mailQueue(db)
        .catch((err: unknown) => {
          app.log.warn({ err }, 'metrics: reading the mail queue failed');
          return null;
        })
        .finally(() => (reading = null)));
    new Gauge({
      name: 'sb_mail_outbox_depth',
      help: 'Messages in the outbox waiting for the relay',
      registers,
      async collect() {
        const read = await queue();
        if (read) this.set(read.depth);
      },
    });
    new Gauge({
      name: 'sb_mail_outbox_oldest_age_seconds',
      help: 'How long the oldest message waiting for the relay has waited (0 when none waits)',
      registers,
      async collect() {
        const read = await queue();
        if (read) this.set(read.oldestAgeSeconds);
      },
    });

    const jobRuns = new Counter({
      name: 'sb_job_runs_total',
      help: 'Rounds of a background job this process ran',
      labelNames: ['job'] as const,
      registers,
    });
    const jobFailures = new Counter({
      name: 'sb_job_failures_total',
      help: 'Rounds of a background job that failed',
      labelNames: ['job'] as const,
      registers,
    });
    const jobLastSuccess = new Gauge({
      name: 'sb_job_last_success_timestamp_seconds',
      help: 'When a round of a background job last succeeded in this process (Unix time)',
      labelNames: ['job'] as const,
      registers,
    });

    app.decorate('metrics', {
      registry,
      async job(name, round) {
        jobRuns.labels(name).inc();
        try {
          const result = await round();
          jobLastSuccess.labels(name).set(Date.now() / 1000);
          return result;
        } catch (err) {
          jobFailures.labels(name).inc();
          throw err;
        }
      },
    } satisfies ApiMetrics);

    app.get(
      METRICS_PATH,
      // Outside /api/v1 and the OpenAPI document: an operator's door, not part of the API.
      { schema: { hide: true } },
      async (request, reply) => {
        const refused = refuseMetricsCaller(request, reply, metricsToken);
        if (refused) return refused;
        const body = await registry.metrics();
        return reply.header('cache-control', 'no-store').type(registry.contentType).send(body);
      },
    );
  },
  { name: 'metrics' },
);
