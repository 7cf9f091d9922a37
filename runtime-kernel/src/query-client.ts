import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { currentRequestScope } from './request-scope';

// docs/product.md#data-freshness: data stays fresh 5 minutes, 3 retries backing off min(1000·2^n, 30000) ms. Client
// errors (4xx) are answers, not faults, so they are not retried. On the server nothing is retried:
// a page renders within a time budget, and the browser retries what the server could not load.
export function createQueryClient({ server = false } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60_000,
        retry: (failureCount, error) =>
          !server &&
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) &&
          failureCount < 3,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
      },
    },
  });
}

let browserClient: QueryClient | undefined;

/** The request's QueryClient on the server; the page's one QueryClient in the browser. */
export function getQueryClient(): QueryClient {
  const scoped = currentRequestScope()?.queryClient;
  if (scoped) return scoped;
  browserClient ??= createQueryClient();
  return browserClient;
}
