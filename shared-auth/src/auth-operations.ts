import {
  GoogleAuthProvider,
  createUserWithEmailAndPassword,
  onAuthStateChanged,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  updateProfile,
  type User as FirebaseUser,
} from 'firebase/auth';
import type { JwtResponse, UpsertUser, UpsertUserResult, User } from 'shared-contracts/users';
import { ApiError, apiRequest } from './api-client';
import { useAuthStore, type SessionUser } from './auth-store';
import { getFirebaseAuth } from './firebase';

/** SPEC §3: the API's access token is kept in local storage under this key. */
export const ACCESS_TOKEN_STORAGE_KEY = 'accessToken';

function toSessionUser(user: FirebaseUser): SessionUser {
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
  const provider = new GoogleAuthProvider();
  // Without this Google silently reuses the last account, and a shared computer signs in the wrong person.
  provider.setCustomParameters({ prompt: 'select_account' });
  return startAuthAction(() => signInWithPopup(getFirebaseAuth(), provider));
}

export async function logOut() {
  forgetAccessToken();
  await signOut(getFirebaseAuth());
}

export function resetPassword(email: string) {
  return sendPasswordResetEmail(getFirebaseAuth(), email);
}

export async function updateUser(profile: { displayName?: string; photoURL?: string }) {
  const current = getFirebaseAuth().currentUser;
  if (!current) throw new Error('No signed-in user to update.');
  await updateProfile(current, profile);
  // updateProfile does not fire onAuthStateChanged, so the header would keep the old name and photo.
  useAuthStore.getState().setUser(toSessionUser(current));
}

/**
 * POST /users: creates the profile, or (Google sign-in, which always sends buyer) finds the existing
 * one; the API keeps an existing user's role, so the answer's role is the truth for the store.
 */
export async function saveUserProfile(profile: UpsertUser): Promise<UpsertUserResult> {
  const result = await apiRequest<UpsertUserResult>('/users', { method: 'POST', body: profile, auth: true });
  if (useAuthStore.getState().user?.email?.toLowerCase() === profile.email.toLowerCase()) {
    useAuthStore.getState().setRole(result.role, 'ready');
  }
  return result;
}

/**
 * SPEC §4: after sign-in a token is requested for the e-mail and kept locally. The API only issues
 * it for a verified e-mail; an unverified account simply keeps using its Firebase ID token, which
 * every API call already carries, so a refusal here is not an error for the user.
 */
export async function requestAccessToken(email: string): Promise<string | null> {
  // Asking for an unverified e-mail would only earn a 403 (and a red line in the console).
  if (!getFirebaseAuth().currentUser?.emailVerified) {
    forgetAccessToken();
    return null;
  }
  try {
    const { accessToken } = await apiRequest<JwtResponse>(`/jwt?email=${encodeURIComponent(email)}`, {
      auth: true,
    });
    globalThis.localStorage?.setItem(ACCESS_TOKEN_STORAGE_KEY, accessToken);
    return accessToken;
  } catch (error) {
    if (!(error instanceof ApiError)) console.warn('Could not request an access token', error);
    forgetAccessToken();
    return null;
  }
}

function forgetAccessToken() {
  try {
    globalThis.localStorage?.removeItem(ACCESS_TOKEN_STORAGE_KEY);
  } catch {
    /* storage unavailable: nothing was kept */
  }
}

/** Loads the role of the signed-in user from our API (the menu and guards depend on it). */
export async function refreshRole(): Promise<void> {
  const { user, setRole } = useAuthStore.getState();
  if (!user?.email) return setRole(null);
  const uid = user.uid;
  setRole(null, 'loading');
  let role: User['role'] | null = null;
  let status: 'ready' | 'missing' | 'error';
  try {
    const profile = await apiRequest<User>(`/users/${encodeURIComponent(user.email)}`, { auth: true });
    role = profile.role;
    status = 'ready';
  } catch (error) {
    // 404: no profile yet (registration still writing it); anything else: the API is unreachable.
    status = error instanceof ApiError && error.status === 404 ? 'missing' : 'error';
  }
  const now = useAuthStore.getState();
  // A sign-out or another sign-in (or a POST /users answer) may have landed meanwhile; keep the newer truth.
  if (now.user?.uid !== uid || now.roleStatus !== 'loading') return;
  setRole(role, status);
}

let unsubscribe: (() => void) | null = null;

/** Subscribes the store to Firebase once per page; later calls are no-ops. */
export function startAuthListener(): void {
  if (unsubscribe) return;
  unsubscribe = onAuthStateChanged(getFirebaseAuth(), (user) => {
    const store = useAuthStore.getState();
    const sameUser = user !== null && store.user?.uid === user.uid && store.roleStatus === 'ready';
    store.setUser(user ? toSessionUser(user) : null);
    if (!sameUser) store.setRole(null);
    store.setLoading(false);
    if (user && !sameUser) void refreshRole();
  });
}
