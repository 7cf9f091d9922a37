import fp from 'fastify-plugin';
import cors from '@fastify/cors';
import type { Config } from '../config';

function isLocalOrigin(origin: string): boolean {
  return /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(origin);
}

/**
 * Which web pages may call the API from a browser: the site (WEB_ORIGIN), the origins CORS_ORIGINS
 * lists, and outside production any local port (the remotes' own dev servers). Calls without an
 * Origin (curl, servers) are not a browser's and pass; the API authorizes every call anyway.
 */
export const crossOrigin = fp<{ config: Config }>(async (app, { config }) => {
  await app.register(cors, {
    origin: (origin, cb) => {
      if (!origin) return cb(null, true);
      const allowed =
        origin === config.webOrigin ||
        config.corsOrigins.includes(origin) ||
        (config.env !== 'production' && isLocalOrigin(origin));
      cb(null, allowed);
    },
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    // Request headers are allowed as the preflight asks (traceparent, Idempotency-Key); a page may
    // read the trace id of an answer to report it (docs/decisions/0053-trace-context.md) and tell a
    // replayed write from a fresh one (docs/decisions/0052-idempotent-writes.md).
    exposedHeaders: ['X-Total-Count', 'traceresponse', 'Idempotent-Replayed'],
    maxAge: 600,
  });
});
