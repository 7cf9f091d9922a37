import { describe, expect, it } from 'vitest';
import { readEventStream } from './live-events';

const streamOf = (...chunks: string[]) =>
  new ReadableStream<Uint8Array>({
    start(c) {
      for (const chunk of chunks) c.enqueue(new TextEncoder().encode(chunk));
      c.close();
    },
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
