import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { continueOrStartTrace, formatTraceparent, type TraceContext } from 'web-server/trace-context';

interface RequestTrace {
  trace: TraceContext;
  /** The caller's span (the host's server or the browser), when a valid traceparent arrived. */
  parentSpanId?: string;
}

// Fastify asks for the request id before any hook runs, with the raw request only: the trace is
// kept here until the request is done.
const traces = new WeakMap<IncomingMessage, RequestTrace>();

/**
 * Fastify's `genReqId`: the incoming `traceparent`'s trace id, or a fresh trace's when none or an
 * invalid one arrived. With `requestIdLogLabel: 'traceId'` every line `request.log` writes — the
 * request line, refusals, errors — carries it (docs/decisions/0053-trace-context.md).
 */
export function traceRequestId(raw: IncomingMessage): string {
  const requestTrace = continueOrStartTrace(raw.headers.traceparent);
  traces.set(raw, requestTrace);
  return requestTrace.trace.traceId;
}

export function requestTrace(request: FastifyRequest): RequestTrace | undefined {
  return traces.get(request.raw);
}

/**
 * Every answer names its trace in `traceresponse` (the same form as traceparent, with the API's
 * span), so a client or a support ticket can quote the id the logs carry.
 */
export const traceContext = fp(async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    const found = requestTrace(request);
    if (found) reply.header('traceresponse', formatTraceparent(found.trace));
  });
});
