import { describe, expect, it } from 'vitest';
import {
  childSpan,
  continueOrStartTrace,
  formatTraceparent,
  parseTraceparent,
  startTrace,
} from './trace-context.js';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const SPAN_ID = '00f067aa0ba902b7';
const VALID = `00-${TRACE_ID}-${SPAN_ID}-01`;

describe('parseTraceparent', () => {
  it('reads the spec’s example', () => {
    expect(parseTraceparent(VALID)).toEqual({ traceId: TRACE_ID, spanId: SPAN_ID, flags: '01' });
    expect(parseTraceparent(`  ${VALID} `)).toEqual({ traceId: TRACE_ID, spanId: SPAN_ID, flags: '01' });
  });

  it('reads the first three fields of a later version, and nothing of version ff', () => {
    expect(parseTraceparent(`01-${TRACE_ID}-${SPAN_ID}-00`)).toEqual({
      traceId: TRACE_ID,
      spanId: SPAN_ID,
      flags: '00',
    });
    expect(parseTraceparent(`02-${TRACE_ID}-${SPAN_ID}-01-what-comes-next`)?.traceId).toBe(TRACE_ID);
    expect(parseTraceparent(`02-${TRACE_ID}-${SPAN_ID}-01x`)).toBeNull();
    expect(parseTraceparent(`ff-${TRACE_ID}-${SPAN_ID}-01`)).toBeNull();
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['uppercase hex', VALID.toUpperCase()],
    ['an all-zero trace id', `00-${'0'.repeat(32)}-${SPAN_ID}-01`],
    ['an all-zero span id', `00-${TRACE_ID}-${'0'.repeat(16)}-01`],
    ['a short trace id', `00-${TRACE_ID.slice(1)}-${SPAN_ID}-01`],
    ['a long span id', `00-${TRACE_ID}-${SPAN_ID}0-01`],
    ['version 00 with more fields', `${VALID}-extra`],
    ['a non-hex digit', `00-${TRACE_ID.slice(0, 31)}g-${SPAN_ID}-01`],
    ['a one-digit version', `0-${TRACE_ID}-${SPAN_ID}-01`],
    ['another separator', VALID.replaceAll('-', '_')],
    ['a request id of another kind', 'req-1'],
  ])('refuses %s', (_what, header) => {
    expect(parseTraceparent(header)).toBeNull();
  });

  it('refuses the header sent twice', () => {
    expect(parseTraceparent([VALID, VALID])).toBeNull();
  });
});

describe('new traces and spans', () => {
  it('starts a valid, sampled trace with fresh ids each time', () => {
    const first = startTrace();
    const second = startTrace();
    expect(parseTraceparent(formatTraceparent(first))).toEqual(first);
    expect(first.flags).toBe('01');
    expect(second.traceId).not.toBe(first.traceId);
    expect(second.spanId).not.toBe(first.spanId);
  });

  it('keeps the trace id and flags in a child span, with a span id of its own', () => {
    const parent = { traceId: TRACE_ID, spanId: SPAN_ID, flags: '00' };
    const child = childSpan(parent);
    expect(child).toMatchObject({ traceId: TRACE_ID, flags: '00' });
    expect(child.spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(child.spanId).not.toBe(SPAN_ID);
    expect(formatTraceparent(child)).toBe(`00-${TRACE_ID}-${child.spanId}-00`);
  });

  it('continues a valid incoming trace and starts a fresh one for an invalid one', () => {
    const continued = continueOrStartTrace(VALID);
    expect(continued.trace.traceId).toBe(TRACE_ID);
    expect(continued.parentSpanId).toBe(SPAN_ID);
    const fresh = continueOrStartTrace(`00-${'0'.repeat(32)}-${SPAN_ID}-01`);
    expect(fresh.trace.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(fresh.trace.traceId).not.toBe('0'.repeat(32));
    expect(fresh.parentSpanId).toBeUndefined();
  });
});
