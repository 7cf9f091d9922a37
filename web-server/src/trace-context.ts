// W3C Trace Context's `traceparent` header (version 00): `00-<32 hex trace id>-<16 hex span id>-<2 hex
// flags>`, one id that follows a buyer's request from the host's server or the browser to the API
// (docs/decisions/0053-trace-context.md). No imports, and only Web Crypto, so the API, the render
// worker's host build and the browser's kernel use this very file.

export interface TraceContext {
  /** 32 lowercase hex digits, not all zero: the whole journey's id, the one logs carry. */
  traceId: string;
  /** 16 lowercase hex digits, not all zero: this hop's own id. */
  spanId: string;
  /** 2 lowercase hex digits; bit 0 is "sampled". Passed on as received. */
  flags: string;
}

const VERSION_00 = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;
// A later version keeps these three fields first and may add more after a dash (the spec's rule
// for a version a parser does not know); ff is forbidden.
const LATER_VERSION = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;
const ALL_ZERO = /^0+$/;

/**
 * The context a `traceparent` header carries, or null when it is missing or invalid: uppercase
 * hex, an all-zero id, version ff, a version-00 header with anything more, or the header sent
 * twice (the spec asks for the same as no header at all).
 */
export function parseTraceparent(header: string | readonly string[] | null | undefined): TraceContext | null {
  if (typeof header !== 'string') return null;
  const value = header.trim();
  const match = VERSION_00.exec(value) ?? laterVersion(value);
  if (!match) return null;
  const [, traceId, spanId, flags] = match as unknown as [string, string, string, string];
  if (ALL_ZERO.test(traceId) || ALL_ZERO.test(spanId)) return null;
  return { traceId, spanId, flags };
}

function laterVersion(value: string): RegExpExecArray | null {
  const match = LATER_VERSION.exec(value);
  if (!match || match[1] === '00' || match[1] === 'ff') return null;
  // Drop the version so the groups line up with VERSION_00's.
  match.splice(1, 1);
  return match;
}

/** The header for `context`, always in version 00 (the only one this code writes). */
/**
 * The Server-Timing entry whose description is a page's traceparent: the host names it on every page
 * it answers, and the page's script continues that trace (as browser monitoring tools do).
 */
export const PAGE_TRACE_TIMING = 'traceparent';

export function formatTraceparent({ traceId, spanId, flags }: TraceContext): string {
  return `00-${traceId}-${spanId}-${flags}`;
}

/** A new trace: nothing arrived, or what arrived was invalid. Sampled, since every hop logs it. */
export function startTrace(): TraceContext {
  return { traceId: randomHexId(16), spanId: randomHexId(8), flags: '01' };
}

/** The next hop of the same trace: the same trace id and flags, a span id of its own. */
export function childSpan(parent: TraceContext): TraceContext {
  return { traceId: parent.traceId, spanId: randomHexId(8), flags: parent.flags };
}

/** The incoming trace continued by a span of this hop, or a fresh trace when none (valid) arrived. */
export function continueOrStartTrace(header: string | readonly string[] | null | undefined): {
  trace: TraceContext;
  /** The caller's span id, when a valid traceparent arrived. */
  parentSpanId?: string;
} {
  const incoming = parseTraceparent(header);
  return incoming ? { trace: childSpan(incoming), parentSpanId: incoming.spanId } : { trace: startTrace() };
}

/** `bytes` random bytes as lowercase hex, never all zero (an all-zero id means "invalid"). */
function randomHexId(bytes: number): string {
  const buffer = new Uint8Array(bytes);
  do globalThis.crypto.getRandomValues(buffer);
  while (buffer.every((byte) => byte === 0));
  return Array.from(buffer, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
