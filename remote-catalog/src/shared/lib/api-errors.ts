import { ApiError } from 'runtime-kernel';

/**
 * An id the API rejects (400: malformed) or does not know (404) is the visitor's dead link, not
 * a fault: pages show a not-found state for it instead of an error with a retry.
 */
export const isMissingResource = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);
