import type { Auth } from 'firebase/auth';
import { getAppConfig } from './config';

// THE Firebase app of the page: every remote reaches it through this module, which Module
// Federation shares as a singleton, so there is one auth session however many remotes load.
// Firebase is loaded on demand (after the first paint, or when a sign-in form or an authorized
// call needs it): the first paint does not wait for it, and a signed-out visitor may never load it.
let auth: Promise<Auth> | undefined;

export function getFirebaseAuth(): Promise<Auth> {
  auth ??= initFirebaseAuth();
  return auth;
}

async function initFirebaseAuth(): Promise<Auth> {
  const config = getAppConfig();
  const [{ initializeApp, getApps }, authModule] = await Promise.all([
    import('firebase/app'),
    import('firebase/auth'),
  ]);
  const app = getApps()[0] ?? initializeApp(config.firebase);
  // Without a popup resolver here, Firebase does not load Google's api.js on every page; Google
  // sign-in passes one when the button is clicked (auth-operations.ts).
  const instance = authModule.initializeAuth(app, {
    persistence: [authModule.indexedDBLocalPersistence, authModule.browserLocalPersistence],
  });
  if (config.authEmulatorUrl) {
    authModule.connectAuthEmulator(instance, config.authEmulatorUrl, { disableWarnings: true });
  }
  return instance;
}

/** Whether this browser may hold a Firebase session (its IndexedDB database exists), without loading Firebase. */
export async function mayHaveFirebaseSession(): Promise<boolean> {
  try {
    const databases = await globalThis.indexedDB?.databases?.();
    return databases?.some((db) => db.name === 'firebaseLocalStorageDb') ?? true;
  } catch {
    return true;
  }
}
