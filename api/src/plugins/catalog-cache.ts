import { createHash, randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { TOTAL_COUNT_HEADER } from 'shared-contracts/pagination';
import type { Access } from '../auth/access';
import type { Notifications } from '../db/index';

/**
 * Public catalogue reads answered from memory (docs/decisions/0018-catalog-response-cache.md).
 * A route opts in with `config: { cache: 'catalog' }`; only public GETs may. Entries hold the
 * serialised body, so a hit skips auth, validation, the database and serialisation. Any successful
 * write empties the cache (here at once, in the other API processes through PostgreSQL
 * LISTEN/NOTIFY); a short TTL is the backstop for writes that bypass the API.
 */
export type CacheKind = 'catalog';

declare module 'fastify' {
  interface FastifyContextConfig {
    cache?: CacheKind;
    /** A write that changes nothing a catalogue answer shows (saving a laptop): no invalidation. */
    keepsCatalog?: boolean;
  }
  interface FastifyInstance {
    catalogCache: CatalogCache;
  }
}

interface Entry {
  body: string;
  etag: string;
  contentType: string;
  totalCount: string | undefined;
}

export interface CatalogCacheOptions {
  enabled: boolean;
  /** Entries kept at most, and their bodies' total size. */
  maxEntries: number;
  maxBytes: number;
  ttlMs: number;
  /** The database's LISTEN/NOTIFY: how the API processes sharing it tell each other to clear. */
  notifications?: Notifications;
}

export interface CatalogCache {
  /** Empties this process's cache and tells the other processes to do the same. */
  invalidate(): Promise<void>;
  readonly size: number;
  /** Misses being computed now, each with its followers waiting (0 when the API is idle). */
  readonly computing: number;
  /** Since start: answers from memory, answers computed, and requests that waited for another's. */
  readonly stats: { hits: number; misses: number; coalesced: number };
}

export const CATALOG_CACHE_CHANNEL = 'sb_catalog_cache';
/** Longer URLs are answered but not cached: no legitimate catalogue link comes near it. */
const MAX_KEY_LENGTH = 2048;
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const CACHE_CONTROL = 'public, no-cache';
const FOLLOWER_WAIT_MS = 5_000;

/** Path without trailing slash + query parameters sorted, so `?b=1&a=2` and `?a=2&b=1` share an entry. */
export function cacheKey(url: string): string {
  const q = url.indexOf('?');
  const path = (q === -1 ? url : url.slice(0, q)).replace(/(.)\/+$/, '$1');
  if (q === -1) return path;
  const params = [...new URLSearchParams(url.slice(q + 1))].sort(([a, x], [b, y]) =>
    a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1,
  );
  return params.length ? `${path}?${new URLSearchParams(params).toString()}` : path;
}

const strongEtag = (body: string) => `"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;

/** If-None-Match uses the weak comparison (RFC 9110 §13.1.2): W/"x" matches "x". */
function matches(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

export const catalogCache = fp<CatalogCacheOptions>(
  async (app, opts) => {
    const instanceId = randomUUID();
    const entries = new LRUCache<string, Entry>({
      max: opts.maxEntries,
      maxSize: opts.maxBytes,
      sizeCalculation: (e) => e.body.length + 200,
      ttl: opts.ttlMs,
    });
    // Bumped on every clear: a response computed before a write must not be stored after it.
    let generation = 0;
    const clear = () => {
      generation++;
      entries.clear();
    };
    const notifications = opts.enabled ? opts.notifications : undefined;
    const listener = await notifications?.listen(CATALOG_CACHE_CHANNEL, {
      onNotify: (from) => {
        if (from !== instanceId) clear();
      },
      // Notifications may have been missed while the connection was down.
      onReset: clear,
      onError: (err) => app.log.warn({ err }, 'catalog cache: LISTEN connection lost, reconnecting'),
    });

    const stats = { hits: 0, misses: 0, coalesced: 0 };
    const cache: CatalogCache = {
      async invalidate() {
        clear();
        if (!notifications) return;
        // The write itself succeeded: a lost NOTIFY leaves the other processes to the TTL.
        await notifications.notify(CATALOG_CACHE_CHANNEL, instanceId).catch((err: unknown) => {
          app.log.error({ err }, 'catalog cache: NOTIFY failed');
        });
      },
      get size() {
        return entries.size;
      },
      get computing() {
        return inFlight.size;
      },
      stats,
    };
    app.decorate('catalogCache', cache);
    app.addHook('onClose', async () => {
      await listener?.stop();
    });

    app.addHook('onRoute', (route) => {
      const kind = (route.config as { cache?: CacheKind } | undefined)?.cache;
      if (kind === undefined) return;
      const access = (route.config as { access?: Access }).access;
      const methods = [route.method].flat().map(String);
      if (access !== 'public' || methods.some((m) => m !== 'GET' && m !== 'HEAD'))
        throw new Error(`Route ${route.method} ${route.url}: only public GET routes may be cached`);
    });

    const cacheable = (request: FastifyRequest) =>
      opts.enabled &&
      request.method === 'GET' &&
      request.routeOptions.config.cache === 'catalog' &&
      // A signed-in caller's request is answered fresh: nothing it sees may come from a shared entry.
      request.headers.authorization === undefined &&
      request.url.length <= MAX_KEY_LENGTH;

    const sendEntry = (request: FastifyRequest, reply: FastifyReply, entry: Entry) => {
      reply.header('etag', entry.etag).header('cache-control', CACHE_CONTROL);
      if (entry.totalCount !== undefined) reply.header(TOTAL_COUNT_HEADER, entry.totalCount);
      if (matches(request.headers['if-none-match'], entry.etag)) return reply.code(304).send();
      return reply.type(entry.contentType).send(entry.body);
    };

    const pending = new WeakMap<FastifyRequest, { key: string; generation: number }>();
    const served = new WeakSet<FastifyRequest>();
    // Misses in flight, by key: simultaneous requests for the same missing entry wait for the
    // first one's answer instead of each computing it (ten buyers opening a popular search just
    // after a write cost one query, not ten).
    type Flight = { done: Promise<void>; finish: () => void };
    const inFlight = new Map<string, Flight>();
    const leaders = new WeakMap<FastifyRequest, { key: string; flight: Flight }>();
    const finishLeader = (request: FastifyRequest) => {
      const led = leaders.get(request);
      if (led === undefined) return;
      leaders.delete(request);
      led.flight.finish();
      // Only its own: after a follower gave up on it, another request may lead this key now.
      if (inFlight.get(led.key) === led.flight) inFlight.delete(led.key);
    };

    app.addHook('onRequest', async (request, reply) => {
      if (!cacheable(request)) return;
      const key = cacheKey(request.url);
      let entry = entries.get(key);
      const leader = entry ? undefined : inFlight.get(key);
      if (leader) {
        // Bounded: a leader that hangs must not hold its followers longer than a slow query.
        const ended = await Promise.race([
          leader.done.then(() => true),
          new Promise<boolean>((resolve) => setTimeout(resolve, FOLLOWER_WAIT_MS, false)),
        ]);
        // A leader that never ended must not make every later miss of this key wait as well.
        if (!ended && inFlight.get(key) === leader) inFlight.delete(key);
        entry = entries.get(key);
        if (entry) stats.coalesced++;
      } else if (entry) stats.hits++;
      if (entry) {
        served.add(request);
        return sendEntry(request, reply, entry);
      }
      stats.misses++;
      pending.set(request, { key, generation });
      // A client that hung up before this hook ran gets no answer, and its response's 'close' has
      // passed already: such a request would lead a flight that never ends.
      const gone = request.raw.socket?.destroyed === true;
      if (!gone && !inFlight.has(key)) {
        let finish = () => {};
        const done = new Promise<void>((resolve) => (finish = resolve));
        const flight = { done, finish };
        inFlight.set(key, flight);
        leaders.set(request, { key, flight });
        // 'close' comes whatever happens to the answer, also when the client hangs up while it is
        // being written, after which neither onResponse nor onRequestAbort runs.
        reply.raw.once('close', () => finishLeader(request));
      }
    });
    // Whatever the answer (stored, an error, the client gone), the followers stop waiting.
    app.addHook('onResponse', async (request) => finishLeader(request));
    app.addHook('onRequestAbort', async (request) => finishLeader(request));

    app.addHook('onSend', async (request, reply, payload) => {
      if (MUTATING.has(request.method)) {
        // Before the answer leaves, so the writer's next read already misses. 3xx counts: the
        // payment page's forms answer a successful write with a redirect.
        if (reply.statusCode < 400 && request.routeOptions.config.keepsCatalog !== true)
          await cache.invalidate();
        return payload;
      }
      if (served.has(request)) return payload;
      const miss = pending.get(request);
      if (!miss || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
      const etag = strongEtag(payload);
      if (miss.generation === generation) {
        const totalCount = reply.getHeader(TOTAL_COUNT_HEADER);
        entries.set(miss.key, {
          body: payload,
          etag,
          contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
          totalCount: totalCount === undefined ? undefined : String(totalCount),
        });
      }
      reply.header('etag', etag).header('cache-control', CACHE_CONTROL);
      if (matches(request.headers['if-none-match'], etag)) {
        reply.code(304);
        return '';
      }
      return payload;
    });
  },
  { name: 'catalog-cache' },
);
