import { translate, type Translate } from '@/shared/i18n';

// Deliberately loose (something@something.tld): the server and Firebase have the final word, this
// only catches typos before a round trip.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** The inline message for an e-mail field in the given language (English by default), or null when it is fine. */
export function emailFieldError(value: string, t: Translate = translate('en')): string | null {
  if (!value.trim()) return t('auth.emailMissing');
  return isValidEmail(value) ? null : t('auth.emailInvalid');
}
