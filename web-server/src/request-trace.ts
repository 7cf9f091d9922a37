// Each request to the host's or a remote's server belongs to a trace (W3C traceparent): the one the
// caller sent, or a fresh one. Its id is the request id every log line carries (`traceId`), and the
// host hands it on to the renderer's API calls and to the browser
// (docs/decisions/0053-trace-context.md).
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { continueOrStartTrace, formatTraceparent, type TraceContext } from './trace-context.js';

export interface RequestTrace {
  /** This server's span of the trace. */
  trace: TraceContext;
  /** The caller's span, when a valid traceparent arrived. */
  parentSpanId?: string;
}

/** Requests slower than this are logged at warn (as the API does, docs/decisions/0022-request-logging.md). */
const SLOW_REQUEST_MS = 1000;

// Fastify asks for the request id with the raw request only, before any hook.
const traces = new WeakMap<IncomingMessage, RequestTrace>();
// Pages the host renders or serves as the shell: the requests a visitor's journey starts with.
const pages = new WeakSet<FastifyRequest>();

/** Fastify's `genReqId`: the trace id, so `request.log` writes it on every line. */
export function traceRequestId(raw: IncomingMessage): string {
  const found = continueOrStartTrace(raw.headers.traceparent);
  traces.set(raw, found);
  return found.trace.traceId;
}

export function requestTrace(request: FastifyRequest): RequestTrace {
  const found = traces.get(request.raw);
  if (found) return found;
  // A request Fastify built without genReqId (cannot happen with createBaseServer): trace it now.
  const started = continueOrStartTrace(request.headers.traceparent);
  traces.set(request.raw, started);
  return started;
}

/** Marks a page request: it is logged at info, the level an operator following a visit turns on. */
export function markPage(request: FastifyRequest) {
  pages.add(request);
}

/**
 * One line per request, by what it needs (docs/decisions/0022-request-logging.md): 5xx at error,
 * slow at warn, pages and requests that arrived with a traceparent at info (the servers' default
 * level is warn, so a quiet server stays quiet), the rest (files) at debug. Every answer names its
 * trace in `traceresponse`.
 */
export function registerRequestTrace(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('traceresponse', formatTraceparent(requestTrace(request).trace));
  });
  app.addHook('onResponse', async (request, reply) => {
    const { trace, parentSpanId } = requestTrace(request);
    const status = reply.statusCode;
    const ms = Math.round(reply.elapsedTime);
    const level =
      status >= 500
        ? 'error'
        : ms >= SLOW_REQUEST_MS
          ? 'warn'
          : pages.has(request) || parentSpanId
            ? 'info'
            : 'debug';
    request.log[level](
      { method: request.method, url: request.url, status, ms, spanId: trace.spanId, parentSpanId },
      'request',
    );
  });
}
