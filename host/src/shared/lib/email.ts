// Deliberately loose (something@something.tld): the server and Firebase have the final word, this
// only catches typos before a round trip.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** The inline message for an e-mail field, or null when it is fine. */
export function emailFieldError(value: string): string | null {
  if (!value.trim()) return 'Enter your e-mail address';
  return isValidEmail(value) ? null : 'Enter a valid e-mail address, like name@example.com';
}
