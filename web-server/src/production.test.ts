import { describe, expect, it } from 'vitest';
import { serverOptionsFromEnv } from './common.js';
import { developmentSetupProblem, refuseDevelopmentSetup } from './production.js';

// docs/decisions/0028-secure-by-default.md: in production the host's server does not send
// browsers to an Auth Emulator unless ALLOW_AUTH_EMULATOR_IN_PRODUCTION=1 asks for it.
describe("the host's server in production", () => {
  it('refuses to start without a real Firebase project, naming the variables to set', () => {
    expect(() => refuseDevelopmentSetup({ NODE_ENV: 'production' })).toThrow(
      'Refusing to start in production (NODE_ENV=production): FIREBASE_API_KEY is not set, so /app-config.json would send browsers to the Firebase Auth Emulator. Set FIREBASE_API_KEY, FIREBASE_AUTH_DOMAIN and FIREBASE_PROJECT_ID to a real Firebase project, or set ALLOW_AUTH_EMULATOR_IN_PRODUCTION=1 for a local trial.',
    );
    expect(
      developmentSetupProblem({ NODE_ENV: 'production', ALLOW_AUTH_EMULATOR_IN_PRODUCTION: 'yes' }),
    ).toMatch(/ALLOW_AUTH_EMULATOR_IN_PRODUCTION=1/);
  });

  it('starts with a real Firebase project, or with the emulator when explicitly allowed', () => {
    expect(developmentSetupProblem({ NODE_ENV: 'production', FIREBASE_API_KEY: 'AIza-real-key' })).toBeNull();
    expect(
      developmentSetupProblem({ NODE_ENV: 'production', ALLOW_AUTH_EMULATOR_IN_PRODUCTION: '1' }),
    ).toBeNull();
  });

  it('outside production the emulator is the default (npm start, the tests)', () => {
    expect(developmentSetupProblem({})).toBeNull();
    expect(developmentSetupProblem({ NODE_ENV: 'development' })).toBeNull();
  });
});

describe('serverOptionsFromEnv', () => {
  it('reads WEB_ORIGIN, TRUST_PROXY_HOPS and LOG_LEVEL, and refuses a bad value by name', () => {
    expect(serverOptionsFromEnv({})).toEqual({
      trustProxyHops: 0,
      publicUrl: undefined,
      logger: { level: 'warn' },
    });
    expect(
      serverOptionsFromEnv({
        TRUST_PROXY_HOPS: '1',
        WEB_ORIGIN: 'https://secondbyte.example',
        LOG_LEVEL: 'info',
      }),
    ).toEqual({
      trustProxyHops: 1,
      publicUrl: 'https://secondbyte.example',
      logger: { level: 'info' },
    });
    expect(() => serverOptionsFromEnv({ LOG_LEVEL: 'loud' })).toThrow(
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, not "loud"',
    );
    expect(() => serverOptionsFromEnv({ TRUST_PROXY_HOPS: 'all' })).toThrow(
      /TRUST_PROXY_HOPS must be a whole number/,
    );
  });
});
