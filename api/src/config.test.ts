import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

// Production refuses what development relies on unless each is asked for by name
// (docs/decisions/0028-secure-by-default.md).
const productionSecrets = {
  NODE_ENV: 'production',
  PAYMENT_SIGNING_SECRET: 'a-long-random-payment-secret',
  API_TOKEN_SECRET: 'a-long-random-token-secret',
} as const;

describe('development defaults', () => {
  it('uses the local Auth Emulator and seeds the demo accounts when nothing is set', () => {
    const config = loadConfig({});
    expect(config.env).toBe('development');
    expect(config.firebaseAuthEmulatorHost).toBe('127.0.0.1:9099');
    expect(config.seedDemoAccounts).toBe(true);
  });

  it('an empty FIREBASE_AUTH_EMULATOR_HOST means real Firebase, and then no demo accounts', () => {
    const config = loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: '' });
    expect(config.firebaseAuthEmulatorHost).toBeUndefined();
    expect(config.seedDemoAccounts).toBe(false);
    expect(loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: '', SEED_DEMO_ACCOUNTS: '1' }).seedDemoAccounts).toBe(
      true,
    );
    expect(loadConfig({ SEED_DEMO_ACCOUNTS: '0' }).seedDemoAccounts).toBe(false);
  });
});

describe('production start-up', () => {
  it('starts with real secrets, no emulator and no demo accounts', () => {
    const config = loadConfig({ ...productionSecrets });
    expect(config.env).toBe('production');
    // No emulator by default: ID tokens are verified against real Firebase.
    expect(config.firebaseAuthEmulatorHost).toBeUndefined();
    expect(config.seedDemoAccounts).toBe(false);
  });

  it.each(['PAYMENT_SIGNING_SECRET', 'API_TOKEN_SECRET'] as const)(
    'refuses the development %s, naming the variable to set',
    (name) => {
      const env: Record<string, string> = { ...productionSecrets };
      delete env[name];
      expect(() => loadConfig(env)).toThrow(
        `${name} is the development value: set ${name} to a long random secret.`,
      );
    },
  );

  it('refuses both development secrets at once, one line each', () => {
    let message = '';
    try {
      loadConfig({ NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: '' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Refusing to start in production \(NODE_ENV=production\):/);
    expect(message).toContain('- PAYMENT_SIGNING_SECRET is the development value');
    expect(message).toContain('- API_TOKEN_SECRET is the development value');
  });

  it('refuses an Auth Emulator host, naming FIREBASE_AUTH_EMULATOR_HOST and ALLOW_AUTH_EMULATOR_IN_PRODUCTION', () => {
    expect(() => loadConfig({ ...productionSecrets, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toThrow(
      /FIREBASE_AUTH_EMULATOR_HOST is set \(127\.0\.0\.1:9099\): the Auth Emulator accepts unsigned ID tokens.*Unset it.*ALLOW_AUTH_EMULATOR_IN_PRODUCTION=1/,
    );
    // Anything but 1 is not an explicit allowance.
    expect(() =>
      loadConfig({
        ...productionSecrets,
        FIREBASE_AUTH_EMULATOR_HOST: 'emulator:9099',
        ALLOW_AUTH_EMULATOR_IN_PRODUCTION: 'true',
      }),
    ).toThrow(/ALLOW_AUTH_EMULATOR_IN_PRODUCTION=1/);
  });

  it('runs against an emulator when ALLOW_AUTH_EMULATOR_IN_PRODUCTION=1 asks for it, still without demo accounts', () => {
    const config = loadConfig({
      ...productionSecrets,
      FIREBASE_AUTH_EMULATOR_HOST: 'emulator:9099',
      ALLOW_AUTH_EMULATOR_IN_PRODUCTION: '1',
    });
    expect(config.firebaseAuthEmulatorHost).toBe('emulator:9099');
    expect(config.seedDemoAccounts).toBe(false);
  });

  it('seeds the demo accounts only when SEED_DEMO_ACCOUNTS=1 asks for them', () => {
    expect(loadConfig({ ...productionSecrets, SEED_DEMO_ACCOUNTS: '1' }).seedDemoAccounts).toBe(true);
    expect(loadConfig({ ...productionSecrets, SEED_DEMO_ACCOUNTS: 'yes' }).seedDemoAccounts).toBe(false);
  });
});
