import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readEventStream, useLiveEvent, type LiveEventName } from './live-events';
import { setSession, testBuyer, TEST_API } from './test/session';

const encoder = new TextEncoder();
const streamOf = (...chunks: string[]) =>
  new ReadableStream<Uint8Array>({
    start(c) {
      for (const chunk of chunks) c.enqueue(encoder.encode(chunk));
      c.close();
    },
  });

afterEach(() => {
  vi.unstubAllGlobals();
  setSession(null);
});

describe('readEventStream', () => {
  it('reads event names across chunk boundaries and skips comments and the retry line', async () => {
    const seen: string[] = [];
    await readEventStream(
      streamOf(
        'retry: 2000\n: connected\n\nevent: reset\ndata: {}\n\n: ping\n\nevent: mes',
        'sage\r\ndata: {}\r\n\r\n',
      ),
      (t) => seen.push(t),
    );
    expect(seen).toEqual(['reset', 'message']);
  });
});

describe('useLiveEvent', () => {
  it('opens one stream with the bearer token, and reconnects (asking for a refetch) when it ends', async () => {
    setSession(testBuyer);
    const requests: { url: string; auth: string | null }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        requests.push({ url: String(input), auth: new Headers(init?.headers).get('authorization') });
        // The first stream says a message came, then ends (a server restart); the next stays open.
        return new Response(
          requests.length === 1
            ? streamOf('event: reset\ndata: {}\n\nevent: message\ndata: {}\n\n')
            : new ReadableStream({
                start(c) {
                  c.enqueue(encoder.encode('event: reset\ndata: {}\n\n'));
                },
              }),
          { headers: { 'Content-Type': 'text/event-stream' } },
        );
      }),
    );
    const heard: LiveEventName[] = [];
    const other: LiveEventName[] = [];
    const first = renderHook(() => useLiveEvent('message', (t) => heard.push(t)));
    const second = renderHook(() => useLiveEvent('notification', (t) => other.push(t)));
    await waitFor(() => expect(heard).toEqual(['reset', 'message', 'reset']), { timeout: 5000 });
    expect(other).toEqual(['reset', 'reset']);
    // Two listeners, one connection at a time.
    expect(requests).toHaveLength(2);
    expect(requests[0]).toEqual({ url: `${TEST_API}/events`, auth: 'Bearer test-id-token' });
    first.unmount();
    second.unmount();
  });
});
