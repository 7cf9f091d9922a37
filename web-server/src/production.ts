// The host's server in production (NODE_ENV=production) refuses to tell browsers to sign in
// against an Auth Emulator (docs/decisions/0028-secure-by-default.md): /app-config.json names the
// emulator whenever FIREBASE_API_KEY is unset (web-server/src/runtime-config.ts), and the API it points
// at would have to accept the emulator's unsigned tokens.

/** The reason to refuse, or null: production needs a real Firebase project unless told otherwise. */
export function developmentSetupProblem(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.NODE_ENV !== 'production') return null;
  if (env.FIREBASE_API_KEY || env.ALLOW_AUTH_EMULATOR_IN_PRODUCTION === '1') return null;
  return (
    'Refusing to start in production (NODE_ENV=production): FIREBASE_API_KEY is not set, so ' +
    '/app-config.json would send browsers to the Firebase Auth Emulator. Set FIREBASE_API_KEY, ' +
    'FIREBASE_AUTH_DOMAIN and FIREBASE_PROJECT_ID to a real Firebase project, or set ' +
    'ALLOW_AUTH_EMULATOR_IN_PRODUCTION=1 for a local trial.'
  );
}

export function refuseDevelopmentSetup(env: NodeJS.ProcessEnv = process.env): void {
  const problem = developmentSetupProblem(env);
  if (problem) throw new Error(problem);
}
