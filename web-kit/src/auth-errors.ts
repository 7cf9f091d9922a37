import type { Language } from 'shared-contracts/locale';
import { ApiError, activeAuthStore } from 'runtime-kernel';

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

/** The same sentences in Bangla (docs/product.md#languages-and-money); a code missing here reads in English. */
export const AUTH_ERROR_MESSAGES_BN: Record<string, string> = {
  'auth/wrong-password':
    'পাসওয়ার্ডটি ঠিক নয়। আবার চেষ্টা করুন, অথবা “পাসওয়ার্ড ভুলে গেছেন?” দিয়ে নতুন করে ঠিক করুন।',
  'auth/user-not-found': 'এই ই-মেইল ঠিকানায় কোনো অ্যাকাউন্ট নেই। ঠিকানাটি দেখুন, অথবা নতুন অ্যাকাউন্ট খুলুন।',
  'auth/invalid-credential': 'ই-মেইল ঠিকানা বা পাসওয়ার্ড ঠিক নয়। দুটোই দেখে আবার চেষ্টা করুন।',
  'auth/invalid-login-credentials': 'ই-মেইল ঠিকানা বা পাসওয়ার্ড ঠিক নয়। দুটোই দেখে আবার চেষ্টা করুন।',
  'auth/email-already-in-use':
    'এই ই-মেইল ঠিকানায় আগেই একটি অ্যাকাউন্ট আছে। লগইন করুন, অথবা সেটির পাসওয়ার্ড নতুন করে ঠিক করুন।',
  'auth/invalid-email': 'ই-মেইল ঠিকানাটি ঠিক মনে হচ্ছে না। বানান দেখে নিন।',
  'auth/missing-email': 'আপনার ই-মেইল ঠিকানা দিন।',
  'auth/missing-password': 'আপনার পাসওয়ার্ড দিন।',
  'auth/weak-password': 'আরও শক্ত একটি পাসওয়ার্ড দিন: অন্তত ৬টি অক্ষর।',
  'auth/too-many-requests':
    'অনেকবার চেষ্টা করা হয়েছে। কয়েক মিনিট অপেক্ষা করুন, অথবা এখনই ঢুকতে পাসওয়ার্ড নতুন করে ঠিক করুন।',
  'auth/user-disabled': 'এই অ্যাকাউন্টটি বন্ধ করা হয়েছে। ভুল মনে হলে আমাদের সঙ্গে যোগাযোগ করুন।',
  'auth/requires-recent-login': 'নিরাপত্তার জন্য লগ আউট করে আবার লগইন করুন, তারপর আবার চেষ্টা করুন।',
  'auth/network-request-failed': 'সাইন-ইন সেবার সঙ্গে যোগাযোগ করা যায়নি। ইন্টারনেট সংযোগ দেখে আবার চেষ্টা করুন।',
  'auth/popup-blocked':
    'আপনার ব্রাউজার Google সাইন-ইনের জানালা আটকে দিয়েছে। এই সাইটের জন্য পপ-আপ চালু করে আবার চেষ্টা করুন।',
  'auth/popup-closed-by-user':
    'শেষ করার আগেই Google সাইন-ইনের জানালা বন্ধ হয়ে গেছে। প্রস্তুত হলে আবার চেষ্টা করুন।',
  'auth/cancelled-popup-request': 'আরেকটি সাইন-ইন জানালা আগেই খোলা ছিল। সেটি শেষ বা বন্ধ করে আবার চেষ্টা করুন।',
  'auth/unauthorized-domain': 'এই ঠিকানায় Google সাইন-ইন চালু নেই। ই-মেইল আর পাসওয়ার্ড দিয়ে ঢুকুন।',
  'auth/operation-not-allowed': 'এভাবে সাইন-ইন করা বন্ধ আছে। অন্য উপায়ে চেষ্টা করুন।',
  'auth/account-exists-with-different-credential':
    'এই ই-মেইলে অন্য উপায়ে খোলা একটি অ্যাকাউন্ট আছে। আগে সেই উপায়ে লগইন করুন।',
  'auth/timeout': 'সাইন-ইন সেবা উত্তর দিতে অনেক দেরি করেছে। আবার চেষ্টা করুন।',
  'auth/internal-error': 'সাইন-ইন সেবায় একটি সমস্যা হয়েছে। একটু পরে আবার চেষ্টা করুন।',
};
const GENERIC_AUTH_ERROR_BN = 'কিছু একটা সমস্যা হয়েছে। আবার চেষ্টা করুন।';

function errorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = (error as { code: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** The sentence to show for a failed sign-in, sign-up, reset or profile save, in the page's language. */
export function authErrorMessage(
  error: unknown,
  language: Language = activeAuthStore().getState().language,
): string {
  const generic = language === 'bn' ? GENERIC_AUTH_ERROR_BN : GENERIC_AUTH_ERROR;
  if (error instanceof ApiError) return error.message || generic;
  const sentence = (code: string | undefined) =>
    code ? (language === 'bn' && AUTH_ERROR_MESSAGES_BN[code]) || AUTH_ERROR_MESSAGES[code] : undefined;
  // Some Firebase errors only carry the code inside their message, e.g. "(auth/foo)".
  const inMessage = error instanceof Error ? /\((auth\/[a-z-]+)\)/.exec(error.message)?.[1] : undefined;
  return sentence(errorCode(error)) ?? sentence(inMessage) ?? generic;
}

/** True when the user closed the popup themselves: worth a sentence, never a red alarm toast. */
export function isPopupDismissal(error: unknown): boolean {
  const code = errorCode(error);
  return code === 'auth/popup-closed-by-user' || code === 'auth/cancelled-popup-request';
}
