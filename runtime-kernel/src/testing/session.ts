// Test-only entry (never imported by application code, so never a second copy of the kernel in a
// bundle): the one place tests set the session. The kernel's own tests use it directly; web-kit's
// provider render (web-kit/testing/render) re-exports it, as the kernel cannot import web-kit.
import { fakeFirebaseAuth, signInFake } from 'web-testing/fake-firebase';
import { TEST_API } from 'web-testing/fake-api';
import { configureApp } from '../config';
import type { Language } from 'shared-contracts/locale';
import type { Profile } from 'shared-contracts/users';
import { useAuthStore, type SessionUser } from '../auth-store';

export { TEST_API };

configureApp({
  apiUrl: TEST_API,
  firebase: { apiKey: 'test', authDomain: 'test.local', projectId: 'demo-test' },
  emailjs: { publicKey: 'k', serviceId: 's', templateId: 't' },
});

export const testBuyer: SessionUser = {
  uid: 'u1',
  email: 'buyer@secondbyte.test',
  displayName: 'Bea Buyer',
  photoURL: null,
  emailVerified: true,
};

/** testBuyer's profile as GET or PATCH /users/:email answers it, in a given language. */
export const testBuyerProfile = (language: Language, languageChosen = true): Profile => ({
  _id: 'p1',
  name: 'Bea Buyer',
  email: 'buyer@secondbyte.test',
  url: null,
  role: 'buyer',
  language,
  languageChosen,
});

/** Puts the auth store (and the fake Firebase session behind the API client) in a known state. */
export function setSession(user: SessionUser | null, loading = false) {
  if (user) signInFake();
  else fakeFirebaseAuth.currentUser = null;
  useAuthStore.setState({
    user,
    loading,
    role: user ? 'buyer' : null,
    profileId: null,
    sessionConfirmed: true,
  });
}
