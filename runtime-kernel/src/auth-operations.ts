import type { User as FirebaseUser } from 'firebase/auth';
import type { JwtResponse, Profile, UpsertUser, UpsertUserResult, User } from 'shared-contracts/users';
import { isLanguage, type Language } from 'shared-contracts/locale';
import { ownImageFileName } from 'shared-contracts/image-sizes';
import { ApiError, apiRequest } from './api-client';
import { getAppConfig } from './config';
import { loadLanguage } from './messages';
import { useAuthStore, type SessionUser } from './auth-store';
import { getFirebaseAuth, mayHaveFirebaseSession } from './firebase';
import { writeSessionHint } from './session-cookies';

// Firebase's functions are loaded with it, on demand (firebase.ts).
const firebaseAuth = () => import('firebase/auth');

/** docs/product.md#accounts: the API's access token is kept in local storage under this key. */
export const ACCESS_TOKEN_STORAGE_KEY = 'accessToken';

/**
 * Only a photo this site stores is shown (docs/product.md#photos): a Google account's photo URL
 * would make the page load an image from another host, which the site's CSP refuses anyway.
 */
export function ownPhotoUrl(url: string | null): string | null {
  if (!url || !ownImageFileName(url)) return null;
  return url.startsWith(`${getAppConfig().apiUrl}/images/`) ? url : null;
}

function toSessionUser(user: FirebaseUser): SessionUser {
  return {
    uid: user.uid,
    email: user.email,
    displayName: user.displayName,
    photoURL: ownPhotoUrl(user.photoURL),
    emailVerified: user.emailVerified,
  };
}

/** docs/product.md#accounts: loading goes true when a sign-up or sign-in starts, false when the auth state changes. */
function startAuthAction<T>(action: () => Promise<T>): Promise<T> {
  useAuthStore.getState().setLoading(true);
  return action().catch((error: unknown) => {
    useAuthStore.getState().setLoading(false);
    throw error;
  });
}

/** Firebase, with this page's listener on it: every operation goes through here. */
async function readyAuth() {
  const [auth, fb] = await Promise.all([getFirebaseAuth(), firebaseAuth()]);
  startAuthListener();
  // Firebase writes its e-mails (password reset, address check) and its own pages in this language.
  auth.languageCode = useAuthStore.getState().language;
  return { auth, fb };
}

export function createUser(email: string, password: string) {
  return startAuthAction(async () => {
    const { auth, fb } = await readyAuth();
    return fb.createUserWithEmailAndPassword(auth, email, password);
  });
}

export function login(email: string, password: string) {
  return startAuthAction(async () => {
    const { auth, fb } = await readyAuth();
    return fb.signInWithEmailAndPassword(auth, email, password);
  });
}

export function googleSignIn() {
  return startAuthAction(async () => {
    const { auth, fb } = await readyAuth();
    const provider = new fb.GoogleAuthProvider();
    // Without this Google silently reuses the last account, and a shared computer signs in the wrong person.
    provider.setCustomParameters({ prompt: 'select_account' });
    // The popup resolver (Google's api.js) is loaded now, only for the visitor who asked for it.
    return fb.signInWithPopup(auth, provider, fb.browserPopupRedirectResolver);
  });
}

export async function logOut() {
  forgetAccessToken();
  const { auth, fb } = await readyAuth();
  await fb.signOut(auth);
}

export async function resetPassword(email: string) {
  const { auth, fb } = await readyAuth();
  return fb.sendPasswordResetEmail(auth, email);
}

/** The signed-in Firebase user, once Firebase has restored the session (null when signed out). */
export async function currentFirebaseUser(): Promise<FirebaseUser | null> {
  const { auth } = await readyAuth();
  await auth.authStateReady();
  return auth.currentUser;
}

export async function updateUser(profile: { displayName?: string; photoURL?: string }) {
  const current = await currentFirebaseUser();
  if (!current) throw new Error('No signed-in user to update.');
  const fb = await firebaseAuth();
  await fb.updateProfile(current, profile);
  // updateProfile does not fire onAuthStateChanged, so the header would keep the old name and photo.
  useAuthStore.getState().setUser(toSessionUser(current));
}

/**
 * POST /users: creates the profile, or (Google sign-in, which always sends buyer) finds the existing
 * one; the API keeps an existing user's role, so the answer's role is the truth for the store.
 */
export async function saveUserProfile(profile: UpsertUser): Promise<UpsertUserResult> {
  // A new profile starts in the language the visitor signed up in, so the next sign-in keeps it.
  const body: UpsertUser = { language: useAuthStore.getState().language, ...profile };
  const result = await apiRequest<UpsertUserResult>('/users', { method: 'POST', body, auth: true });
  if (useAuthStore.getState().user?.email?.toLowerCase() === profile.email.toLowerCase()) {
    useAuthStore.getState().setRole(result.role, 'ready', result._id);
  }
  return result;
}

/**
 * docs/product.md#accounts: after sign-in a token is requested for the e-mail and kept locally. The API only issues
 * it for a verified e-mail; an unverified account simply keeps using its Firebase ID token, which
 * every API call already carries, so a refusal here is not an error for the user.
 */
export async function requestAccessToken(email: string): Promise<string | null> {
  // Asking for an unverified e-mail would only earn a 403 (and a red line in the console).
  if (!(await currentFirebaseUser())?.emailVerified) {
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
  // A role from the session hint stays on screen while it is checked: no flash of a loader.
  const hinted = useAuthStore.getState().roleStatus === 'ready';
  if (!hinted) setRole(null, 'loading');
  let role: User['role'] | null = null;
  let profileId: string | undefined;
  let savedLanguage: Language | null = null;
  let status: 'ready' | 'missing' | 'error';
  try {
    const profile = await apiRequest<Profile>(`/users/${encodeURIComponent(user.email)}`, { auth: true });
    role = profile.role;
    profileId = profile._id;
    // Only a choice made with the switch travels; until then each device keeps its own language.
    savedLanguage = profile.languageChosen && isLanguage(profile.language) ? profile.language : null;
    status = 'ready';
  } catch (error) {
    // 404: no profile yet (registration still writing it); anything else: the API is unreachable.
    status = error instanceof ApiError && error.status === 404 ? 'missing' : 'error';
  }
  const now = useAuthStore.getState();
  // A sign-out or another sign-in (or a POST /users answer) may have landed meanwhile; keep the newer truth.
  if (now.user?.uid !== uid || (now.roleStatus !== 'loading' && !hinted)) return;
  setRole(role, status, profileId);
  // The language saved to the profile follows the user across devices (docs/product.md#languages-and-money),
  // unless they have just switched on this page: their save is on its way, and the read may predate it.
  if (savedLanguage && savedLanguage !== now.language && !now.languageSwitched) {
    await loadLanguage(savedLanguage);
    if (useAuthStore.getState().user?.uid === uid) useAuthStore.getState().setLanguage(savedLanguage);
  }
}

let listening = false;
/** The uid whose role this page has asked the API for: a hinted role is checked once per page. */
let roleCheckedFor: string | null = null;

/** The hint cookie follows what Firebase and the API say, so the next page renders it on the server. */
function syncSessionHint() {
  const { user, role, profileId } = useAuthStore.getState();
  writeSessionHint(
    user ? { uid: user.uid, displayName: user.displayName, photoURL: user.photoURL, role, profileId } : null,
  );
}

/** Subscribes the store to Firebase once per page (loading Firebase); later calls are no-ops. */
export function startAuthListener(): void {
  if (listening) return;
  listening = true;
  void Promise.all([getFirebaseAuth(), firebaseAuth()]).then(([auth, fb]) =>
    fb.onAuthStateChanged(auth, (user) => {
      const store = useAuthStore.getState();
      const checked = user !== null && roleCheckedFor === user.uid;
      store.setUser(user ? toSessionUser(user) : null);
      if (!user) store.setRole(null);
      store.setLoading(false);
      store.confirmSession();
      if (user && !checked) {
        roleCheckedFor = user.uid;
        void refreshRole().finally(syncSessionHint);
      }
      syncSessionHint();
    }),
  );
}

/**
 * After the first paint: Firebase is loaded when a session hint says someone is signed in (to
 * confirm or correct it) or this browser holds a Firebase session from before the hint existed.
 * A signed-out visitor does not load it until a form or an authorized call needs it.
 */
export async function startAuthWhenNeeded(): Promise<void> {
  if (useAuthStore.getState().user || (await mayHaveFirebaseSession())) startAuthListener();
}
