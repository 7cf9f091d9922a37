import type { RateLimitOptions } from '@fastify/rate-limit';
import type { Config } from '../config';
import { HttpError } from './errors';

/**
 * Writes that need no account (newsletter, contact form) are the ones a script can flood, so
 * each client address gets a budget per minute. Signed-in writes are tied to an account instead.
 * Counts live in each API process: with N replicas a client can get N budgets, which still
 * bounds a flood (a shared store would be the next step).
 */
export function publicWriteRateLimit(config: Config): RateLimitOptions {
  return {
    max: config.publicWriteLimitPerMinute,
    timeWindow: 60_000,
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new HttpError(
        429,
        'too_many_requests',
        `Too many requests. Please try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
      );
    },
  };
}
