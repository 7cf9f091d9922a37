import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { emulatorHost } from './env';

// The real API as its own process (`tsx src/server.ts`), for what only a process can show:
// signals, exit codes, a kill -9 and a restart on the same data.

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

export interface ApiProcess {
  child: ChildProcess;
  port: number;
  /** http://127.0.0.1:<port>/api/v1 */
  base: string;
  output(): string;
  /** How the process ended: resolves once the OS has reaped it (so its PGlite files are free). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts the API on `dataDir` (PGlite in `<dataDir>/pglite`) or on `databaseUrl` (PostgreSQL) and
 * resolves once it logged "API listening on". The same port may be passed again for a restart.
 */
export async function startApiProcess(options: {
  dataDir: string;
  databaseUrl?: string;
  port?: number;
  env?: Record<string, string>;
}): Promise<ApiProcess> {
  const port = options.port ?? (await freePort());
  const base = `http://127.0.0.1:${port}/api/v1`;
  // Node itself with tsx's loader, not the `tsx` command: that one runs the server in a child
  // process of its own, so a SIGKILL would end only the wrapper and leave the server running.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env: {
      ...process.env,
      API_HOST: '127.0.0.1',
      API_PORT: String(port),
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
      PUBLIC_API_URL: base,
      LOG_LEVEL: 'info',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('API listening on')) {
        clearInterval(timer);
        resolve();
      } else if (child.exitCode !== null || child.signalCode !== null) {
        clearInterval(timer);
        reject(new Error(`the API exited before listening:\n${output}`));
      }
    }, 100);
  });
  return { child, port, base, output: () => output, exited };
}

/** Sends the signal and waits until the process is gone. */
export async function stopApiProcess(api: ApiProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (api.child.exitCode === null && api.child.signalCode === null) api.child.kill(signal);
  return api.exited;
}

/** Whether a new TCP connection to the port is refused (nothing listens any more). */
export function connectionRefused(port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });
}
