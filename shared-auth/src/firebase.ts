import { initializeApp, getApps, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, type Auth } from 'firebase/auth';
import { getAppConfig } from './config';

// THE Firebase app of the page: every remote reaches it through this module, which Module
// Federation shares as a singleton, so there is one auth session however many remotes load.
let auth: Auth | null = null;

export function getFirebaseAuth(): Auth {
  if (auth) return auth;
  const config = getAppConfig();
  const app: FirebaseApp = getApps()[0] ?? initializeApp(config.firebase);
  auth = getAuth(app);
  if (config.authEmulatorUrl) connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
  return auth;
}
