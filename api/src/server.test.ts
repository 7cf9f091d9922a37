import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { loadDemoAccounts } from './seed/seed';
import { emulatorHost } from './test/env';
import { signIn } from './test/harness';
import { freePort } from './test/api-process';

// The contract tools/cli/src/start.ts relies on: `tsx src/server.ts` with API_PORT / DATA_DIR /
// PUBLIC_API_URL migrates and seeds an on-disk PGlite, imports DATA_DIR/images, logs "API listening
// on <url>", serves the seeded images and demo accounts, and exits on SIGTERM.

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sb-api-server-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('tsx src/server.ts', () => {
  it('starts on a fresh data folder, seeds, answers, and stops on SIGTERM', async () => {
    // An upload from before images lived in the database: imported at start, served at its URL.
    const legacy = await sharp({ create: { width: 900, height: 300, channels: 3, background: '#845ef7' } })
      .webp()
      .toBuffer();
    mkdirSync(path.join(dataDir, 'images'), { recursive: true });
    writeFileSync(path.join(dataDir, 'images', 'abcdef0123456789abcdef0123456789.webp'), legacy);
    const port = await freePort();
    const publicApiUrl = `http://localhost:${port}/api/v1`;
    const child = spawn(path.join(apiDir, 'node_modules', '.bin', 'tsx'), ['src/server.ts'], {
      cwd: apiDir,
      env: {
        ...process.env,
        API_PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
        PUBLIC_API_URL: publicApiUrl,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setInterval(() => {
          if (output.includes('API listening on')) {
            clearInterval(timer);
            resolve();
          } else if (child.exitCode !== null) {
            clearInterval(timer);
            reject(new Error(`server exited:\n${output}`));
          }
        }, 200);
      });
      expect(output).toContain(`API listening on ${publicApiUrl}`);

      const health = await fetch(`${publicApiUrl}/health`);
      expect(await health.json()).toMatchObject({ status: 'ok', database: 'pglite' });
      const recent = (await (await fetch(`${publicApiUrl}/recent-product`)).json()) as { image: string }[];
      expect(recent[0]?.image.startsWith(`${publicApiUrl}/images/`)).toBe(true);
      const image = await fetch(recent[0]!.image);
      expect(image.headers.get('content-type')).toBe('image/webp');
      const imported = await fetch(`${publicApiUrl}/images/abcdef0123456789abcdef0123456789.webp`);
      expect(Buffer.from(await imported.arrayBuffer()).equals(legacy)).toBe(true);
      const variant = await fetch(`${publicApiUrl}/images/abcdef0123456789abcdef0123456789-400w.webp`);
      expect(variant.status).toBe(200);

      for (const account of loadDemoAccounts()) {
        const { idToken } = await signIn(account.email, account.password);
        const me = await fetch(`${publicApiUrl}/users/${account.email}`, {
          headers: { authorization: `Bearer ${idToken}` },
        });
        expect(await me.json()).toMatchObject({ email: account.email, role: account.role });
      }
    } finally {
      if (child.exitCode === null) {
        const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
        child.kill('SIGTERM');
        expect(await exited).toBe(0);
      }
    }
  }, 240_000);
});
