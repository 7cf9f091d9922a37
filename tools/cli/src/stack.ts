// Starting and stopping the pieces of the marketplace, shared by `npm start` and the e2e tests.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from 'web-server/runtime-config';

/**
 * Node's arguments that run a TypeScript file of this workspace: Node 20 cannot strip types, so
 * tsx's loader goes first (resolved here, so it works whatever the child's working folder is).
 */
export function nodeArgsFor(script: string): string[] {
  if (!script.endsWith('.ts')) return [script];
  return ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href, script];
}

export const WEB_PACKAGES: Record<string, string> = {
  host: 'host',
  catalog: 'remote-catalog',
  dashboard: 'remote-dashboard',
  checkout: 'remote-checkout',
};

/**
 * The file whose presence in `<package>/dist` says the package was built: the host's page, or a
 * remote's manifest (a production remote has no page: docs/decisions/0015-federation-runtime-size.md).
 */
export function builtMarker(name: string): string {
  return path.join(
    repoRoot,
    WEB_PACKAGES[name] ?? name,
    'dist',
    name === 'host' ? 'index.html' : 'mf-manifest.json',
  );
}

/** The web server's CLI (web-server/src/main.ts), compiled by `pnpm build`. */
export const WEB_SERVER_MAIN = path.join(repoRoot, 'web-server', 'dist', 'main.js');
/** The compiled API (`pnpm --filter api build`). */
export const API_MAIN = path.join(repoRoot, 'api', 'dist', 'server.js');

export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.once('listening', () => server.close(() => resolve(true)));
    server.listen(port, '0.0.0.0');
  });
}

export async function waitForUrl(
  url: string,
  { timeoutMs = 60_000, child }: { timeoutMs?: number; child?: ChildProcess } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

const pidDir = (dataDir: string) => path.join(dataDir, 'run');

/** Each child gets its own process group, so stopping it also stops what it spawned. */
export interface ServiceOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Where the pid file goes (`<dataDir>/run/<name>.pid`), so another process can stop it. */
  dataDir?: string | undefined;
  quiet?: boolean | undefined;
  /** Quiet, its stdout and stderr go to `<logDir>/<name>.log` instead of nowhere (the e2e tests read them). */
  logDir?: string | undefined;
}

/** The folder of a quiet stack's service logs: docs/operations.md, Following one request. */
export const serviceLogDir = (dataDir: string) => path.join(dataDir, 'logs');

function quietOutput(name: string, logDir: string | undefined): 'ignore' | number {
  if (!logDir) return 'ignore';
  mkdirSync(logDir, { recursive: true });
  return openSync(path.join(logDir, `${name}.log`), 'a');
}

export function spawnService(
  name: string,
  command: string,
  args: readonly string[],
  { env, cwd = repoRoot, dataDir, quiet = false, logDir }: ServiceOptions,
): ChildProcess {
  const output = quiet ? quietOutput(name, logDir) : 'pipe';
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', output, output],
    detached: true,
  });
  // The child holds its own copy of the log file's descriptor.
  if (typeof output === 'number') closeSync(output);
  if (!quiet) {
    const prefix = `[${name}] `;
    const forward = (stream: NodeJS.ReadableStream | null, out: NodeJS.WritableStream) =>
      stream?.on('data', (chunk: Buffer) => {
        for (const line of String(chunk).split('\n')) if (line.trim()) out.write(prefix + line + '\n');
      });
    forward(child.stdout, process.stdout);
    forward(child.stderr, process.stderr);
  }
  if (dataDir) {
    mkdirSync(pidDir(dataDir), { recursive: true });
    writeFileSync(path.join(pidDir(dataDir), `${name}.pid`), String(child.pid));
  }
  return child;
}

/**
 * Serves one built web package with web-server (built by `pnpm build`); the e2e tests also use it
 * to bring a stopped remote back. Remotes also serve their promoted releases under
 * /releases/<version>/ (docs/releases.md).
 */
export function startStaticServer(
  name: string,
  port: number,
  { dataDir, quiet }: Pick<ServiceOptions, 'dataDir' | 'quiet'> = {},
): ChildProcess {
  const dist = path.join(repoRoot, WEB_PACKAGES[name] ?? name, 'dist');
  const role = name === 'host' ? ['host'] : ['remote', '--remote', name];
  const args = [WEB_SERVER_MAIN, ...role, '--dist', dist, '--port', String(port)];
  return spawnService(name, process.execPath, args, {
    dataDir,
    quiet,
    logDir: dataDir && serviceLogDir(dataDir),
  });
}

export function killGroup(pid: number, signal: NodeJS.Signals = 'SIGTERM'): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    try {
      process.kill(pid, signal);
      return true;
    } catch {
      return false;
    }
  }
}

/** Stops a service recorded in the pid folder (used by the fault-isolation test). */
export function stopRecordedService(dataDir: string, name: string): void {
  const file = path.join(pidDir(dataDir), `${name}.pid`);
  const pid = Number(readFileSync(file, 'utf8'));
  killGroup(pid);
  rmSync(file, { force: true });
}

export function recordedPids(dataDir: string): { name: string; pid: number }[] {
  try {
    return readdirSync(pidDir(dataDir))
      .filter((f) => f.endsWith('.pid'))
      .map((f) => ({
        name: f.slice(0, -4),
        pid: Number(readFileSync(path.join(pidDir(dataDir), f), 'utf8')),
      }));
  } catch {
    return [];
  }
}
