import { ApiError } from './api-client';

/**
 * Firebase's codes (docs/product.md#accounts) as sentences a person can act on. Firebase's own messages
 * ("Firebase: Error (auth/wrong-password).") are for developers, never for the form.
 */
export const AUTH_ERROR_MESSAGES: Record<string, string> = {
  'auth/wrong-password': 'That password is not right. Try again or reset it with "Forgot password?".',
  'auth/user-not-found': 'No account uses that e-mail address. Check it, or register a new account.',
  // Newer Firebase projects (and the emulator with enumeration protection) merge the two above.
  'auth/invalid-credential': 'The e-mail address or password is not right. Check both and try again.',
  'auth/invalid-login-credentials': 'The e-mail address or password is not right. Check both and try again.',
  'auth/email-already-in-use':
    'An account already uses this e-mail address. Log in instead, or reset its password.',
  'auth/invalid-email': 'That e-mail address does not look right. Check it for typos.',
  'auth/missing-email': 'Enter your e-mail address.',
  'auth/missing-password': 'Enter your password.',
  'auth/weak-password': 'Choose a stronger password: at least 6 characters.',
  'auth/too-many-requests': 'Too many attempts. Wait a few minutes, or reset your password to sign in now.',
  'auth/user-disabled': 'This account has been disabled. Contact us if you think this is a mistake.',
  'auth/requires-recent-login': 'For your security, log out and log in again, then retry.',
  'auth/network-request-failed':
    'We could not reach the sign-in service. Check your connection and try again.',
  'auth/popup-blocked':
    'Your browser blocked the Google sign-in window. Allow pop-ups for this site and try again.',
  'auth/popup-closed-by-user':
    'The Google sign-in window was closed before you finished. Try again when ready.',
  'auth/cancelled-popup-request':
    'Another sign-in window was already open. Finish or close it, then try again.',
  'auth/unauthorized-domain':
    'Google sign-in is not enabled for this web address. Use e-mail and password instead.',
  'auth/operation-not-allowed': 'This way of signing in is turned off. Use another one.',
  'auth/account-exists-with-different-credential':
    'An account already uses this e-mail with another sign-in method. Log in with that method first.',
  'auth/timeout': 'The sign-in service took too long to answer. Try again.',
  'auth/internal-error': 'The sign-in service had a problem. Try again in a moment.',
};

export const GENERIC_AUTH_ERROR = 'Something went wrong. Please try again.';

function errorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = (error as { code: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** The sentence to show for a failed sign-in, sign-up, reset or profile save. */
export function authErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message || GENERIC_AUTH_ERROR;
  const code = errorCode(error);
  if (code && AUTH_ERROR_MESSAGES[code]) return AUTH_ERROR_MESSAGES[code];
  // Some Firebase errors only carry the code inside their message, e.g. "(auth/foo)".
  const inMessage = error instanceof Error ? /\((auth\/[a-z-]+)\)/.exec(error.message)?.[1] : undefined;
  if (inMessage && AUTH_ERROR_MESSAGES[inMessage]) return AUTH_ERROR_MESSAGES[inMessage];
  return GENERIC_AUTH_ERROR;
}

/** True when the user closed the popup themselves: worth a sentence, never a red alarm toast. */
export function isPopupDismissal(error: unknown): boolean {
  const code = errorCode(error);
  return code === 'auth/popup-closed-by-user' || code === 'auth/cancelled-popup-request';
}
