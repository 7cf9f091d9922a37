import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { answer, eventStream, inTurn } from 'web-testing/fake-api';
import { readEventStream, useLiveEvent, type LiveEventName } from './live-events';
import { useAuthStore } from './auth-store';
import { setSession, testBuyer, TEST_API } from './testing/session';

const encoder = new TextEncoder();
const streamOf = (...chunks: string[]) =>
  new ReadableStream<Uint8Array>({
    start(c) {
      for (const chunk of chunks) c.enqueue(encoder.encode(chunk));
      c.close();
    },
  });

afterEach(() => setSession(null));

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
    // The first stream says a message came, then ends (a server restart); the next stays open. A
    // third connection would be a request the fake API does not answer, failing the test.
    const { calls, count } = answer({
      'GET /events': inTurn(
        eventStream(['event: reset\ndata: {}\n\nevent: message\ndata: {}\n\n']),
        eventStream(['event: reset\ndata: {}\n\n'], { keepOpen: true }),
      ),
    });
    const heard: LiveEventName[] = [];
    const other: LiveEventName[] = [];
    const first = renderHook(() => useLiveEvent('message', (t) => heard.push(t)));
    const second = renderHook(() => useLiveEvent('notification', (t) => other.push(t)));
    await waitFor(() => expect(heard).toEqual(['reset', 'message', 'reset']), { timeout: 5000 });
    expect(other).toEqual(['reset', 'reset']);
    // Two listeners, one connection at a time.
    expect(count('GET', '/events')).toBe(2);
    expect(calls[0]?.url).toBe(`${TEST_API}/events`);
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer test-id-token');
    first.unmount();
    second.unmount();
  });

  it('waits for Firebase to confirm a user who comes only from the signed-in hint', async () => {
    setSession(testBuyer);
    useAuthStore.setState({ sessionConfirmed: false });
    const { count } = answer({
      'GET /events': eventStream(['event: reset\ndata: {}\n\n'], { keepOpen: true }),
    });
    const heard: LiveEventName[] = [];
    const listener = renderHook(() => useLiveEvent('message', (t) => heard.push(t)));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(count('GET', '/events')).toBe(0);

    useAuthStore.getState().confirmSession();
    await waitFor(() => expect(heard).toEqual(['reset']));
    expect(count('GET', '/events')).toBe(1);
    listener.unmount();
  });
});
