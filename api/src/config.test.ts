import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { authEmulatorWarning, loadConfig } from './config';

// Production refuses what development relies on unless each is asked for by name
// (docs/decisions/0028-secure-by-default.md).
const randomSecret = () => randomBytes(32).toString('hex');
const productionSecrets = {
  NODE_ENV: 'production',
  PAYMENT_SIGNING_SECRET: randomSecret(),
  API_TOKEN_SECRET: randomSecret(),
  // The tests have no real gateway; the sandbox refusal has tests of its own below.
  ALLOW_SANDBOX_PAYMENTS: '1',
} as const;

describe('development defaults', () => {
  it('uses the local Auth Emulator and seeds the demo accounts when nothing is set', () => {
    const config = loadConfig({});
    expect(config.env).toBe('development');
    expect(config.firebaseAuthEmulatorHost).toBe('127.0.0.1:9099');
    expect(config.seedDemoAccounts).toBe(true);
  });

  it('listens on loopback only, unless API_HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(loadConfig({ API_HOST: '' }).host).toBe('127.0.0.1');
    expect(loadConfig({ API_HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ API_HOST: '::1' }).host).toBe('::1');
  });

  it('takes test payments through the sandbox gateway, whatever the environment', () => {
    expect(loadConfig({})).toMatchObject({ paymentGateway: 'sandbox', testPayments: true });
    expect(loadConfig({ NODE_ENV: 'test' }).testPayments).toBe(true);
    expect(loadConfig({ PAYMENT_GATEWAY: 'sslcommerz' }).testPayments).toBe(false);
    expect(loadConfig({}).sandboxPageLimitPerMinute).toBe(30);
    expect(loadConfig({ SANDBOX_PAGE_LIMIT_PER_MINUTE: '5' }).sandboxPageLimitPerMinute).toBe(5);
  });

  it('secrets are not judged outside production: the development defaults work there', () => {
    expect(loadConfig({ PAYMENT_SIGNING_SECRET: 'short', API_TOKEN_SECRET: 'x' }).paymentSigningSecret).toBe(
      'short',
    );
  });

  it('links to the site at http://localhost:3000 unless WEB_ORIGIN names its public origin', () => {
    expect(loadConfig({}).webOrigin).toBe('http://localhost:3000');
    expect(loadConfig({ WEB_ORIGIN: 'https://secondbyte.example/' }).webOrigin).toBe(
      'https://secondbyte.example',
    );
    expect(loadConfig({ WEB_ORIGIN: 'https://Shop.Example:8443' }).webOrigin).toBe(
      'https://shop.example:8443',
    );
    for (const bad of [
      'secondbyte.example',
      'ftp://secondbyte.example',
      'https://secondbyte.example/shop',
      '',
    ])
      expect(() => loadConfig({ WEB_ORIGIN: bad }), bad).toThrow(
        /WEB_ORIGIN: must be the site’s public origin/,
      );
  });

  it('says what trusting the Auth Emulator means', () => {
    expect(authEmulatorWarning('127.0.0.1:9099')).toBe(
      'Trusting the Firebase Auth Emulator at 127.0.0.1:9099: ID tokens are not verified (development only)',
    );
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
    // Behind a proxy or in a container: every interface.
    expect(config.host).toBe('0.0.0.0');
    expect(loadConfig({ ...productionSecrets, API_HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
  });

  const refusal = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (error) {
      return (error as Error).message;
    }
    return 'started';
  };
  const advice = (name: string) =>
    `set ${name} to a long random secret (at least 32 characters, e.g. the output of \`openssl rand -hex 32\`).`;

  describe.each(['PAYMENT_SIGNING_SECRET', 'API_TOKEN_SECRET'] as const)('%s', (name) => {
    const withSecret = (value: string | undefined) => {
      const env: Record<string, string> = { ...productionSecrets };
      if (value === undefined) delete env[name];
      else env[name] = value;
      return refusal(env);
    };

    it('refuses the development value, naming the variable and what to set', () => {
      expect(withSecret(undefined)).toContain(`- ${name} is the development value: ${advice(name)}`);
      expect(withSecret(`dev-${randomSecret()}`)).toContain(`- ${name} is the development value`);
    });

    it.each([
      'change-me-to-a-long-random-string',
      'change-me-to-another-long-random-string',
      'dev-payment-signing-secret-change-me',
      'a-long-random-payment-secret',
      'prod-token-secret',
      `${randomSecret()}-CHANGE_ME`,
    ])('refuses %s, published in this repository or marked as a placeholder', (value) => {
      expect(withSecret(value)).toMatch(
        new RegExp(`- ${name} is (an example value published|the development value)`),
      );
    });

    it('refuses fewer than 32 characters, saying how many it got', () => {
      expect(withSecret(randomSecret().slice(0, 31))).toContain(
        `- ${name} is only 31 characters long: ${advice(name)}`,
      );
      expect(withSecret('')).toContain(`- ${name} is only 0 characters long`);
      expect(withSecret(randomSecret().slice(0, 32))).toBe('started');
    });

    it('refuses a long pattern: one repeated character, or fewer than 10 different ones', () => {
      expect(withSecret('a'.repeat(64))).toContain(
        `- ${name} uses only 1 different character, a pattern rather than a random secret: ${advice(name)}`,
      );
      expect(withSecret('ab'.repeat(20))).toContain(`- ${name} uses only 2 different characters`);
      expect(withSecret('123456789'.repeat(4))).toContain(`- ${name} uses only 9 different characters`);
      expect(withSecret('1234567890'.repeat(4))).toBe('started');
    });
  });

  it('refuses every weak secret at once, one line each', () => {
    const message = refusal({
      NODE_ENV: 'production',
      FIREBASE_AUTH_EMULATOR_HOST: '',
      ALLOW_SANDBOX_PAYMENTS: '1',
      API_TOKEN_SECRET: 'x'.repeat(40),
    });
    expect(message).toMatch(/^Refusing to start in production \(NODE_ENV=production\):/);
    expect(message).toContain('- PAYMENT_SIGNING_SECRET is the development value');
    expect(message).toContain('- API_TOKEN_SECRET uses only 1 different character');
  });

  it('refuses the sandbox gateway unless ALLOW_SANDBOX_PAYMENTS=1, naming both variables', () => {
    const { ALLOW_SANDBOX_PAYMENTS: _, ...withoutFlag } = productionSecrets;
    const message = refusal({ ...withoutFlag });
    expect(message).toMatch(
      /^Refusing to start in production \(NODE_ENV=production\):\n- PAYMENT_GATEWAY is sandbox/,
    );
    expect(message).toContain('Set PAYMENT_GATEWAY=sslcommerz');
    expect(message).toContain('ALLOW_SANDBOX_PAYMENTS=1');
    expect(refusal({ ...withoutFlag, PAYMENT_GATEWAY: 'sandbox' })).toContain('- PAYMENT_GATEWAY is sandbox');
    // Anything but 1 is not an explicit allowance.
    expect(refusal({ ...withoutFlag, ALLOW_SANDBOX_PAYMENTS: 'true' })).toContain('ALLOW_SANDBOX_PAYMENTS=1');

    expect(loadConfig({ ...withoutFlag, ALLOW_SANDBOX_PAYMENTS: '1' })).toMatchObject({
      paymentGateway: 'sandbox',
      testPayments: true,
    });
    // A real gateway needs no flag, and its payments are not test payments.
    expect(loadConfig({ ...withoutFlag, PAYMENT_GATEWAY: 'sslcommerz' })).toMatchObject({
      paymentGateway: 'sslcommerz',
      testPayments: false,
    });
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

describe('METRICS_TOKEN', () => {
  it('is optional; unset or empty, /metrics serves this machine only', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '  ' }).metricsToken).toBeUndefined();
    const token = randomSecret();
    expect(loadConfig({ METRICS_TOKEN: token }).metricsToken).toBe(token);
  });

  it('refuses a short token or one with spaces, in any environment, saying what it needs', () => {
    for (const bad of ['short', `${randomSecret().slice(0, 20)} ${randomSecret().slice(0, 20)}`])
      expect(() => loadConfig({ METRICS_TOKEN: bad })).toThrow(
        /METRICS_TOKEN: must be at least 32 visible characters without spaces/,
      );
  });

  it('refuses a published or patterned token in production, like the other secrets', () => {
    expect(() =>
      loadConfig({ ...productionSecrets, METRICS_TOKEN: 'change-me-to-a-third-long-random-string' }),
    ).toThrow(/METRICS_TOKEN is an example value published in this repository/);
    expect(loadConfig({ ...productionSecrets, METRICS_TOKEN: randomSecret() }).metricsToken).toHaveLength(64);
  });
});
