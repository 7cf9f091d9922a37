import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { emulatorHost } from './test/env';
import { freePort } from './test/api-process';

// The API process itself with NODE_ENV=production (docs/decisions/0028-secure-by-default.md): it
// refuses an Auth Emulator unless ALLOW_AUTH_EMULATOR_IN_PRODUCTION=1, the sandbox gateway unless
// ALLOW_SANDBOX_PAYMENTS=1 and short or published secrets always, seeds the demo accounts only
// with SEED_DEMO_ACCOUNTS=1, and refuses a database that holds them without it.

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDirs: string[] = [];
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

function newDataDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sb-api-production-'));
  dataDirs.push(dir);
  return dir;
}

const production = {
  NODE_ENV: 'production',
  PAYMENT_SIGNING_SECRET: randomBytes(32).toString('hex'),
  API_TOKEN_SECRET: randomBytes(32).toString('hex'),
  // No real gateway in the tests: test payments, allowed by name (refused below without it).
  ALLOW_SANDBOX_PAYMENTS: '1',
  DATABASE_URL: '',
  FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
  LOG_LEVEL: 'info',
};

/**
 * Runs `tsx src/server.ts` until it listens (then stops it with SIGTERM) or exits on its own.
 * Resolves with what it printed and whether it started.
 */
async function runApi(
  env: Record<string, string>,
): Promise<{ started: boolean; code: number | null; output: string }> {
  const port = await freePort();
  const child = spawn(path.join(apiDir, 'node_modules', '.bin', 'tsx'), ['src/server.ts'], {
    cwd: apiDir,
    env: {
      ...process.env,
      ALLOW_AUTH_EMULATOR_IN_PRODUCTION: '',
      SEED_DEMO_ACCOUNTS: '',
      API_HOST: '',
      API_PORT: String(port),
      PUBLIC_API_URL: `http://localhost:${port}/api/v1`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const started = await new Promise<boolean>((resolve) => {
    const timer = setInterval(() => {
      if (output.includes('API listening on')) {
        clearInterval(timer);
        resolve(true);
      } else if (child.exitCode !== null) {
        clearInterval(timer);
        resolve(false);
      }
    }, 200);
  });
  if (started) child.kill('SIGTERM');
  return { started, code: await exited, output };
}

describe('the API process with NODE_ENV=production', () => {
  it('refuses to start with an Auth Emulator host, naming the variables', async () => {
    const run = await runApi({ ...production, DATA_DIR: newDataDir() });
    expect(run.started).toBe(false);
    expect(run.code).not.toBe(0);
    expect(run.output).toContain('Refusing to start in production (NODE_ENV=production)');
    expect(run.output).toContain(`FIREBASE_AUTH_EMULATOR_HOST is set (${emulatorHost()})`);
    expect(run.output).toContain('ALLOW_AUTH_EMULATOR_IN_PRODUCTION=1');
  }, 120_000);

  it('refuses the sandbox gateway without ALLOW_SANDBOX_PAYMENTS=1, and short or published secrets, all at once', async () => {
    const run = await runApi({
      ...production,
      DATA_DIR: newDataDir(),
      ALLOW_AUTH_EMULATOR_IN_PRODUCTION: '1',
      ALLOW_SANDBOX_PAYMENTS: '',
      PAYMENT_SIGNING_SECRET: 'change-me-to-a-long-random-string',
      API_TOKEN_SECRET: 'short-but-random-9f3a',
    });
    expect(run.started).toBe(false);
    expect(run.code).not.toBe(0);
    expect(run.output).toContain('Refusing to start in production (NODE_ENV=production)');
    expect(run.output).toContain('- PAYMENT_SIGNING_SECRET is an example value published in this repository');
    expect(run.output).toContain('- API_TOKEN_SECRET is only 21 characters long');
    expect(run.output).toContain('- PAYMENT_GATEWAY is sandbox (the default)');
    expect(run.output).toContain('ALLOW_SANDBOX_PAYMENTS=1');
  }, 120_000);

  it('with the emulator allowed: seeds no demo accounts unless asked, and refuses a database that holds them', async () => {
    const plain = await runApi({
      ...production,
      DATA_DIR: newDataDir(),
      ALLOW_AUTH_EMULATOR_IN_PRODUCTION: '1',
    });
    expect(plain.started, plain.output).toBe(true);
    // Its first line says that it trusts the emulator's unsigned tokens.
    expect(plain.output.split('\n')[0]).toBe(
      `Trusting the Firebase Auth Emulator at ${emulatorHost()}: ID tokens are not verified (development only)`,
    );
    expect(plain.output).toMatch(/Seeded \d+ categories, \d+ products, \d+ blogs and 0 demo accounts/);

    const dataDir = newDataDir();
    const withDemo = await runApi({
      ...production,
      DATA_DIR: dataDir,
      ALLOW_AUTH_EMULATOR_IN_PRODUCTION: '1',
      SEED_DEMO_ACCOUNTS: '1',
    });
    expect(withDemo.started, withDemo.output).toBe(true);
    expect(withDemo.output).toContain('and 3 demo accounts');

    // The same database, started again without asking for demo accounts.
    const refused = await runApi({
      ...production,
      DATA_DIR: dataDir,
      ALLOW_AUTH_EMULATOR_IN_PRODUCTION: '1',
    });
    expect(refused.started).toBe(false);
    expect(refused.code).not.toBe(0);
    expect(refused.output).toContain(
      'the database holds the demo accounts admin@secondbyte.test, buyer@secondbyte.test, seller@secondbyte.test',
    );
    expect(refused.output).toContain('set SEED_DEMO_ACCOUNTS=1 to run with demo accounts');
  }, 540_000);
});
