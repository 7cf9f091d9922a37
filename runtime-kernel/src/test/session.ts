// The kernel's own tests set the session here: web-kit's provider render (web-kit/testing/render)
// is built on this package, so importing it from here would make the workspace a cycle.
import { fakeFirebaseAuth, signInFake } from 'web-testing/fake-firebase';
import { TEST_API } from 'web-testing/fake-api';
import { configureApp } from '../config';
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

/** Puts the auth store (and the fake Firebase session behind the API client) in a known state. */
export function setSession(user: SessionUser | null, loading = false) {
  if (user) signInFake();
  else fakeFirebaseAuth.currentUser = null;
  useAuthStore.setState({ user, loading, role: user ? 'buyer' : null, sessionConfirmed: true });
}
