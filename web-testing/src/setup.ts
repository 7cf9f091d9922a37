// Vitest setup file of every web package (`web-testing/setup` in its vitest.config.ts): the fake
// API listens for the whole file, and each test starts from the default answers with an empty log.
import { afterAll, afterEach, beforeAll } from 'vitest';
import { apiRequests, server, unhandledRequests } from './fake-api';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

afterEach(async () => {
  // Unmount first. Vitest runs after-hooks in reverse (this file's before dom-environment's
  // cleanup), so a page left mounted could send a request (a refetch after the test's last Back)
  // once the handlers were reset, and the next test was blamed for it; and when this hook threw,
  // the page stayed on screen for the next one (and for a retry of this one).
  if (typeof document !== 'undefined') (await import('@testing-library/react')).cleanup();
  server.resetHandlers();
  apiRequests.length = 0;
  const unhandled = unhandledRequests.splice(0);
  // MSW's 'error' makes the request itself fail, which a page may show as a handled error; the
  // test fails here too, so a request nobody expected is never silently accepted.
  if (unhandled.length) throw new Error(`Requests the fake API does not answer:\n${unhandled.join('\n')}`);
});

afterAll(() => server.close());
