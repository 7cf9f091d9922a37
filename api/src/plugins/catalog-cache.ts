import { createHash, randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { LIST_HEADERS } from 'shared-contracts/pagination';
import type { Access } from '../auth/access';
import type { Notifications } from '../db/index';

/**
 * Public catalogue reads answered from memory (docs/decisions/0018-catalog-response-cache.md,
 * docs/decisions/0045-catalog-cache-by-dependency.md). A route opts in with
 * `config: { cache: 'catalog' }`; only public GETs may. Entries hold the serialised body, so a hit
 * skips auth, validation, the database and serialisation.
 *
 * Each answer records what it depends on (`dependsOn`: the listings it holds, their sellers, the
 * brand's lists, the searches). The database announces what each committed write changed
 * (migration 0017's triggers NOTIFY on CATALOG_CACHE_CHANNEL), and every API process forgets only
 * the answers that depend on it. A write that touches no catalogue table (a message, a
 * notification read, the newsletter, the contact form) forgets nothing, whoever sends it. An
 * expired entry is served stale while one request computes it again.
 */
export type CacheKind = 'catalog';

declare module 'fastify' {
  interface FastifyContextConfig {
    cache?: CacheKind;
    /**
     * A write that touches no catalogue table (saving a laptop, a payout): its answer need not wait
     * until this process has heard what the write changed.
     */
    keepsCatalog?: boolean;
  }
  interface FastifyInstance {
    catalogCache: CatalogCache;
  }
}

/** What a cached answer depends on; the names match migration 0017's NOTIFY payloads. */
export const catalogTag = {
  /** An answer that shows this listing. */
  listing: (id: string) => `L:${id}`,
  /** Which listings a brand's newest-first lists hold; without a brand, any brand's. */
  brandLists: (brand?: string) => `C:${brand ?? '*'}`,
  /** What a search over this brand (or all) matches, counts and facets. */
  search: (brand?: string) => `Q:${brand ?? '*'}`,
  /** A list filtered or ordered by price. */
  prices: (brand?: string) => `P:${brand ?? '*'}`,
  /** A seller as shown: their page's profile and reviews, their name and rating beside listings. */
  seller: (id: string) => `S:${id}`,
  /** Which listings a seller's page holds. */
  sellerListings: (id: string) => `O:${id}`,
  adverts: 'A',
  brands: 'K',
} as const;

/** The tags of listings an answer shows: each listing, and its seller's name and rating beside it. */
export const listingTags = (items: readonly { _id: string; seller: { _id: string } }[]) =>
  items.flatMap((p) => [catalogTag.listing(p._id), catalogTag.seller(p.seller._id)]);

const dependencies = new WeakMap<FastifyRequest, Set<string>>();
/** Records what the answer to a cached request depends on; an answer with none is not stored. */
export function dependsOn(request: FastifyRequest, tags: Iterable<string>) {
  const known = dependencies.get(request) ?? new Set<string>();
  for (const tag of tags) known.add(tag);
  dependencies.set(request, known);
}

interface Entry {
  body: string;
  etag: string;
  contentType: string;
  /** The list's headers (its total, whether that is an estimate, the next page's link). */
  listHeaders: [string, string][];
  tags: ReadonlySet<string>;
}

export interface CatalogCacheOptions {
  enabled: boolean;
  /** Entries kept at most, and their bodies' total size. */
  maxEntries: number;
  maxBytes: number;
  /** After this an entry is stale: served once more while one request computes it again. */
  ttlMs: number;
  /** The database's LISTEN/NOTIFY: how the API processes sharing it tell each other to clear. */
  notifications?: Notifications;
}

export interface CatalogCache {
  /** Empties this process's cache and tells the other processes to do the same. */
  invalidate(): Promise<void>;
  /** Whether an answer for this URL (path and query, as requested) is stored, fresh or stale. */
  holds(url: string): boolean;
  readonly size: number;
  /** Misses being computed now, each with its followers waiting (0 when the API is idle). */
  readonly computing: number;
  /**
   * Since start: answers from memory (stale ones included), answers computed, requests that waited
   * for another's, expired answers served while a refresh ran, and entries forgotten by a write.
   */
  readonly stats: CacheStats;
}

export interface CacheStats {
  hits: number;
  misses: number;
  coalesced: number;
  stale: number;
  invalidated: number;
}

/** Migration 0017's triggers NOTIFY here; so does `invalidate` ('*') and a write's barrier ('B:…'). */
export const CATALOG_CACHE_CHANNEL = 'sb_catalog_cache';
const EVERYTHING = '*';
const BARRIER_PREFIX = 'B:';
/** How long a write's answer waits to hear its own changes back before it goes anyway. */
const BARRIER_WAIT_MS = 2_000;
/** Invalidations remembered for misses in flight; a miss older than these is not stored. */
const INVALIDATION_LOG_SIZE = 1_000;
/** Marks the request that refreshes a stale entry (an in-process inject, never a client's). */
const REFRESH_HEADER = 'x-secondbyte-cache-refresh';
/**
 * On every cached route's answer, as CDNs do: HIT (from memory), STALE (expired, served while a
 * refresh runs), MISS (computed). The bench counts it for the hit rate.
 */
export const CACHE_STATUS_HEADER = 'x-cache';
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
    const refreshToken = randomUUID();
    // Which entries depend on each tag, kept in step with the LRU (dispose runs on every removal).
    const byTag = new Map<string, Set<string>>();
    const entries = new LRUCache<string, Entry>({
      max: opts.maxEntries,
      maxSize: opts.maxBytes,
      sizeCalculation: (e) => e.body.length + 200,
      ttl: opts.ttlMs,
      allowStale: true,
      noDeleteOnStaleGet: true,
      dispose: (entry, key) => {
        for (const tag of entry.tags) {
          const keys = byTag.get(tag);
          keys?.delete(key);
          if (keys?.size === 0) byTag.delete(tag);
        }
      },
    });
    const stats: CacheStats = { hits: 0, misses: 0, coalesced: 0, stale: 0, invalidated: 0 };

    // Every invalidation gets a number. A miss remembers the number when it began and is not
    // stored if an invalidation since then touched what it depends on: its answer may predate it.
    let sequence = 0;
    const recent: { sequence: number; tags: ReadonlySet<string> }[] = [];
    const forget = (tags: ReadonlySet<string>) => {
      sequence++;
      recent.push({ sequence, tags });
      if (recent.length > INVALIDATION_LOG_SIZE) recent.shift();
      if (tags.has(EVERYTHING)) {
        stats.invalidated += entries.size;
        entries.clear();
        return;
      }
      for (const tag of tags)
        for (const key of [...(byTag.get(tag) ?? [])]) if (entries.delete(key)) stats.invalidated++;
    };
    const invalidatedSince = (since: number, tags: ReadonlySet<string>) => {
      if (since === sequence) return false;
      // The log no longer reaches back to when this miss began.
      if ((recent[0]?.sequence ?? sequence + 1) > since + 1) return true;
      return recent.some(
        (r) => r.sequence > since && (r.tags.has(EVERYTHING) || [...r.tags].some((t) => tags.has(t))),
      );
    };

    // A write's answer waits until this process has heard the changes the write committed, so the
    // writer's next read (and anyone's after it) never meets an answer the write made stale.
    // PostgreSQL delivers notifications in commit order: once a NOTIFY sent after the write comes
    // back, every notification of the write has come before it.
    let barriers = 0;
    const waiting = new Map<string, () => void>();
    const barrier = async () => {
      if (!notifications) return;
      const id = `${BARRIER_PREFIX}${instanceId}:${++barriers}`;
      const heard = new Promise<void>((resolve) => waiting.set(id, resolve));
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, BARRIER_WAIT_MS)));
      try {
        await notifications.notify(CATALOG_CACHE_CHANNEL, id);
        await Promise.race([heard, late]);
      } catch (err) {
        app.log.error({ err }, 'catalog cache: NOTIFY failed');
      } finally {
        clearTimeout(timer);
        waiting.delete(id);
      }
    };

    const notifications = opts.enabled ? opts.notifications : undefined;
    const listener = await notifications?.listen(CATALOG_CACHE_CHANNEL, {
      onNotify: (payload) => {
        if (payload.startsWith(BARRIER_PREFIX)) {
          waiting.get(payload)?.();
          return;
        }
        forget(new Set(payload.split(' ').filter(Boolean)));
      },
      // Notifications may have been missed while the connection was down.
      onReset: () => forget(new Set([EVERYTHING])),
      onError: (err) => app.log.warn({ err }, 'catalog cache: LISTEN connection lost, reconnecting'),
    });

    const cache: CatalogCache = {
      async invalidate() {
        forget(new Set([EVERYTHING]));
        if (!notifications) return;
        // This process is cleared already; a lost NOTIFY leaves the others to the TTL.
        await notifications.notify(CATALOG_CACHE_CHANNEL, EVERYTHING).catch((err: unknown) => {
          app.log.error({ err }, 'catalog cache: NOTIFY failed');
        });
        // Its echo clears this process once more: over before this returns, not during a later miss.
        await barrier();
      },
      holds: (url) => entries.peek(cacheKey(url), { allowStale: true }) !== undefined,
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
    const isRefresh = (request: FastifyRequest) => request.headers[REFRESH_HEADER] === refreshToken;

    const sendEntry = (request: FastifyRequest, reply: FastifyReply, entry: Entry, stale: boolean) => {
      reply
        .header('etag', entry.etag)
        .header('cache-control', CACHE_CONTROL)
        .header(CACHE_STATUS_HEADER, stale ? 'STALE' : 'HIT');
      for (const [name, value] of entry.listHeaders) reply.header(name, value);
      if (matches(request.headers['if-none-match'], entry.etag)) return reply.code(304).send();
      return reply.type(entry.contentType).send(entry.body);
    };

    // One refresh per stale key at a time, run through the API itself like any visitor's request.
    const refreshing = new Set<string>();
    const refresh = (key: string, url: string) => {
      if (refreshing.has(key)) return;
      refreshing.add(key);
      void app
        .inject({ method: 'GET', url, headers: { [REFRESH_HEADER]: refreshToken } })
        .catch((err: unknown) => app.log.warn({ err, url }, 'catalog cache: refresh failed'))
        .finally(() => refreshing.delete(key));
    };

    const pending = new WeakMap<FastifyRequest, { key: string; since: number }>();
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
      if (isRefresh(request)) {
        pending.set(request, { key, since: sequence });
        return;
      }
      const status: LRUCache.Status<string, Entry> = {};
      let entry = entries.get(key, { status });
      const stale = entry !== undefined && status.get === 'stale';
      if (stale) {
        stats.stale++;
        refresh(key, request.url);
      }
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
        return sendEntry(request, reply, entry, stale);
      }
      stats.misses++;
      pending.set(request, { key, since: sequence });
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
        // 3xx counts: the payment page's forms answer a successful write with a redirect.
        if (reply.statusCode < 400 && request.routeOptions.config.keepsCatalog !== true) {
          // Without LISTEN (one process, no database notifications) a write forgets everything.
          if (notifications) await barrier();
          else forget(new Set([EVERYTHING]));
        }
        return payload;
      }
      if (served.has(request)) return payload;
      const miss = pending.get(request);
      if (!miss || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
      const etag = strongEtag(payload);
      const tags = dependencies.get(request);
      if (tags === undefined || tags.size === 0)
        app.log.warn({ url: request.url }, 'catalog cache: the route declared no dependencies; not stored');
      else if (!invalidatedSince(miss.since, tags)) {
        entries.set(miss.key, {
          body: payload,
          etag,
          contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
          listHeaders: LIST_HEADERS.flatMap((name) => {
            const value = reply.getHeader(name);
            return value === undefined ? [] : [[name, String(value)] as [string, string]];
          }),
          tags,
        });
        for (const tag of tags) {
          const keys = byTag.get(tag) ?? new Set<string>();
          keys.add(miss.key);
          byTag.set(tag, keys);
        }
      }
      reply.header('etag', etag).header('cache-control', CACHE_CONTROL).header(CACHE_STATUS_HEADER, 'MISS');
      if (matches(request.headers['if-none-match'], etag)) {
        reply.code(304);
        return '';
      }
      return payload;
    });
  },
  { name: 'catalog-cache' },
);
