import { useAuthStore } from 'runtime-kernel';
import { translate } from '@/shared/i18n';

/**
 * The sentence a toast or an alert shows for a failed call, in the page's language: the API says
 * its refusals in it already (the API client sends the language, api/src/lib/error-messages.ts);
 * a call that never reached the API carries only the browser's English ("Failed to fetch").
 */
export function errorMessage(error: unknown): string {
  const t = translate(useAuthStore.getState().language);
  if (error instanceof TypeError) return t('common.noConnection');
  if (error instanceof Error && error.message) return error.message;
  return t('common.somethingWrong');
}
