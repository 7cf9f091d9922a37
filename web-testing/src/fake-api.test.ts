import { describe, expect, it } from 'vitest';
import { answer, eventStream, TEST_API } from './fake-api';

const decoder = new TextDecoder();

describe('eventStream', () => {
  it('answers text/event-stream with the chunks in order, then ends', async () => {
    answer({ 'GET /events': eventStream(['event: reset\ndata: {}\n\nevent: mes', 'sage\ndata: {}\n\n']) });
    const response = await fetch(`${TEST_API}/events`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(await response.text()).toBe('event: reset\ndata: {}\n\nevent: message\ndata: {}\n\n');
  });

  it('stays open with keepOpen until the client hangs up', async () => {
    answer({ 'GET /events': eventStream(['event: reset\ndata: {}\n\n'], { keepOpen: true }) });
    const hangUp = new AbortController();
    const response = await fetch(`${TEST_API}/events`, { signal: hangUp.signal });
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(decoder.decode(first.value)).toBe('event: reset\ndata: {}\n\n');
    const next = await Promise.race([
      reader.read().then(() => 'read'),
      new Promise((resolve) => setTimeout(() => resolve('still open'), 100)),
    ]);
    expect(next).toBe('still open');
    hangUp.abort();
  });
});
