import { ApiError } from 'runtime-kernel';
import type { Translate } from '@/shared/i18n';

/**
 * Turns a failed API call into a sentence for the buyer. `byCode` holds the messages for the
 * refusals the caller expects (e.g. already_booked); anything else falls back to the status.
 */
export function describeApiError(error: unknown, t: Translate, byCode: Record<string, string> = {}): string {
  if (error instanceof ApiError) {
    const known = byCode[error.code];
    if (known) return known;
    if (error.status === 401) return t('errors.sessionExpired');
    if (error.status === 403) return error.message || t('errors.notAllowed');
    if (error.status >= 500) return t('errors.serverTrouble');
    return error.message;
  }
  // fetch rejects with a TypeError when the server cannot be reached at all.
  return t('errors.unreachable');
}
