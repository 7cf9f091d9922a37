import { describe, expect, it } from 'vitest';
import { ApiError } from 'runtime-kernel';
import {
  AUTH_ERROR_MESSAGES,
  AUTH_ERROR_MESSAGES_BN,
  GENERIC_AUTH_ERROR,
  authErrorMessage,
  isPopupDismissal,
} from './auth-errors';

// Every code docs/product.md#accounts names, plus invalid-credential (what current Firebase answers for both).
const SPEC_CODES = [
  'wrong-password',
  'user-not-found',
  'email-already-in-use',
  'invalid-email',
  'too-many-requests',
  'user-disabled',
  'requires-recent-login',
  'network-request-failed',
  'popup-blocked',
  'popup-closed-by-user',
  'cancelled-popup-request',
  'unauthorized-domain',
  'invalid-credential',
];

const firebaseError = (code: string) =>
  Object.assign(new Error(`Firebase: Error (auth/${code}).`), { code: `auth/${code}` });

describe('authErrorMessage', () => {
  it.each(SPEC_CODES)('turns auth/%s into its own human sentence', (code) => {
    const message = authErrorMessage(firebaseError(code));
    expect(message).toBe(AUTH_ERROR_MESSAGES[`auth/${code}`]);
    expect(message).not.toMatch(/firebase|auth\//i);
    expect(message).toMatch(/^[A-Z].*\.$/);
  });

  it('gives every Firebase code we name a different sentence except the merged credential codes', () => {
    const sentences = SPEC_CODES.filter((c) => c !== 'invalid-credential').map((c) =>
      authErrorMessage(firebaseError(c)),
    );
    expect(new Set(sentences).size).toBe(sentences.length);
  });

  it('finds the code inside the message when the error carries no code field', () => {
    expect(authErrorMessage(new Error('Firebase: Error (auth/user-disabled).'))).toBe(
      AUTH_ERROR_MESSAGES['auth/user-disabled'],
    );
  });

  it("shows the API's own sentence for an API refusal", () => {
    expect(
      authErrorMessage(new ApiError(403, 'forbidden', 'The e-mail must be the one you are signed in with')),
    ).toBe('The e-mail must be the one you are signed in with');
  });

  it('falls back to a generic sentence for anything unknown, never a raw message', () => {
    expect(authErrorMessage(firebaseError('brand-new-code'))).toBe(GENERIC_AUTH_ERROR);
    expect(authErrorMessage('boom')).toBe(GENERIC_AUTH_ERROR);
    expect(authErrorMessage(null)).toBe(GENERIC_AUTH_ERROR);
  });

  it('recognises a popup the user closed', () => {
    expect(isPopupDismissal(firebaseError('popup-closed-by-user'))).toBe(true);
    expect(isPopupDismissal(firebaseError('cancelled-popup-request'))).toBe(true);
    expect(isPopupDismissal(firebaseError('popup-blocked'))).toBe(false);
  });
});

describe('auth errors in Bangla', () => {
  it('says every known code in Bangla when the page is, and the generic sentence otherwise', () => {
    expect(authErrorMessage({ code: 'auth/wrong-password' }, 'bn')).toMatch(/^পাসওয়ার্ডটি ঠিক নয়/);
    expect(authErrorMessage({ code: 'auth/unknown-thing' }, 'bn')).toBe(
      'কিছু একটা সমস্যা হয়েছে। আবার চেষ্টা করুন।',
    );
    expect(Object.keys(AUTH_ERROR_MESSAGES_BN).sort()).toEqual(Object.keys(AUTH_ERROR_MESSAGES).sort());
    expect(authErrorMessage({ code: 'auth/wrong-password' }, 'en')).toBe(
      AUTH_ERROR_MESSAGES['auth/wrong-password'],
    );
  });
});
