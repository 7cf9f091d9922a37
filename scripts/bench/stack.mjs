// Starts the whole stack for the bench the way `npm start` does (scripts/start.mjs), on the bench's
// own ports and data folder, and stops it again however the bench ends.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from '../runtime-config.mjs';
import { killGroup, recordedPids, waitForUrl } from '../stack.mjs';
import { exitOf, tailBuffer } from './processes.mjs';

export const BENCH_DATA_DIR = path.join(repoRoot, '.data-bench');

/**
 * Resolves once every server answers. Rejects, with the end of start.mjs's output, if start.mjs
 * exits first (a port in use, a service that crashes) instead of waiting out the timeout.
 * The dashboard section starts it on a database it seeded itself: its own data folder, `env`
 * (DATABASE_URL) and `fresh: false`.
 */
export async function startStack(ports, { dataDir = BENCH_DATA_DIR, env = {}, fresh = true } = {}) {
  const child = spawn(
    process.execPath,
    [path.join(repoRoot, 'scripts', 'start.mjs'), '--no-build', ...(fresh ? ['--fresh'] : []), '--quiet'],
    {
      cwd: repoRoot,
      env: { ...process.env, ...env, DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group: stopping the stack must not depend on the terminal's Ctrl-C
      // reaching it, and killing the group also reaches anything start.mjs spawned itself.
      detached: true,
    },
  );
  const log = tailBuffer();
  child.stdout.on('data', log.add);
  child.stderr.on('data', log.add);
  const stack = { child, log, dataDir };

  const ready = Promise.all(
    Object.values(healthUrls(ports)).map((url) => waitForUrl(url, { timeoutMs: 240_000 })),
  );
  const died = exitOf(child).then(({ code, signal }) => {
    throw new Error(`the stack (start.mjs) exited with ${signal ?? code} before it was up:\n${log.text()}`);
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
function healthUrls(ports) {
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
export async function stackProblems({ child, log }, ports) {
  const problems = [];
  if (child.exitCode !== null || child.signalCode !== null) {
    problems.push(
      `start.mjs exited with ${child.signalCode ?? child.exitCode}; its last output:\n${log.text()}`,
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
 * start.mjs stops its children on SIGTERM (and lets the auth emulator export its accounts, which
 * takes a few seconds). If it does not manage within the grace period, kill what it recorded.
 */
export async function stopStack({ child, dataDir = BENCH_DATA_DIR }, { graceMs = 30_000 } = {}) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  killGroup(child.pid, 'SIGTERM');
  const stopped = await Promise.race([
    exitOf(child).then(() => true),
    new Promise((resolve) => setTimeout(() => resolve(false), graceMs)),
  ]);
  if (stopped) return;
  console.error('The stack did not stop within 30 s; killing it.');
  for (const { pid } of recordedPids(dataDir)) killGroup(pid, 'SIGKILL');
  killGroup(child.pid, 'SIGKILL');
  await exitOf(child);
}
