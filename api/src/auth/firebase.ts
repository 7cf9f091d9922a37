import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';

/**
 * One firebase-admin app per project id. firebase-admin talks to the Auth Emulator when
 * FIREBASE_AUTH_EMULATOR_HOST is in the environment, so the configured value is copied there.
 */
export function firebaseAuth(config: {
  firebaseProjectId: string;
  firebaseAuthEmulatorHost?: string | undefined;
}): Auth {
  if (config.firebaseAuthEmulatorHost)
    process.env.FIREBASE_AUTH_EMULATOR_HOST = config.firebaseAuthEmulatorHost;
  const name = `secondbyte-${config.firebaseProjectId}`;
  const app: App =
    getApps().find((a) => a.name === name) ?? initializeApp({ projectId: config.firebaseProjectId }, name);
  return getAuth(app);
}
