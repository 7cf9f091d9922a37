import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { Database } from '../db/index';
import { databaseRateLimitStore } from '../lib/rate-limits';

/**
 * Opt-in per route (config.rateLimit), see lib/rate-limits.ts; counted in the database, so every
 * API process draws from one budget (docs/decisions/0025-shared-state-across-replicas.md).
 */
export const rateLimits = fp<{ db: Database }>(async (app, { db }) => {
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(db) });
});
