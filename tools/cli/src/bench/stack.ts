// Starts the whole stack for the bench the way `npm start` does (../start.ts), on the bench's
// own ports and data folder, and stops it again however the bench ends.
import { spawn, type ChildProcess } from 'node:child_process';
import type { Ports } from 'web-server/ports';
import path from 'node:path';
import { repoRoot } from 'web-server/runtime-config';
import { killGroup, nodeArgsFor, recordedPids, waitForUrl } from '../stack.ts';
import { exitOf, tailBuffer, type TailBuffer } from './processes.ts';

/** The running stack: start.ts as a child in its own process group, and its last output. */
export interface Stack {
  child: ChildProcess;
  log: TailBuffer;
  dataDir: string;
}

export const BENCH_DATA_DIR = path.join(repoRoot, '.data-bench');

/**
 * Resolves once every server answers. Rejects, with the end of start.ts's output, if start.ts
 * exits first (a port in use, a service that crashes) instead of waiting out the timeout.
 * The dashboard section starts it on a database it seeded itself: its own data folder, `env`
 * (DATABASE_URL) and `fresh: false`.
 */
export async function startStack(
  ports: Ports,
  {
    dataDir = BENCH_DATA_DIR,
    env = {},
    fresh = true,
    root = repoRoot,
  }: { dataDir?: string; env?: NodeJS.ProcessEnv; fresh?: boolean; root?: string } = {},
): Promise<Stack> {
  const child = spawn(
    process.execPath,
    [
      ...nodeArgsFor(path.join(root, 'tools', 'cli', 'src', 'start.ts')),
      '--no-build',
      ...(fresh ? ['--fresh'] : []),
      '--quiet',
    ],
    {
      cwd: root,
      env: { ...process.env, ...env, DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group: stopping the stack must not depend on the terminal's Ctrl-C
      // reaching it, and killing the group also reaches anything start.ts spawned itself.
      detached: true,
    },
  );
  const log = tailBuffer();
  child.stdout.on('data', log.add);
  child.stderr.on('data', log.add);
  const stack: Stack = { child, log, dataDir };

  const ready = Promise.all(
    Object.values(healthUrls(ports)).map((url) => waitForUrl(url, { timeoutMs: 240_000 })),
  );
  const died = exitOf(child).then(({ code, signal }) => {
    throw new Error(`the stack (start.ts) exited with ${signal ?? code} before it was up:\n${log.text()}`);
  });
  try {
    await Promise.race([ready, died]);
  } catch (error) {
    await stopStack(stack);
    throw error;
  }
  // From here on a dying stack shows up as failed page loads; keep its last words for that case.
  died.catch(() => {});
  return stack;
}

/** One address per server that answers only once that server is ready. */
function healthUrls(ports: Ports): Record<string, string> {
  return {
    api: `http://localhost:${ports.api}/api/v1/health`,
    catalog: `http://localhost:${ports.catalog}/mf-manifest.json`,
    dashboard: `http://localhost:${ports.dashboard}/mf-manifest.json`,
    checkout: `http://localhost:${ports.checkout}/mf-manifest.json`,
    host: `http://localhost:${ports.host}/remotes.json`,
  };
}

/**
 * What is wrong with a stack that was up, for the message of a failed measurement: a page that
 * does not paint because its server is gone is the stack's fault (or a neighbour's), not the page's.
 */
export async function stackProblems({ child, log }: Stack, ports: Ports): Promise<string[]> {
  const problems: string[] = [];
  if (child.exitCode !== null || child.signalCode !== null) {
    problems.push(
      `start.ts exited with ${child.signalCode ?? child.exitCode}; its last output:\n${log.text()}`,
    );
  }
  for (const [name, url] of Object.entries(healthUrls(ports))) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
      if (!res.ok) problems.push(`${name}: ${url} answers ${res.status}`);
    } catch {
      problems.push(`${name}: ${url} does not answer`);
    }
  }
  return problems;
}

/**
 * start.ts stops its children on SIGTERM (and lets the auth emulator export its accounts, which
 * takes a few seconds). If it does not manage within the grace period, kill what it recorded.
 */
export async function stopStack(
  { child, dataDir = BENCH_DATA_DIR }: Pick<Stack, 'child'> & { dataDir?: string },
  { graceMs = 30_000 } = {},
): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  killGroup(child.pid, 'SIGTERM');
  const stopped = await Promise.race([
    exitOf(child).then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), graceMs)),
  ]);
  if (stopped) return;
  console.error('The stack did not stop within 30 s; killing it.');
  for (const { pid } of recordedPids(dataDir)) killGroup(pid, 'SIGKILL');
  killGroup(child.pid, 'SIGKILL');
  await exitOf(child);
}
