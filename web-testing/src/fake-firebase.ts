// Test-only entry. Firebase is the one third-party boundary replaced in component tests: the
// shared API client runs for real and reads the ID token from this fake signed-in session.
import { vi } from 'vitest';

/** Stands in for Firebase's Auth instance: tests sign a user in by setting currentUser. */
export const fakeFirebaseAuth: {
  currentUser: { getIdToken: () => Promise<string>; email?: string | null } | null;
  authStateReady: () => Promise<void>;
} = {
  currentUser: null,
  authStateReady: async () => {},
};

export function signInFake(token = 'test-id-token') {
  fakeFirebaseAuth.currentUser = { getIdToken: async () => token };
}

vi.mock('firebase/auth', () => ({
  initializeAuth: () => fakeFirebaseAuth,
  indexedDBLocalPersistence: {},
  browserLocalPersistence: {},
  connectAuthEmulator: () => {},
  onAuthStateChanged: () => () => {},
}));
