import type { FastifyRateLimitStoreCtor, RateLimitOptions } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database } from '../db/index';
import { HttpError } from './errors';

/**
 * Writes that need no account (newsletter, contact form) are the ones a script can flood, so
 * each client address gets a budget per minute. Signed-in writes are tied to an account instead.
 * `budget` names the counter: routes that share one name share one budget.
 */
export function publicWriteRateLimit(config: Config, budget: string): RateLimitOptions {
  return {
    max: config.publicWriteLimitPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => `${budget}:${request.ip}`,
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new HttpError(
        429,
        'too_many_requests',
        `Too many requests. Please try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
        { seconds },
      );
    },
  };
}

/** Expired counters are deleted now and then by whichever process counts, never on the request path's hot row. */
const SWEEP_EVERY_INCREMENTS = 500;

/**
 * @fastify/rate-limit's `store` option, backed by the rate_limit_counters table: each hit is one
 * atomic upsert (a fixed window per key, timed by the database's clock), so every API process on
 * the database draws from the same budget (docs/decisions/0025-shared-state-across-replicas.md).
 * The library calls `incr(key, callback, timeWindow, max)`; the typings omit the last two.
 */
export function databaseRateLimitStore(db: Database): FastifyRateLimitStoreCtor {
  let increments = 0;

  async function increment(key: string, timeWindowMs: number) {
    const result = (await db.execute(sql`
      insert into rate_limit_counters as c (key, hits, window_ends_at)
      values (${key}, 1, now() + ${timeWindowMs} * interval '1 millisecond')
      on conflict (key) do update set
        hits = case when c.window_ends_at <= now() then 1 else c.hits + 1 end,
        window_ends_at = case when c.window_ends_at <= now()
          then now() + ${timeWindowMs} * interval '1 millisecond' else c.window_ends_at end
      returning hits, greatest(0, ceil(extract(epoch from (window_ends_at - now())) * 1000))::int as ttl
    `)) as unknown as { rows: { hits: number; ttl: number }[] };
    const row = result.rows[0]!;
    increments += 1;
    if (increments % SWEEP_EVERY_INCREMENTS === 0) {
      await db.execute(sql`delete from rate_limit_counters where window_ends_at < now() - interval '1 hour'`);
    }
    return { current: Number(row.hits), ttl: Number(row.ttl) };
  }

  class DatabaseStore {
    constructor(private readonly prefix = '') {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow?: number,
    ) {
      increment(`${this.prefix}${key}`, timeWindow ?? 60_000).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    // A route's own limit counts apart from other routes' (like the library's Redis store); the
    // shared budgets made with app.rateLimit() have no route and are told apart by their key.
    child(routeOptions: { routeInfo?: { method?: string | string[]; url?: string } }) {
      const route = routeOptions.routeInfo;
      const prefix = route?.url ? `${[route.method].flat().join(',')} ${route.url}|` : '';
      return new DatabaseStore(prefix);
    }
  }
  return DatabaseStore as unknown as FastifyRateLimitStoreCtor;
}
