// Starts the Firebase Auth Emulator (firebase-tools) on a chosen port with its accounts kept in a
// data folder between runs. Used by `npm start`, by the test command and by the API tests.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const FIREBASE_PROJECT_ID = 'demo-secondbyte';

/** The running emulator; `logTail()` is its last output, for explaining an unexpected exit. */
export type AuthEmulator = ChildProcess & { logTail(): string };

export async function isEmulatorUp(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/`);
    return res.ok;
  } catch {
    return false;
  }
}

export async function startAuthEmulator({
  port,
  dataDir,
  persist = true,
}: {
  port: number;
  dataDir: string;
  persist?: boolean;
}): Promise<AuthEmulator> {
  const exportDir = path.join(dataDir, 'auth-emulator');
  mkdirSync(dataDir, { recursive: true });
  // A per-run firebase.json so the port can change without editing a committed file.
  const configPath = path.join(dataDir, `firebase.${port}.json`);
  const tmpDir = path.join(dataDir, `emulator-tmp-${port}`);
  mkdirSync(tmpDir, { recursive: true });
  writeFileSync(
    configPath,
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port },
        // The hub and logging emulator default to 4400/4500; pin them next to the auth port so
        // they never take an API port of a parallel stack.
        hub: { host: '127.0.0.1', port: port + 1 },
        logging: { host: '127.0.0.1', port: port + 2 },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const args = [
    'emulators:start',
    '--only',
    'auth',
    '--project',
    FIREBASE_PROJECT_ID,
    '--config',
    configPath,
  ];
  if (persist) {
    if (existsSync(path.join(exportDir, 'firebase-export-metadata.json'))) args.push('--import', exportDir);
    args.push('--export-on-exit', exportDir);
  }
  const bin = path.join(root, 'node_modules', '.bin', 'firebase');
  const spawned = spawn(bin, args, {
    cwd: dataDir,
    // firebase-tools finds "the" running emulator of a project through a locator file in the temp
    // folder; several stacks on one machine (tests beside npm start) would find each other's.
    env: { ...process.env, CI: '1', NO_UPDATE_NOTIFIER: '1', FIREBASE_CLI_EXPERIMENTS: '', TMPDIR: tmpDir },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let log = '';
  const keep = (d: Buffer) => (log = (log + String(d)).slice(-4000));
  spawned.stdout.on('data', keep);
  spawned.stderr.on('data', keep);
  const child: AuthEmulator = Object.assign(spawned, { logTail: () => log });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Auth emulator exited early:\n${log}`);
    if (await isEmulatorUp(port)) return child;
    await new Promise((r) => setTimeout(r, 300));
  }
  child.kill('SIGKILL');
  throw new Error(`Auth emulator did not answer on ${port} within 120 s:\n${log}`);
}

/** SIGINT lets the emulator export its accounts before it exits. */
export async function stopAuthEmulator(child: ChildProcess | null | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.pid === undefined) return;
  const pid = child.pid;
  const exited = new Promise((r) => child.once('exit', r));
  try {
    process.kill(-pid, 'SIGINT');
  } catch {
    child.kill('SIGINT');
  }
  const timeout = new Promise((r) => setTimeout(r, 15_000));
  await Promise.race([exited, timeout]);
  if (child.exitCode === null) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
}
