import {
  GoogleAuthProvider,
  createUserWithEmailAndPassword,
  onAuthStateChanged,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  updateProfile,
  type User,
} from 'firebase/auth';
import type { User } from 'shared-contracts/users';
import { apiRequest } from './api-client';
import { useAuthStore, type SessionUser } from './auth-store';
import { getFirebaseAuth } from './firebase';

function toSessionUser(user: User): SessionUser {
  return {
    uid: user.uid,
    email: user.email,
    displayName: user.displayName,
    photoURL: user.photoURL,
    emailVerified: user.emailVerified,
  };
}

/** SPEC §4: loading goes true when a sign-up or sign-in starts, false when the auth state changes. */
function startAuthAction<T>(action: () => Promise<T>): Promise<T> {
  useAuthStore.getState().setLoading(true);
  return action().catch((error: unknown) => {
    useAuthStore.getState().setLoading(false);
    throw error;
  });
}

export function createUser(email: string, password: string) {
  return startAuthAction(() => createUserWithEmailAndPassword(getFirebaseAuth(), email, password));
}

export function login(email: string, password: string) {
  return startAuthAction(() => signInWithEmailAndPassword(getFirebaseAuth(), email, password));
}

export function googleSignIn() {
  return startAuthAction(() => signInWithPopup(getFirebaseAuth(), new GoogleAuthProvider()));
}

export function logOut() {
  return signOut(getFirebaseAuth());
}

export function resetPassword(email: string) {
  return sendPasswordResetEmail(getFirebaseAuth(), email);
}

export async function updateUser(profile: { displayName?: string; photoURL?: string }) {
  const current = getFirebaseAuth().currentUser;
  if (!current) throw new Error('No signed-in user to update.');
  await updateProfile(current, profile);
  useAuthStore.getState().setUser(toSessionUser(current));
}

/** Loads the role of the signed-in user from our API (the menu and guards depend on it). */
export async function refreshRole(): Promise<void> {
  const { user, setRole } = useAuthStore.getState();
  if (!user?.email) return setRole(null);
  try {
    const profile = await apiRequest<User>(`/users/${encodeURIComponent(user.email)}`, { auth: true });
    setRole(profile.role);
  } catch {
    // No profile yet (registration still writing it) or the API is down: no role-specific menu.
    setRole(null);
  }
}

let unsubscribe: (() => void) | null = null;

/** Subscribes the store to Firebase once per page; later calls are no-ops. */
export function startAuthListener(): void {
  if (unsubscribe) return;
  unsubscribe = onAuthStateChanged(getFirebaseAuth(), (user) => {
    const store = useAuthStore.getState();
    store.setUser(user ? toSessionUser(user) : null);
    store.setRole(null);
    store.setLoading(false);
    if (user) void refreshRole();
  });
}
