// `npm start`: builds the API, the web server and the web packages, then runs the auth emulator, the API
// (which migrates and seeds on first run), the host and the three remotes (web-server/); Ctrl-C or
// SIGTERM stops every child.
import { spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isEmulatorUp, startAuthEmulator, stopAuthEmulator, type AuthEmulator } from './auth-emulator.ts';
import { DEMO_ACCOUNTS_FILE, demoAccounts } from './demo-accounts.ts';
import { resolvePorts, type Ports } from 'web-server/ports';
import { repoRoot } from 'web-server/runtime-config';
import {
  API_MAIN,
  builtMarker,
  isPortFree,
  killGroup,
  recordedPids,
  serviceLogDir,
  spawnService,
  startStaticServer,
  waitForUrl,
  WEB_PACKAGES,
  WEB_SERVER_MAIN,
} from './stack.ts';

const { values: flags } = parseArgs({
  options: { 'no-build': { type: 'boolean' }, fresh: { type: 'boolean' }, quiet: { type: 'boolean' } },
});
const ports = resolvePorts();
const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(repoRoot, '.data'));
const children: ChildProcess[] = [];
let emulator: AuthEmulator | null = null;
let stopping = false;

function exitedWithin(child: ChildProcess, ms: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

async function shutdown(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping SecondByte…');
  // Servers recorded in the pid folder include any a test restarted, not only our own children.
  for (const { pid } of recordedPids(dataDir)) killGroup(pid);
  // The emulator is left to stopAuthEmulator: only SIGINT makes it export its accounts first.
  for (const child of children)
    if (child !== emulator && child.exitCode === null && child.pid) killGroup(child.pid);
  // In parallel: a supervisor (Playwright, systemd) may SIGKILL us if shutdown drags on, and
  // then our detached children would be orphaned.
  await Promise.all([
    stopAuthEmulator(emulator),
    ...children.filter((child) => child !== emulator).map((child) => exitedWithin(child, 5000)),
  ]);
  for (const child of children) if (child.exitCode === null && child.pid) killGroup(child.pid, 'SIGKILL');
  rmSync(path.join(dataDir, 'run'), { recursive: true, force: true });
  process.exit(code);
}

process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

function watch(name: string, child: ChildProcess | AuthEmulator): void {
  children.push(child);
  child.once('exit', (code, signal) => {
    if (stopping) return;
    // One web package's server going away is what fault isolation is for: the rest stays up
    // (the e2e outage test stops one on purpose and starts it again).
    if (Object.keys(WEB_PACKAGES).includes(name)) {
      console.error(`${name} server stopped (${signal ?? code}); the rest of the site keeps running.`);
      return;
    }
    console.error(`${name} exited (${signal ?? code}); stopping everything.`);
    if ('logTail' in child) console.error(child.logTail());
    void shutdown(1);
  });
}

async function main() {
  if (flags.fresh) rmSync(dataDir, { recursive: true, force: true });
  const emulatorAlreadyUp = await isEmulatorUp(ports.authEmulator);
  for (const [name, port] of Object.entries(ports)) {
    if (name === 'authEmulator' && emulatorAlreadyUp) continue;
    if (!(await isPortFree(port))) {
      throw new Error(`Port ${port} (${name}) is already in use. Stop what uses it, or set SB_PORT_OFFSET.`);
    }
  }

  if (!flags['no-build']) {
    console.log('Building the API, the web server, the host and the three remotes…');
    const build = spawnSync('pnpm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('Build failed');
  }
  for (const [name, pkg] of Object.entries(WEB_PACKAGES)) {
    if (!existsSync(builtMarker(name))) {
      throw new Error(`${pkg}/dist is missing: run without --no-build`);
    }
  }
  if (!existsSync(WEB_SERVER_MAIN)) throw new Error('web-server/dist is missing: run without --no-build');
  if (!existsSync(API_MAIN)) throw new Error('api/dist is missing: run without --no-build');

  if (!emulatorAlreadyUp) {
    console.log(`Starting the Firebase Auth Emulator on 127.0.0.1:${ports.authEmulator}…`);
    emulator = await startAuthEmulator({ port: ports.authEmulator, dataDir });
    watch('auth-emulator', emulator);
  }

  const apiEnv = {
    API_PORT: String(ports.api),
    DATA_DIR: dataDir,
    FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? `127.0.0.1:${ports.authEmulator}`,
    GCLOUD_PROJECT: process.env.GCLOUD_PROJECT ?? 'demo-secondbyte',
    WEB_ORIGIN: process.env.WEB_ORIGIN ?? `http://localhost:${ports.host}`,
    PUBLIC_API_URL: process.env.PUBLIC_API_URL ?? `http://localhost:${ports.api}/api/v1`,
  };
  // The compiled API, as in production (docs/decisions/0019-api-compiled-build.md).
  const api = spawnService('api', process.execPath, ['--enable-source-maps', API_MAIN], {
    cwd: path.join(repoRoot, 'api'),
    env: apiEnv,
    quiet: flags.quiet,
    logDir: serviceLogDir(dataDir),
  });
  watch('api', api);
  await waitForUrl(`http://localhost:${ports.api}/api/v1/health/ready`, { timeoutMs: 180_000, child: api });

  for (const name of Object.keys(WEB_PACKAGES)) {
    watch(name, startStaticServer(name, ports[name as keyof Ports], { dataDir, quiet: true }));
  }
  await Promise.all(
    ['catalog', 'dashboard', 'checkout'].map((name) =>
      waitForUrl(`http://localhost:${ports[name as keyof Ports]}/mf-manifest.json`),
    ),
  );
  await waitForUrl(`http://localhost:${ports.host}/remotes.json`);

  printBanner();
}

function printBanner() {
  const accounts = existsSync(DEMO_ACCOUNTS_FILE) ? demoAccounts() : [];
  const lines = [
    '',
    `  SecondByte is running at http://localhost:${ports.host}`,
    '',
    `  API             http://localhost:${ports.api}/api/v1`,
    `  catalog remote  http://localhost:${ports.catalog}`,
    `  dashboard       http://localhost:${ports.dashboard}`,
    `  checkout        http://localhost:${ports.checkout}`,
    `  auth emulator   http://127.0.0.1:${ports.authEmulator}`,
    '',
    '  Demo accounts:',
    ...accounts.map((a) => `    ${a.role.padEnd(7)} ${a.email.padEnd(28)} ${a.password}`),
    '',
    '  Press Ctrl-C to stop.',
    '',
  ];
  console.log(lines.join('\n'));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  void shutdown(1);
});
