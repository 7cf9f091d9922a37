import { ApiError } from 'shared-auth';

/**
 * Turns a failed API call into a sentence for the buyer. `byCode` holds the messages for the
 * refusals the caller expects (e.g. already_booked); anything else falls back to the status.
 */
export function describeApiError(error: unknown, byCode: Record<string, string> = {}): string {
  if (error instanceof ApiError) {
    const known = byCode[error.code];
    if (known) return known;
    if (error.status === 401) return 'Your session has expired. Log in again and retry.';
    if (error.status === 403) return error.message || 'You are not allowed to do this.';
    if (error.status >= 500)
      return 'SecondByte could not complete this right now. Please try again in a moment.';
    return error.message;
  }
  // fetch rejects with a TypeError when the server cannot be reached at all.
  return 'Could not reach SecondByte. Check your connection and try again.';
}
