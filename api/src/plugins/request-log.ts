import fp from 'fastify-plugin';
import { requestTrace } from './trace-context';

/** Requests slower than this are logged at warn, whatever their status. */
const SLOW_REQUEST_MS = 1000;

/**
 * One line per request, at a level by what it needs: errors at error, slow ones at warn, refusals
 * at info, the rest at debug — Fastify's own two lines a request cost a third of a bare route's
 * throughput (docs/decisions/0022-request-logging.md).
 */
export const requestLog = fp(async (app) => {
  app.addHook('onResponse', async (request, reply) => {
    const status = reply.statusCode;
    const ms = Math.round(reply.elapsedTime);
    const level = status >= 500 ? 'error' : ms >= SLOW_REQUEST_MS ? 'warn' : status >= 400 ? 'info' : 'debug';
    // The trace id is in every line's bindings (traceId); the spans say which call of the trace this was.
    const trace = requestTrace(request);
    request.log[level](
      {
        method: request.method,
        url: request.url,
        status,
        ms,
        spanId: trace?.trace.spanId,
        parentSpanId: trace?.parentSpanId,
      },
      'request',
    );
  });
});
