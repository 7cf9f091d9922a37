import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

// One QueryClient for the page (SPEC §9: data stays fresh 5 minutes, 3 retries backing off
// min(1000·2^n, 30000) ms). Client errors (4xx) are answers, not faults, so they are not retried.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 5 * 60_000,
      retry: (failureCount, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 3,
      retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
    },
  },
});
